package org.candor.ui.live;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.AgentAttach;
import org.candor.client.ClientException;
import org.candor.client.ControlClient;
import org.candor.client.LocalJvms;
import org.candor.client.ProfileSettings;

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
     * Starts an instrumentation session in {@code pid}.
     *
     * @param scheme  total, lazy or eager
     * @param roots   root method patterns, comma-separated (empty: none)
     * @param include include patterns, comma-separated (empty: the default filters)
     * @param atExit  where the session's snapshot goes when the program ends
     */
    void attach(long pid, String scheme, String roots, String include, Path atExit) throws ClientException {
        ProfileSettings settings = new ProfileSettings().option("quiet").scheme(scheme).output(atExit);
        if (!roots.isBlank()) settings.root(roots);
        if (!include.isBlank()) settings.include(include);
        settings.validate();
        new AgentAttach(InstalledAgent.locate(), settings).attach(pid);
    }

    /**
     * New settings for a running session ({@code candor ctl PID set}): the control channel's {@code set} line for this
     * scheme, roots and include patterns. An empty include means every class again ({@code **}: the default
     * excludes still apply), as at attach; a Total session without roots drops them.
     */
    ControlClient.Reply change(long pid, String scheme, String roots, String include) throws ClientException {
        StringBuilder line = new StringBuilder("set scheme=").append(scheme);
        if (!roots.isBlank()) line.append(",root=").append(roots.trim());
        line.append(",include=").append(include.isBlank() ? "**" : include.trim());
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
    Process launch(List<String> command, Path workingDirectory, String scheme, String roots, String include, Path atExit,
                   Path log) throws ClientException {
        ProfileSettings settings = new ProfileSettings().option("quiet").scheme(scheme).output(atExit);
        if (!roots.isBlank()) settings.root(roots);
        if (!include.isBlank()) settings.include(include);
        settings.validate();
        org.candor.client.JavaCommand target = org.candor.client.JavaCommand.of(command);
        return new org.candor.client.ProfileLaunch(InstalledAgent.locate(), settings, target)
                .start(log, workingDirectory);
    }

    /** The bundled demo program, ready to launch with this java: {@code java -jar candor-demo.jar}. */
    List<String> demoCommand(String java) throws ClientException {
        return List.of(java, "-jar", InstalledAgent.demoJar().toString());
    }

    /**
     * What the session says is wrong with its settings so far (an include or root that matched nothing the program
     * loaded), as the lines {@code candor ctl PID status} shows.
     */
    List<String> warnings(long pid) throws ClientException {
        ControlClient.Reply status = command(pid, "status");
        List<String> out = new java.util.ArrayList<>();
        for (int i = 1; status.get("warning." + i) != null; i++) out.add(status.get("warning." + i));
        return out;
    }

    ControlClient.Reply snapshot(long pid, Path file) throws ClientException {
        return command(pid, "snapshot " + file.toAbsolutePath());
    }
}
