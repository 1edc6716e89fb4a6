package org.candor.agent.snapshot;

import java.time.Instant;
import org.candor.agent.calibration.CalibrationSession;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.scheme.Scheme;
import org.candor.core.analysis.InvokedMethods;
import org.candor.core.model.MeasuredMetric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.probe.Clock;
import org.candor.probe.ProbeLimits;
import org.candor.probe.ThreadRegistry;

/** The snapshot of an instrumentation session: the probes' trees plus what instrumentation did. */
public final class InstrumentationSnapshots implements SnapshotSource {

    private volatile AgentOptions options;
    private final MethodRegistry registry;
    private final InstrumentationStats stats;
    private final ClockRate clockRate = new ClockRate();
    private final Instant sessionStart = Instant.now();
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

    @Override
    public Snapshot take() {
        AgentOptions options = this.options;
        Scheme scheme = this.scheme;
        double nanosPerTick = clockRate.nanosPerTick();
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
        scheme.addInfo(info); // include and root patterns that matched nothing (PatternWarnings)
        Snapshot s = new SnapshotAssembler(registry).assemble(info, ThreadRegistry.current(), nanosPerTick,
                calibration.calibrated())
                .withMetrics(MeasuredMetric.of(Clock.metric(), Clock.unit()).instrumentationColumns(calibration.calibrated()));
        CounterStats.addTo(s, Clock.counterStats());
        s.putStat(Snapshot.STAT_INSTRUMENTED_CLASSES, stats.classesInstrumented.get());
        s.putStat(Snapshot.STAT_INSTRUMENTED_METHODS, stats.methodsInstrumented());
        s.putStat(Snapshot.STAT_INVOKED_METHODS, InvokedMethods.count(s));
        s.putStat("classes.retransformed", stats.classesRetransformed.get());
        s.putStat(Snapshot.STAT_FAILED_CLASSES, stats.classesFailed.get());
        s.putStat("methods.too_large", stats.methodsTooLarge.get());
        s.putStat("instrumentation.time_ns", stats.transformNanos.get());
        scheme.addStats(s);
        s.putStat("threads.not_recorded", ThreadRegistry.threadsNotRecorded());
        s.putStat(Snapshot.STAT_NODE_LIMIT, ThreadRegistry.nodeLimitReached() ? ProbeLimits.maxNodes() : 0);
        s.putStat("nodes.heap_full", ThreadRegistry.heapLimitReached() ? 1 : 0);
        calibration.finish(s, nanosPerTick);
        return s;
    }
}
