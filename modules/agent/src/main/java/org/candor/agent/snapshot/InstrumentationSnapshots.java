package org.candor.agent.snapshot;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.candor.agent.calibration.CalibrationSession;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.scheme.Scheme;
import org.candor.core.model.MeasuredMetric;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotStreamWriter;
import org.candor.core.snapshot.TreeCut;
import org.candor.probe.Clock;
import org.candor.probe.ThreadRegistry;
import org.candor.probe.ThreadState;
import org.candor.probe.ThreadTreeCopy;

/** The snapshot of an instrumentation session: the probes' trees plus what instrumentation did. */
public final class InstrumentationSnapshots implements SnapshotSource {

    private volatile AgentOptions options;
    private final MethodRegistry registry;
    private final InstrumentationStats stats;
    private final ClockRate clockRate = new ClockRate();
    private volatile Instant sessionStart = Instant.now();
    /** The start of what a snapshot holds: the session's start, the last reset, or a delayed start's start. */
    private volatile Instant start = sessionStart;
    private volatile Instant resetTime;
    /** A delayed start ({@code start=delayed}): when recording began; null until then. */
    private volatile Instant recordingStart;

    private final CalibrationSession calibration;
    private volatile Scheme scheme;

    public InstrumentationSnapshots(AgentOptions options, MethodRegistry registry, InstrumentationStats stats,
                                    CalibrationSession calibration, Scheme scheme) {
        this.calibration = calibration;
        this.scheme = scheme;
        this.options = options;
        this.registry = registry;
        this.stats = stats;
    }

    /** The session's settings changed ({@code set}): snapshots describe the new ones. */
    public void reconfigured(AgentOptions options, Scheme scheme) {
        this.options = options;
        this.scheme = scheme;
    }

    /** A new session in this JVM after a detach: snapshots describe it alone, from {@code at}. */
    public void newSession(AgentOptions options, Scheme scheme, Instant at) {
        reconfigured(options, scheme);
        sessionStart = at;
        start = at;
        resetTime = null;
        recordingStart = null;
    }

    /** The collected results were reset: later snapshots hold what happened from {@code at}. */
    public void resetAt(Instant at) {
        start = at;
        resetTime = at;
    }

    /** A delayed start's first {@code start}: later snapshots hold what happened from {@code at}. */
    public void recordingStarted(Instant at) {
        recordingStart = at;
        start = at;
    }

    public Instant sessionStart() { return sessionStart; }
    public Instant dataStart() { return start; }
    /** When a delayed start began recording; null while it waits (and in a session that recorded from its start). */
    public Instant recordingStart() { return recordingStart; }

    /**
     * Streams the snapshot to {@code target}: one thread's copy at a time, so memory holds one tree's copy and its
     * values, never every tree as objects. Returns the threads written.
     */
    @Override
    public int writeTo(Path target) throws IOException {
        return write(target, 0, false, false);
    }

    @Override
    public int writeLive(Path target, int pathsPerThread) throws IOException {
        return write(target, pathsPerThread, false, false);
    }

    @Override
    public int writeCheckpoint(Path target) throws IOException {
        return CheckpointParts.whole(() -> write(target, 0, true, false), continuations::forget);
    }

    @Override
    public boolean appendCheckpoint(Path target) throws IOException {
        return CheckpointParts.continuation(() -> write(target, 0, true, true), continuations::forget);
    }

    /** What the checkpoint file's parts wrote, for the next continuation; touched by the checkpoint thread only. */
    private final CheckpointContinuations continuations = new CheckpointContinuations();

    /**
     * With {@code pathsPerThread} 0, every path. A continuation appends what changed since the checkpoint file's
     * last part and returns -1, writing nothing, when the trees cannot be continued; a whole checkpoint remembers
     * what it wrote for the continuations after it.
     */
    private int write(Path target, int pathsPerThread, boolean checkpoint, boolean continuation) throws IOException {
        AgentOptions options = this.options;
        Scheme scheme = this.scheme;
        boolean calibrated = calibration.calibrated();
        double nanosPerTick = continuation ? continuations.nanosPerTick() : clockRate.nanosPerTick();
        if (checkpoint && !continuation) continuations.startWhole(nanosPerTick, calibrated);
        SnapshotInfo info = describe(options);
        scheme.addInfo(info);  // include and root patterns that matched nothing (PatternWarnings)
        if (checkpoint) info.put(SnapshotInfo.CHECKPOINT, "true");
        if (continuation) info.put(SnapshotInfo.CHECKPOINT_CONTINUATION, "true");
        List<Metric> metrics = MeasuredMetric.of(Clock.metric(), Clock.unit()).instrumentationColumns(calibrated);
        // statistics are gathered on a snapshot without trees, by the same code as ever
        Snapshot stats = new Snapshot(info, metrics, new MethodTable());
        MethodIds ids = new MethodIds(registry);
        TreeCounts counts = new TreeCounts();
        TrivialCalls trivial = new TrivialCalls(registry.trivialMethods());
        int written = 0;
        TreeCut cut = pathsPerThread > 0 ? new TreeCut(pathsPerThread, ids::cutMethod) : null;
        // live views and checkpoints come again and again: the arrays are kept for the next (and the last one's
        // serve the snapshot at exit, which would otherwise hold a second set while the spare one is still kept)
        LiveArrays arrays = LiveArrays.take();
        ThreadRegistry.pauseFolding();  // every tree read once: none moves into its group meanwhile
        try (SnapshotStreamWriter w = continuation ? SnapshotStreamWriter.openContinuation(target)
                : SnapshotStreamWriter.open(target, cut, checkpoint)) {
            w.metrics(metrics);
            ThreadState[] threads = ThreadRegistry.current();
            if (continuation && !continuations.canContinue(threads, calibrated)) return -1;
            for (ThreadState state : threads) {
                // a continuation compares every node in place and looks closer at the changed ones: no copy of them
                ThreadTreeCopy copy = continuation ? state.copyWithLiveNodes() : state.copy(arrays.copy);
                counts.add(copy);
                if (copy.nodeCount() <= 1) continue;
                ChangedNodes before = checkpoint ? continuations.of(state) : null;
                if (continuation) {
                    // one pass over the nodes for what changed, written in node order; no values computed for the rest,
                    // no flat profile summed
                    if (!before.canContinue(copy)) return -1;
                    ChangedNodes.Changes changes = before.changes(copy, nanosPerTick, calibrated, ids,
                            continuations.scratch(copy.nodeCount()));
                    trivial.add(changes.whole);
                    if (changes.tree != null) {
                        w.changes(copy.threadId, copy.threadName, changes.tree, changes.flat);
                        written++;
                    }
                    continue;
                }
                TreeValues values = TreeValues.of(copy, nanosPerTick, calibrated, arrays.values);
                ThreadTables tables = new ThreadTables(copy, values, ids, nanosPerTick);
                ThreadTables.Flat flat = tables.flat();
                trivial.add(flat);
                w.thread(copy.threadId, copy.threadName, tables.tree(), flat);
                written++;
                if (before != null) before.remember(copy, values, nanosPerTick);
            }
            counts.addTo(stats);
            trivial.addTo(stats, calibrated);
            CounterStats.addTo(stats, Clock.counterStats());
            stats.putStat(Snapshot.STAT_INSTRUMENTED_CLASSES, this.stats.classesInstrumented.get());
            stats.putStat(Snapshot.STAT_INSTRUMENTED_METHODS, this.stats.methodsInstrumented());
            stats.putStat(Snapshot.STAT_INVOKED_METHODS, ids.invoked());
            stats.putStat("classes.retransformed", this.stats.classesRetransformed.get());
            stats.putStat(Snapshot.STAT_FAILED_CLASSES, this.stats.classesFailed.get());
            stats.putStat("methods.too_large", this.stats.methodsTooLarge.get());
            stats.putStat("instrumentation.time_ns", this.stats.transformNanos.get());
            scheme.addStats(stats);
            if (cut != null) cut.stats().forEach(stats::putStat);
            Checkpoints.stats().forEach(stats::putStat);
            calibration.finish(stats, nanosPerTick);
            w.info(info);
            w.methods(ids.table());
            w.stats(stats.stats());
            w.commit();
        } finally {
            ThreadRegistry.resumeFolding();
            arrays.giveBack();
        }
        return written;
    }

    private SnapshotInfo describe(AgentOptions options) {
        SnapshotInfo info = SessionInfo.describe(options, start, Instant.now())
                .put(SnapshotInfo.MODE, "instrumentation")
                .put(SnapshotInfo.SCHEME, options.scheme().name().toLowerCase(java.util.Locale.ROOT))
                .put(SnapshotInfo.CLOCK, Clock.sourceName())
                .put(SnapshotInfo.CALIBRATION, calibration.modeName())
                .put(SnapshotInfo.METRIC, Clock.metric())
                .put(SnapshotInfo.METRIC_UNIT, Clock.unit());
        if (!options.roots().isEmpty()) info.put(SnapshotInfo.ROOTS, String.join(",", options.roots()));
        if (resetTime != null) info.put("session.reset_time", resetTime.toString());
        if (options.delayedStart()) {
            info.put("session.start", "delayed");
            Instant recording = recordingStart;
            if (recording != null) info.put("session.recording_start_time", recording.toString());
        }
        if (calibration.statsFile() != null) info.put("calibration.file", calibration.statsFile().toString());
        if (calibration.calibrated()) info.put("calibration.minima", calibration.minimaSource());
        return info;
    }
}
