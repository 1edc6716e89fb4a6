package org.candor.agent.control;

import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where session files live, for the agent that writes them ({@link SessionFile}) and the tools that look for them
 * ({@code org.candor.client.SessionFiles}): {@code $XDG_RUNTIME_DIR/candor}, or {@code ${java.io.tmpdir}/candor-<user>}.
 */
public final class SessionDirectories {

    private SessionDirectories() {}

    /** {@code $XDG_RUNTIME_DIR/candor}, or null when the variable is not set. */
    public static Path runtime() {
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        return runtime == null || runtime.isEmpty() ? null : Paths.get(runtime, "candor");
    }

    /** {@code ${java.io.tmpdir}/candor-<user>}: where they go without a runtime directory. */
    public static Path temporary() {
        return Paths.get(System.getProperty("java.io.tmpdir"), "candor-" + System.getProperty("user.name"));
    }
}
