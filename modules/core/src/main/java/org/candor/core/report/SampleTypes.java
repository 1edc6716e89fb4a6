package org.candor.core.report;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.stream.IntStream;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.model.Metric;
import org.candor.core.model.SnapshotInfo;

/**
 * What the sample-based interchange formats (pprof, OpenTelemetry profiles) say of a snapshot: which of its metrics
 * are sample values, under which (type, unit) names, which one is shown first, and the run's time and period. Both
 * add a sample's values to every frame of its stack, so only exclusive metrics are sample values: a call path's own
 * values, whose sums over the paths through a method are its total.
 */
final class SampleTypes {

    private SampleTypes() {}

    /** The indexes of the metrics whose values add up over a stack's nodes (not inclusive ones), in their order. */
    static int[] of(List<Metric> metrics) {
        int[] types = IntStream.range(0, metrics.size()).filter(k -> !metrics.get(k).inclusive()).toArray();
        if (types.length == 0) throw new IllegalArgumentException("the snapshot has no value that adds up over stacks (no self value)");
        return types;
    }

    /**
     * The sample type shown first: the options' value, or for an inclusive one (total) its exclusive twin (self, whose
     * sum over the stacks through a method is its total); without a value, self time or the first one.
     */
    static int chosen(List<Metric> metrics, int[] types, ReportOptions options) {
        int value = options.valueIndex(metrics, true);
        Metric m = metrics.get(value);
        if (m.inclusive()) {
            String key = m.key();
            int twin = Metric.indexOf(metrics, key.startsWith("total_") ? "self_" + key.substring(6) : "self_" + key);
            if (twin < 0) {
                throw new IllegalArgumentException("samples add up exclusive values: '" + options.value()
                        + "' has no self value in this snapshot");
            }
            value = twin;
        }
        for (int k : types) if (k == value) return value;
        return types[0];
    }

    /**
     * The type's name: {@code calls}; self time as {@code cpu} or {@code wall} (what was measured or sampled), else
     * {@code time}; {@code samples}; {@code waiting}; any other self metric without its {@code self_}.
     */
    static String name(Metric m, SnapshotInfo info) {
        String key = m.key();
        boolean raw = key.startsWith(CalibratedValues.RAW_PREFIX);
        if (raw) key = key.substring(CalibratedValues.RAW_PREFIX.length());
        String name;
        if (key.equals(Metric.SELF_TIME.key())) name = clock(info);
        else if (key.equals(Metric.SELF_SAMPLES.key())) name = "samples";
        else if (key.equals(Metric.SELF_WAITING_TIME.key())) name = "waiting";
        else if (key.startsWith("self_")) name = key.substring(5);
        else name = key;
        return raw ? CalibratedValues.RAW_PREFIX + name : name;
    }

    static String unit(Metric m) {
        return m.unit() == Metric.Unit.NANOS ? "nanoseconds" : "count";
    }

    /** What a time measured: the sampled event, or the probes' metric; cpu or wall, else just time. */
    static String clock(SnapshotInfo info) {
        String c = info.get(SnapshotInfo.EVENT, info.get(SnapshotInfo.METRIC, ""));
        return c.equals("cpu") || c.equals("wall") ? c : "time";
    }

    /** The run's start in ns since the epoch; -1 when the snapshot does not say it as an ISO-8601 instant. */
    static long startNanos(SnapshotInfo info) {
        Instant start = instant(info.get(SnapshotInfo.START_TIME));
        return start == null ? -1 : start.getEpochSecond() * 1_000_000_000L + start.getNano();
    }

    /** How long the run was in ns; -1 when the snapshot does not say. */
    static long durationNanos(SnapshotInfo info) {
        Instant start = instant(info.get(SnapshotInfo.START_TIME));
        Instant end = instant(info.get(SnapshotInfo.END_TIME));
        return start == null || end == null || end.isBefore(start) ? -1 : Duration.between(start, end).toNanos();
    }

    /** A sampled run's interval in ns, the time one sample stands for; -1 without one. */
    static long intervalNanos(SnapshotInfo info) {
        String interval = info.get(SnapshotInfo.INTERVAL_NS);
        if (interval == null) return -1;
        try {
            long ns = Long.parseLong(interval.trim());
            return ns > 0 ? ns : -1;
        } catch (NumberFormatException e) {
            return -1; // not a number: the profile goes without a period, as one of a snapshot without an interval
        }
    }

    /** An ISO-8601 instant, or null: the times are for people, and a snapshot from elsewhere may have other words. */
    private static Instant instant(String s) {
        if (s == null) return null;
        try {
            return Instant.parse(s.trim());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
