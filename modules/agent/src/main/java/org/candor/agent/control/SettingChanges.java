package org.candor.agent.control;

/**
 * The {@code set} command (roots, scheme, filters of a running session). This is the one place it will be wired to
 * the schemes once they can change their roots and filters while running; until then every request is answered
 * with the same error, and nothing changes.
 */
final class SettingChanges {

    private SettingChanges() {}

    static Reply apply(String arguments) {
        return Reply.error("'set " + arguments.trim() + "': changing roots, scheme or filters is not supported in this"
                + " session yet; detach and attach again with the new options");
    }
}
