package org.candor.agent.control;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import org.candor.agent.AgentLog;
import org.candor.agent.instrument.CandorTransformer;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.sampling.SamplingSnapshots;
import org.candor.agent.scheme.Scheme;
import org.candor.agent.snapshot.InstrumentationSnapshots;
import org.candor.agent.snapshot.SnapshotOnExit;

/**
 * Opens the session's control channel ({@code docs/formats/control.md}): the loopback server and the session file
 * that names its port and secret, removed at exit. A channel that cannot open costs a warning, never the session.
 * In a sampling session the server's thread asks libcandor.so not to sample it (it waits on its socket, and would
 * take a share of the wall sampler's signals).
 */
public final class ControlChannel {

    private static volatile boolean open;
    private static volatile boolean started;

    private ControlChannel() {}

    /** True once a session started in this JVM, with or without its channel (a second attach is refused). */
    public static boolean sessionStarted() { return started; }

    /** Returns whether the channel is open (false: a warning was printed, the session runs without it). */
    public static boolean openInstrumentation(AgentOptions options, Instrumentation inst, CandorTransformer transformer,
                                              Scheme scheme, MethodRegistry registry, InstrumentationStats stats,
                                              InstrumentationSnapshots snapshots, SnapshotOnExit onExit) {
        return open(new InstrumentationControl(options, inst, transformer, scheme, registry, stats, snapshots, onExit,
                AttachGuard.origin()), "instrumentation");
    }

    /** The channel of a sampling session (launched by libcandor.so's {@code session=}, by premain, or attached). */
    public static boolean openSampling(AgentOptions options, SamplingSnapshots snapshots, SnapshotOnExit onExit) {
        return open(new SamplingControl(options, snapshots, onExit, AttachGuard.origin()), "sample");
    }

    private static synchronized boolean open(ControlledSession session, String mode) {
        started = true;
        if (open) return true;
        ControlServer server = null;
        SocketOwner.prepare();  // bound by libcandor.so now, not on the first connection
        try {
            server = ControlServer.start(session);
            long pid = ProcessHandle.current().pid();
            String text = "version=" + ControlProtocol.VERSION + "\npid=" + pid + "\nhost=127.0.0.1\nport=" + server.port()
                    + "\nsecret=" + server.secret() + "\nmode=" + mode + "\n";
            SessionFile file = SessionFile.write(pid, text);
            ControlServer running = server;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                running.close();
                file.delete();
            }, "candor-control-exit"));
            open = true;
            AgentLog.debug("control channel on 127.0.0.1:" + server.port() + ", session file " + file.path());
            return true;
        } catch (IOException | RuntimeException e) {
            if (server != null) server.close();
            AgentLog.warn("no control channel (candor ctl cannot reach this session): " + e.getMessage());
            return false;
        }
    }
}
