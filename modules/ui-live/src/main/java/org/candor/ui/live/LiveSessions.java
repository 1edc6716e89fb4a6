package org.candor.ui.live;

import java.nio.file.Path;
import java.util.List;
import org.candor.client.AgentAttach;
import org.candor.client.ClientException;
import org.candor.client.ControlClient;
import org.candor.client.JavaCommand;
import org.candor.client.JvmDetails;
import org.candor.client.LocalJvms;
import org.candor.client.ProfileLaunch;
import org.candor.ui.model.RefreshPace;
import org.candor.ui.model.SessionStatus;
import org.candor.ui.model.analyze.AnalyzeSettings;

/**
 * What the Running JVMs window does, with no Swing in it: the same client calls as {@code candor list},
 * {@code candor attach} and {@code candor ctl}. Every method may block (sockets, the Attach API): call it off the
 * event thread.
 */
final class LiveSessions {

    List<LocalJvms.Jvm> jvms() {
        return LocalJvms.list();
    }

    /** What /proc tells of a JVM: owner, command line, JDK (nothing is attached to read it). */
    JvmDetails details(long pid) {
        return JvmDetails.of(pid);
    }

    /**
     * Starts a session in {@code pid} with these settings (instrumentation or sampling, as the task says); its snapshot
     * goes to {@code atExit} when the program ends.
     */
    void attach(long pid, AnalyzeSettings settings, Path atExit) throws ClientException {
        new AgentAttach(InstalledAgent.locate(), settings.profileSettings(atExit)).attach(pid);
    }

    /**
     * New settings for a running session ({@code candor ctl PID set}): scheme, roots and the whole filter lists, so
     * nothing of the old settings stays; the session is re-instrumented and its results start afresh.
     */
    ControlClient.Reply change(long pid, AnalyzeSettings settings) throws ClientException {
        return command(pid, settings.setCommand());
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
    Process launch(List<String> command, Path workingDirectory, AnalyzeSettings settings, Path atExit, Path log)
            throws ClientException {
        return new ProfileLaunch(InstalledAgent.locate(), settings.profileSettings(atExit), JavaCommand.of(command))
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

    /** A live view's snapshot: each thread's heaviest {@link RefreshPace#LIVE_PATHS_PER_THREAD} paths, the rest summed. */
    ControlClient.Reply live(long pid, Path file) throws ClientException {
        return command(pid, "live " + RefreshPace.LIVE_PATHS_PER_THREAD + " " + file.toAbsolutePath());
    }
}
