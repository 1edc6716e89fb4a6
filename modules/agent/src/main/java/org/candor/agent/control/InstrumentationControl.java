package org.candor.agent.control;

import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.filter.PatternException;
import org.candor.agent.instrument.CandorTransformer;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;
import org.candor.agent.scheme.Scheme;
import org.candor.agent.scheme.SchemePlan;
import org.candor.agent.snapshot.InstrumentationSnapshots;
import org.candor.agent.snapshot.SnapshotOnExit;
import org.candor.core.analysis.PatternWarnings;
import org.candor.core.model.SnapshotInfo;
import org.candor.probe.Calibration;
import org.candor.probe.CalibrationSettings;
import org.candor.probe.Clock;
import org.candor.probe.HiddenClasses;
import org.candor.probe.Recording;
import org.candor.probe.ThreadRegistry;
import org.candor.probe.ThreadState;

/** Control of an instrumentation session: the probes' recording flag and generation, snapshots, detach. */
final class InstrumentationControl implements ControlledSession {

    /** By {@link Calibration.Warmup} phase. */
    private static final String[] WARMUP_PHASES = {"waiting", "active", "done"};

    private AgentOptions options;
    private Scheme scheme;
    private final Instrumentation inst;
    private final CandorTransformer transformer;
    private final MethodRegistry registry;
    private final InstrumentationStats stats;
    private final InstrumentationSnapshots snapshots;
    private SnapshotOnExit onExit;
    private String origin;
    private int resets;
    private Detacher.Result detached;

    InstrumentationControl(AgentOptions options, Instrumentation inst, CandorTransformer transformer, Scheme scheme,
                           MethodRegistry registry, InstrumentationStats stats, InstrumentationSnapshots snapshots,
                           SnapshotOnExit onExit, String origin) {
        this.options = options;
        this.inst = inst;
        this.transformer = transformer;
        this.scheme = scheme;
        this.registry = registry;
        this.stats = stats;
        this.snapshots = snapshots;
        this.onExit = onExit;
        this.origin = origin;
    }

    @Override
    public synchronized Reply start() {
        if (detached != null) return gone();
        if (waitingForStart()) {
            Instant at = Instant.now();
            snapshots.recordingStarted(at);
            Recording.start();
            return Reply.ok("recording (the delayed start; calibrated since the session began)")
                    .put("recording.start", at)
                    .put("calibration.warmup.events", Calibration.warmupEvents());
        }
        Recording.start();
        return Reply.ok("recording");
    }

    /** A delayed start that has not started yet. */
    private boolean waitingForStart() {
        return options.delayedStart() && snapshots.recordingStart() == null;
    }

    @Override
    public synchronized Reply stop() {
        if (detached != null) return gone();
        if (waitingForStart()) return Reply.ok("stopped already: the delayed start waits for 'start'");
        Recording.stop();
        return Reply.ok("stopped (instrumentation stays; 'start' records again)");
    }

    @Override
    public synchronized Reply reset() {
        if (detached != null) return gone();
        return clearResults(Reply.ok("collected results cleared"));
    }

    /** Every thread's tree cleared from now on; the reply gets the new generation and the time. */
    private Reply clearResults(Reply r) {
        Instant at = Instant.now();
        int generation = Recording.reset();
        snapshots.resetAt(at);
        resets++;
        return r.put("generation", generation).put("reset.time", at);
    }

    @Override
    public synchronized Reply snapshot(Path file) {
        if (detached != null) return gone();
        return write(file, 0);
    }

    @Override
    public synchronized Reply live(Path file, int pathsPerThread) {
        if (detached != null) return gone();
        return write(file, pathsPerThread);
    }

    /** With {@code pathsPerThread} 0, the whole snapshot. */
    private Reply write(Path file, int pathsPerThread) {
        int threads;
        try {
            threads = pathsPerThread > 0 ? snapshots.writeLive(file, pathsPerThread) : snapshots.writeTo(file);
        } catch (java.io.IOException | RuntimeException e) {
            return Reply.error("cannot write snapshot " + file + ": " + e.getMessage());
        }
        return Reply.ok("wrote " + file).put("file", file).put("threads", threads);
    }

    @Override
    public synchronized Reply detach(Path finalSnapshot) {
        if (detached != null) return gone();
        Reply written = null;
        if (finalSnapshot != null) {
            written = write(finalSnapshot, 0);
            if (!written.ok) return written;
        }
        Recording.detach();
        onExit.cancel();
        scheme.stop();
        detached = Detacher.restore(inst, transformer, registry);
        Reply r = detached.failed == 0 ? Reply.ok("detached: original bytecode restored") : Reply.ok("detached, but "
                + detached.failed + " classes kept their probes (they record nothing): " + detached.firstFailure);
        r.put("classes.restored", detached.restored).put("classes.failed", detached.failed);
        if (written != null) r.put("file", finalSnapshot);
        return r;
    }

    @Override
    public synchronized Reply set(String changes) {
        if (detached != null) return gone();
        SchemePlan plan;
        try {
            plan = SchemePlan.of(options.withChanges(changes));
        } catch (OptionException | PatternException e) {
            return Reply.error(e.getMessage() + "; nothing changed");
        }
        AgentOptions next = plan.options;
        ClassFilter filter = plan.filter;
        Scheme nextScheme = plan.scheme;
        SettingChanges.Result done = SettingChanges.apply(inst, transformer, stats, scheme, filter, nextScheme);
        options = next;
        scheme = nextScheme;
        snapshots.reconfigured(next, nextScheme);
        Reply r = Reply.ok("settings changed; collected results cleared");
        settings(r);
        r.put("classes.retransformed", done.classesRebuilt)
                .put("classes.instrumented", stats.classesWithProbes())
                .put("methods.instrumented", stats.methodsInstrumented())
                .put("change.ms", done.nanos / 1_000_000);
        return clearResults(r);
    }

    private void settings(Reply r) {
        r.put("scheme", options.scheme().name().toLowerCase(Locale.ROOT))
                .put("roots", String.join(",", options.roots()))
                .put("include", String.join(",", options.includes()))
                .put("exclude", String.join(",", options.excludes()));
    }

    private Reply gone() {
        return Reply.error("the session was detached: nothing is recorded any more; 'candor attach' starts a new one");
    }

    @Override
    public Reply classes(String text) {
        return LoadedCode.classes(inst, text);
    }

    @Override
    public Reply methods(String className) {
        return LoadedCode.methods(inst, className);
    }

    @Override
    public synchronized Reply resume(String settings) {
        if (detached == null) return Reply.error("a session is running: resume starts a new one after a detach");
        SchemePlan plan;
        try {
            plan = SchemePlan.of(options.forNewSession(ResumeMode.check(settings, ResumeMode.INSTRUMENT)));
        } catch (OptionException | PatternException e) {
            return Reply.error(e.getMessage() + "; the JVM stays as it is, without probes");
        }
        AgentOptions next = plan.options;
        ClassFilter filter = plan.filter;
        Scheme nextScheme = plan.scheme;
        long startNanos = System.nanoTime();
        // the detach restored every class and took the transformer away: this is a session's start over again
        stats.allRestored();
        options = next;
        scheme = nextScheme;
        transformer.reconfigure(filter, nextScheme);
        HiddenClasses.install(transformer);
        Recording.reset();
        snapshots.newSession(next, nextScheme, Instant.now());
        resets = 0;
        Recording.resume();
        inst.addTransformer(transformer, true);
        nextScheme.start(inst, java.util.Collections.emptyList());
        onExit = new SnapshotOnExit(next, snapshots).install();
        detached = null;
        origin = "attach";
        Reply r = Reply.ok("a new session: recording");
        settings(r);
        return r.put("classes.instrumented", stats.classesWithProbes())
                .put("methods.instrumented", stats.methodsInstrumented())
                .put("output", onExit.target())
                .put("start.ms", (System.nanoTime() - startNanos) / 1_000_000);
    }

    @Override
    public synchronized Reply status() {
        String state = detached != null ? "detached" : Recording.recording() ? "recording" : "stopped";
        Reply r = Reply.ok(state)
                .put("protocol", ControlProtocol.VERSION)
                .put("pid", ProcessHandle.current().pid())
                .put("state", state)
                .put("mode", "instrumentation");
        settings(r);
        r.put("recording", Recording.recording() ? "on" : "off")
                .put("start", options.delayedStart() ? "delayed" : "now");
        if (options.delayedStart()) r.put("recording.start", waitingForStart() ? "waiting" : snapshots.recordingStart());
        r.put("calibration", CalibrationSettings.modeName(CalibrationSettings.mode()));
        if (CalibrationSettings.mode() != CalibrationSettings.OFF) {
            r.put("calibration.warmup", WARMUP_PHASES[Calibration.warmupPhase()])
                    .put("calibration.warmup.events", Calibration.warmupEvents());
        }
        r.put("started.by", origin)
                .put("clock", Clock.sourceName())
                .put("metric", Clock.metric())
                .put("session.start", snapshots.sessionStart())
                .put("uptime.ms", Duration.between(snapshots.sessionStart(), Instant.now()).toMillis())
                .put("data.start", snapshots.dataStart())
                .put("resets", resets);
        ThreadState[] threads = ThreadRegistry.current();
        long calls = 0;
        long dropped = 0;
        for (ThreadState t : threads) {
            calls += t.calls();
            dropped += t.droppedCalls();
        }
        r.put("threads", threads.length).put("calls", calls).put("calls.dropped", dropped);
        try {
            JvmTelemetry.addTo(r);
        } catch (LinkageError noManagement) {
            // JvmTelemetry itself could not load (a runtime without java.management): no telemetry
        }
        if (detached == null) {
            // patterns that matched nothing loaded so far: an attach says so at once, not only at exit
            SnapshotInfo patterns = new SnapshotInfo();
            scheme.addInfo(patterns);
            List<String> warnings = PatternWarnings.lines(patterns);
            for (int i = 0; i < warnings.size(); i++) r.put("warning." + (i + 1), warnings.get(i));
            r.put("classes.instrumented", stats.classesWithProbes())
                    .put("methods.instrumented", stats.methodsInstrumented())
                    .put("output", onExit.target());
        } else {
            r.put("classes.instrumented", 0)
                    .put("classes.restored", detached.restored)
                    .put("classes.failed", detached.failed)
                    .put("probe.events_after_detach", Recording.eventsAfterDetach())
                    .put("output", "none (detached)");
        }
        return r;
    }
}
