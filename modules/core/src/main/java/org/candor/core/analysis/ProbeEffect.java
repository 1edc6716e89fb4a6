package org.candor.core.analysis;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.Metric;
import org.candor.core.model.SnapshotInfo;

/**
 * How much of an instrumented method's recorded self time is the probes' effect on the program's code rather than the
 * program's own work: an estimate, made from the program itself. Calibration takes out the probes' own time; what
 * the probes do to the code around them (calls the JIT no longer inlines, the optimisations across them lost, the
 * probes' data in the caches) stays in the times, and on call-dense code it is most of them (javac compiling Guava:
 * 52.1 s recorded for 14.1 s of CPU time, bench/README.md "Full size").
 *
 * <p>The agent marks the methods whose own code is next to nothing (straight-line, unsynchronized, at most 8
 * instructions, calling and allocating nothing: getters, setters, constants), which a plain run inlines to a
 * nanosecond or two, and counts their calls and calibrated self time ({@link #TRIVIAL_CALLS}, {@link #TRIVIAL_SELF}).
 * What such a call shows is the effect alone, in this program, on this machine, with this tree. Every instrumented
 * call bears about as much, so a method's estimate is its calls times that, at most its self time. On javac the
 * estimate takes the summed per-method error against a sampled plain run from 42.5 s to 17.2 s and explains 92 % of
 * the variance of the per-method excess (bench/full-size.sh); it is an estimate, not a correction, so the times stay
 * as measured and the estimate is shown beside them.
 */
public final class ProbeEffect {

    /** How many methods the agent found trivial and saw called. */
    public static final String TRIVIAL_METHODS = "probe_effect.trivial_methods";
    /** Their calls, all threads. */
    public static final String TRIVIAL_CALLS = "probe_effect.trivial_calls";
    /** Their self time (calibrated when the snapshot is), in the metric's unit. */
    public static final String TRIVIAL_SELF = "probe_effect.trivial_self";
    /** A calibrated snapshot's: their self time as measured, for its times shown raw ({@link CalibratedValues}). */
    public static final String TRIVIAL_RAW_SELF = "probe_effect.trivial_raw_self";
    /** Fewer trivial calls than this say too little (their first, interpreted calls weigh too much). */
    public static final long MIN_CALLS = 10_000;
    /** The column's name, in the report and the app. */
    public static final String LABEL = "Probe effect (est.)";
    /** Below this share of the recorded time the effect is not worth a warning line (the column still shows it). */
    public static final double WARN_PERCENT = 10;

    private final long methods;
    private final long calls;
    private final double perCall;
    /** Where a table's calls and self time are, once bound to its metrics ({@link #on}); -1 before. */
    private final int callsMetric;
    private final int selfMetric;

    private ProbeEffect(long methods, long calls, double perCall, int callsMetric, int selfMetric) {
        this.methods = methods;
        this.calls = calls;
        this.perCall = perCall;
        this.callsMetric = callsMetric;
        this.selfMetric = selfMetric;
    }

    /** The estimate of an instrumentation snapshot whose agent counted enough trivial calls; null otherwise. */
    public static ProbeEffect of(Map<String, Long> stats, SnapshotInfo info) {
        if (!"instrumentation".equals(info.get(SnapshotInfo.MODE))) return null;
        Long methods = stats.get(TRIVIAL_METHODS);
        Long calls = stats.get(TRIVIAL_CALLS);
        // shown raw, the probes' own time is in every call too, and so in the effect
        Long self = stats.get("raw".equals(info.get(CalibratedValues.VALUES)) ? TRIVIAL_RAW_SELF : TRIVIAL_SELF);
        if (methods == null || calls == null || self == null || calls < MIN_CALLS || self < 0) return null;
        return new ProbeEffect(methods, calls, (double) self / calls, -1, -1);
    }

    /**
     * This estimate for rows of these metrics (hot spots, flat profiles): where their calls and their self time (or
     * a counter's self count) are; null where they have either not.
     */
    public ProbeEffect on(List<Metric> metrics) {
        int callsIndex = Metric.indexOf(metrics, Metric.CALLS.key());
        int selfIndex = -1;
        for (int k = 0; k < metrics.size() && selfIndex < 0; k++) {
            if (metrics.get(k).key().startsWith("self_") && !metrics.get(k).inclusive()) selfIndex = k;
        }
        return callsIndex < 0 || selfIndex < 0 ? null : new ProbeEffect(methods, calls, perCall, callsIndex, selfIndex);
    }

    /** Bound ({@link #on}): the self metric the estimate is part of. */
    public int selfMetric() { return selfMetric; }

    /** Bound ({@link #on}): a hot spot's estimate. */
    public long of(HotSpot spot) {
        return of(spot.value(callsMetric), spot.value(selfMetric));
    }

    /** Bound ({@link #on}): the estimate summed over a flat profile's methods. */
    public long sum(FlatProfile flat) {
        long sum = 0;
        for (int r = 0; r < flat.size(); r++) sum += of(flat.value(r, callsMetric), flat.value(r, selfMetric));
        return sum;
    }

    /** The effect a call, in the self metric's unit: what a trivial method's call showed on average. */
    public double perCall() { return perCall; }

    /** The estimated effect in a method's (or node's) self time: its calls times the effect a call, at most its self. */
    public long of(long calls, long self) {
        if (calls <= 0 || self <= 0) return 0;
        return Math.min(self, Math.round(perCall * calls));
    }

    /** What the column holds, in a sentence (the app's header tip). */
    public String explanation(Metric.Unit unit) {
        String each = unit == Metric.Unit.NANOS ? String.format(Locale.ROOT, "%.1f ns", perCall)
                : String.format(Locale.ROOT, "%.2f events", perCall);
        return String.format(Locale.ROOT, "Estimated part of the self time that is the probes' effect on the code, not"
                + " the program's work: the method's calls \u00d7 %s (what each call of the %,d trivial methods showed),"
                + " at most its self time", each, methods);
    }

    /**
     * The warning line, when the estimate (summed over all methods) is at least {@link #WARN_PERCENT} of the time
     * recorded; else null. Of snapshots that measured time: the warnings weigh it against the threads' time.
     */
    public String warning(long estimatedNanos, long recordedNanos) {
        if (estimatedNanos <= 0 || recordedNanos <= 0 || estimatedNanos * 100.0 < WARN_PERCENT * recordedNanos) return null;
        return String.format(Locale.ROOT, "probe effect: the %,d trivial %s (straight-line code that calls nothing,"
                + " next to nothing in a plain run) showed %.1f ns a call over %,d calls: the probes' effect on the code"
                + " around them, which calibration does not take out; at that much a call, an estimated %.3f s of the"
                + " %.3f s recorded (%.0f %%) is this effect, not the program's work (column %s; a sampled profile sees"
                + " the program undisturbed)", methods, methods == 1 ? "method" : "methods", perCall, calls,
                estimatedNanos / 1e9, recordedNanos / 1e9, 100.0 * estimatedNanos / recordedNanos, LABEL);
    }
}
