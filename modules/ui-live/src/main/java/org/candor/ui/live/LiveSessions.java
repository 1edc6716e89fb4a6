package org.candor.ui.live;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.AgentAttach;
import org.candor.client.ClientException;
import org.candor.client.ControlClient;
import org.candor.client.JavaCommand;
import org.candor.client.LocalJvms;
import org.candor.client.ProfileLaunch;
import org.candor.client.ProfileSettings;
import org.candor.ui.model.SessionStatus;

/**
 * What the Running JVMs window does, with no Swing in it: the same client calls as {@code candor list},
 * {@code candor attach} and {@code candor ctl}. Every method may block (sockets, the Attach API): call it off the
 * event thread.
 */
final class LiveSessions {

    List<LocalJvms.Jvm> jvms() {
        return LocalJvms.list();
    }

    /**
     * Starts an instrumentation session in {@code pid} with the form's scheme, roots and include patterns (each list
     * comma-separated, empty: none); its snapshot goes to {@code atExit} when the program ends.
     */
    void attach(long pid, AttachSettings form, Path atExit) throws ClientException {
        new AgentAttach(InstalledAgent.locate(), settings(form, atExit)).attach(pid);
    }

    /** A session's settings from the window's form, checked: the same for an attach and a launch. */
    private static ProfileSettings settings(AttachSettings form, Path atExit) throws ClientException {
        ProfileSettings settings = new ProfileSettings().option("quiet").scheme(form.scheme).output(atExit);
        if (!form.roots.isBlank()) settings.root(form.roots);
        if (!form.include.isBlank()) settings.include(form.include);
        settings.validate();
        return settings;
    }

    /**
     * New settings for a running session ({@code candor ctl PID set}): the control channel's {@code set} line for this
     * scheme, roots and include patterns. An empty include means every class again ({@code **}: the default
     * excludes still apply), as at attach; a Total session without roots drops them.
     */
    ControlClient.Reply change(long pid, AttachSettings form) throws ClientException {
        StringBuilder line = new StringBuilder("set scheme=").append(form.scheme);
        if (!form.roots.isBlank()) line.append(",root=").append(form.roots.trim());
        line.append(",include=").append(form.include.isBlank() ? "**" : form.include.trim());
        return command(pid, line.toString());
    }

    /** One control command ({@code docs/formats/control.md}); a refusal comes back as a reply that is not ok. */
    ControlClient.Reply command(long pid, String line) throws ClientException {
        try (ControlClient c = ControlClient.connect(pid, 10_000)) {
            return c.command(line);
        }
    }

    /**
     * Starts {@code command} with a session (as {@code candor profile} does, but without waiting): output and errors to
     * {@code log}, the snapshot at its end to {@code atExit}.
     */
    Process launch(List<String> command, Path workingDirectory, AttachSettings form, Path atExit, Path log)
            throws ClientException {
        return new ProfileLaunch(InstalledAgent.locate(), settings(form, atExit), JavaCommand.of(command))
                .start(log, workingDirectory);
    }

    /** The bundled demo program, ready to launch with this java: {@code java -jar candor-demo.jar}. */
    List<String> demoCommand(String java) throws ClientException {
        return List.of(java, "-jar", InstalledAgent.demoJar().toString());
    }

    /** The session's status, parsed once; a refusal or no answer is an unreachable session, with why. */
    SessionStatus status(long pid) {
        try {
            ControlClient.Reply r = command(pid, "status");
            return r.ok ? SessionStatus.parse(r.fields) : SessionStatus.unreachable(r.text);
        } catch (ClientException e) {
            return SessionStatus.unreachable(e.getMessage());
        }
    }

    ControlClient.Reply snapshot(long pid, Path file) throws ClientException {
        return command(pid, "snapshot " + file.toAbsolutePath());
    }
}
