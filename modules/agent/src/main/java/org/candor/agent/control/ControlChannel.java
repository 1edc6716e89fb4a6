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
import org.candor.agent.snapshot.SessionInfo;
import org.candor.agent.snapshot.SnapshotOnExit;

/**
 * Opens the session's control channel ({@code docs/formats/control.md}): the loopback server and the session file
 * that names its port and secret, removed at exit. A channel that cannot open costs a warning, never the session.
 * In a sampling session each of the channel's threads asks libcandor.so not to sample it (they wait on their sockets,
 * and would take a share of the wall sampler's signals).
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

    /**
     * The channel of a sampling session. Attached, it opens before the attach returns (the attaching tool asks for
     * its status next). Launched (libcandor.so's {@code session=} at VMInit, or premain), it opens on the server's own
     * thread, so that {@code main} does not wait for it: binding a socket and writing the session file load some
     * hundred classes, tens of milliseconds of a start-up that launching without {@code -javaagent} was meant to
     * spare. A tool may then find no session file for those first milliseconds.
     */
    public static void openSampling(AgentOptions options, SamplingSnapshots snapshots, SnapshotOnExit onExit,
                                    boolean attach) {
        SamplingControl session = new SamplingControl(options, snapshots, onExit, AttachGuard.origin());
        if (attach) {
            open(session, "sample");
            return;
        }
        synchronized (ControlChannel.class) {
            started = true;  // a second session is refused from now on
        }
        Thread t = new Thread(new Opening(session), ControlServer.THREAD_NAME);
        t.setDaemon(true);
        t.start();
    }

    /** Opens the channel and serves it, on the thread that runs this. */
    private static final class Opening implements Runnable {
        private final ControlledSession session;

        Opening(ControlledSession session) {
            this.session = session;
        }

        @Override public void run() {
            ControlServer server = openServer(session, "sample", false);
            if (server != null) server.run();
        }
    }

    /** At exit: the server closes and the session file goes. A class, not a lambda: no LambdaMetafactory at start. */
    private static final class Closing implements Runnable {
        private final ControlServer server;
        private final SessionFile file;
        private final boolean sampling;

        Closing(ControlServer server, SessionFile file, boolean sampling) {
            this.server = server;
            this.file = file;
            this.sampling = sampling;
        }

        @Override public void run() {
            // one of the agent's own threads: not in the program's profile (a wall sampler would catch it waiting)
            if (sampling) org.candor.agent.sampling.SamplerControl.ignoreCurrentThread();
            server.close();
            file.delete();
        }
    }

    private static boolean open(ControlledSession session, String mode) {
        return openServer(session, mode, true) != null || open;
    }

    /**
     * Binds the server (serving on a thread of its own when {@code ownThread}) and writes the session file; null when
     * a channel is open already or this one cannot open (a warning was printed).
     */
    private static synchronized ControlServer openServer(ControlledSession session, String mode, boolean ownThread) {
        started = true;
        if (open) return null;
        ControlServer server = null;
        SocketOwner.prepare();  // bound by libcandor.so now, not on the first connection
        try {
            server = ownThread ? ControlServer.start(session) : ControlServer.bind(session);
            long pid = SessionInfo.pid();
            String text = "version=" + ControlProtocol.VERSION + "\npid=" + pid + "\nhost=127.0.0.1\nport=" + server.port()
                    + "\nsecret=" + server.secret() + "\nmode=" + mode + "\n";
            SessionFile file = SessionFile.write(pid, text);
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(new Closing(server, file, "sample".equals(mode)),
                        "candor-control-exit"));
            } catch (IllegalStateException exiting) {
                // the program ended while a launched session's channel was still opening: nobody will need it
                file.delete();
                server.close();
                return null;
            }
            open = true;
            AgentLog.debug("control channel on 127.0.0.1:" + server.port() + ", session file " + file.path());
            return server;
        } catch (IOException | RuntimeException e) {
            if (server != null) server.close();
            AgentLog.warn("no control channel (candor ctl cannot reach this session): " + e.getMessage());
            return null;
        }
    }
}
