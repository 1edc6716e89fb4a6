package org.candor.agent.control;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;
import org.candor.agent.sampling.SamplerControl;
import org.candor.agent.sampling.SamplingSnapshots;
import org.candor.agent.snapshot.SessionInfo;
import org.candor.agent.snapshot.SnapshotOnExit;

/**
 * Control of a sampling session: libcandor.so's sampler paused and resumed (its timers closed and armed again),
 * its trees emptied or copied while it samples, a detach and a new session after it. Roots, schemes and the loaded
 * classes belong to instrumentation: those commands are refused with one line.
 */
final class SamplingControl implements ControlledSession {

    private AgentOptions options;
    private final SamplingSnapshots snapshots;
    private SnapshotOnExit onExit;
    private String origin;
    private int resets;
    private boolean detached;

    SamplingControl(AgentOptions options, SamplingSnapshots snapshots, SnapshotOnExit onExit, String origin) {
        this.options = options;
        this.snapshots = snapshots;
        this.onExit = onExit;
        this.origin = origin;
    }

    @Override
    public void serverThreadStarted() {
        // it waits on its socket most of the time: in wall mode it would take a share of every tick's signals
        SamplerControl.ignoreCurrentThread();
    }

    @Override
    public synchronized Reply start() {
        if (detached) return gone();
        if (!SamplerControl.resume()) return ended();
        return Reply.ok("sampling");
    }

    @Override
    public synchronized Reply stop() {
        if (detached) return gone();
        if (!SamplerControl.pause()) return ended();
        return Reply.ok("stopped: no sampling signal reaches the program until 'start'");
    }

    @Override
    public synchronized Reply reset() {
        if (detached) return gone();
        Instant at = Instant.now();
        if (!SamplerControl.reset()) return ended();
        snapshots.resetAt(at);
        resets++;
        return Reply.ok("collected results cleared").put("resets", resets).put("reset.time", at);
    }

    @Override
    public synchronized Reply snapshot(Path file) {
        if (detached) return gone();
        return write(file, 0);
    }

    @Override
    public synchronized Reply live(Path file, int pathsPerThread) {
        if (detached) return gone();
        return write(file, pathsPerThread);
    }

    /** With {@code pathsPerThread} 0, the whole snapshot. */
    private Reply write(Path file, int pathsPerThread) {
        int threads;
        try {
            threads = pathsPerThread > 0 ? snapshots.writeLive(file, pathsPerThread) : snapshots.writeNow(file);
        } catch (java.io.IOException | RuntimeException e) {
            return Reply.error("cannot write snapshot " + file + ": " + e.getMessage());
        }
        return Reply.ok("wrote " + file).put("file", file).put("threads", threads);
    }

    @Override
    public synchronized Reply detach(Path finalSnapshot) {
        if (detached) return gone();
        Reply written = null;
        if (finalSnapshot != null) {
            written = write(finalSnapshot, 0);
            if (!written.ok) return written;
        }
        if (!SamplerControl.pause()) return ended();
        SamplerControl.reset();  // the trees' memory goes back too
        onExit.cancel();
        detached = true;
        Reply r = Reply.ok("detached: sampling stopped, no signal reaches the program; 'candor attach' starts a new session");
        if (written != null) r.put("file", finalSnapshot);
        return r;
    }

    @Override
    public Reply set(String changes) {
        return Reply.error("set changes the roots, scheme and filters of instrumentation; a sampling session samples"
                + " every method (its event and interval are fixed when it starts)");
    }

    @Override
    public Reply classes(String text) {
        return Reply.error("classes lists loaded classes to choose roots for instrumentation; a sampling session has none");
    }

    @Override
    public Reply methods(String className) {
        return Reply.error("methods lists a class's methods to choose roots for instrumentation; a sampling session has none");
    }

    @Override
    public synchronized Reply resume(String settings) {
        if (!detached) return Reply.error("a session is running: resume starts a new one after a detach");
        AgentOptions next;
        try {
            SamplerControl.Figures sampler = SamplerControl.figures();
            next = SamplingResume.options(options, settings, sampler.wall ? "wall" : "cpu", sampler.requestedIntervalNanos);
        } catch (OptionException e) {
            return Reply.error(e.getMessage() + "; the JVM stays as it is, not sampled");
        }
        Instant at = Instant.now();
        if (!SamplerControl.reset() || !SamplerControl.resume()) return ended();
        options = next;
        snapshots.newSession(next, at);
        onExit = new SnapshotOnExit(next, snapshots).install();
        detached = false;
        origin = "attach";
        resets = 0;
        SamplerControl.Figures f = SamplerControl.figures();
        return Reply.ok("a new session: sampling")
                .put("event", f.wall ? "wall" : "cpu")
                .put("interval.ns", f.intervalNanos)
                .put("output", onExit.target());
    }

    @Override
    public synchronized Reply status() {
        SamplerControl.Figures f = SamplerControl.figures();
        String state = detached ? "detached" : f.paused ? "stopped" : "recording";
        Reply r = Reply.ok(state)
                .put("protocol", ControlProtocol.VERSION)
                .put("pid", SessionInfo.pid())
                .put("state", state)
                .put("mode", "sample")
                .put("event", f.wall ? "wall" : "cpu")
                .put("interval.ns", f.intervalNanos)
                .put("timer", f.timer)
                .put("recording", !detached && !f.paused ? "on" : "off")
                .put("started.by", origin)
                .put("session.start", snapshots.sessionStart())
                .put("uptime.ms", Duration.between(snapshots.sessionStart(), Instant.now()).toMillis())
                .put("data.start", snapshots.dataStart())
                .put("resets", resets)
                .put("threads", f.threads)
                .put("samples", f.samples)
                .put("samples.delivered", f.delivered)
                .put("samples.failed", f.failed)
                .put("samples.dropped", f.dropped)
                .put("threads.sampled", f.threadsSampled);
        try {
            JvmTelemetry.addTo(r);
        } catch (LinkageError noManagement) {
            // JvmTelemetry itself could not load (a runtime without java.management): no telemetry
        }
        return r.put("output", detached ? "none (detached)" : onExit.target().toString());
    }

    private static Reply gone() {
        return Reply.error("the session was detached: nothing is sampled any more; 'candor attach' starts a new one");
    }

    private static Reply ended() {
        return Reply.error("sampling has ended (the JVM is exiting)");
    }
}
