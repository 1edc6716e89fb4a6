package org.candor.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.candor.core.analysis.SortMetric;
import org.candor.core.analysis.ThreadFilter;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;

/** What a report shows. Immutable; the {@code with} methods return changed copies. */
public final class ReportOptions {

    public static final double DEFAULT_MIN_PERCENT = 0.1;
    public static final int DEFAULT_HOT_SPOTS = 20;

    private static final ReportOptions DEFAULTS =
            new ReportOptions(null, ThreadFilter.all(), ThreadGrouping.AUTO, DEFAULT_MIN_PERCENT, DEFAULT_HOT_SPOTS);

    private final String value;
    private final ThreadFilter threads;
    private final ThreadGrouping grouping;
    private final double minPercent;
    private final int hotSpots;

    private ReportOptions(String value, ThreadFilter threads, ThreadGrouping grouping, double minPercent, int hotSpots) {
        this.value = value;
        this.threads = threads;
        this.grouping = grouping;
        this.minPercent = minPercent;
        this.hotSpots = hotSpots;
    }

    public static ReportOptions defaults() { return DEFAULTS; }

    /**
     * The value the report is about: {@code calls}, {@code self} or {@code total}, or any metric key of the
     * snapshot; null for the format's default (total for text and csv, self for collapsed).
     */
    public ReportOptions withValue(String value) {
        return new ReportOptions(value, threads, grouping, minPercent, hotSpots);
    }

    public ReportOptions withThreads(ThreadFilter threads) {
        return new ReportOptions(value, Objects.requireNonNull(threads), grouping, minPercent, hotSpots);
    }

    /** Threads by name or glob ({@code worker-*}); null for all. */
    public ReportOptions withThreads(String pattern) {
        return withThreads(ThreadFilter.of(pattern));
    }

    public ReportOptions withGrouping(ThreadGrouping grouping) {
        return new ReportOptions(value, threads, Objects.requireNonNull(grouping), minPercent, hotSpots);
    }

    /** Text report: hide nodes below this percentage of their thread's total; 0 shows every node. */
    public ReportOptions withMinPercent(double minPercent) {
        if (!(minPercent >= 0 && minPercent <= 100)) {
            throw new IllegalArgumentException("minimum percent must be between 0 and 100, not " + minPercent);
        }
        return new ReportOptions(value, threads, grouping, minPercent, hotSpots);
    }

    /** Text report: how many methods the hot spots table lists; 0 leaves the table out. */
    public ReportOptions withHotSpots(int count) {
        if (count < 0) throw new IllegalArgumentException("hot spot count must not be negative: " + count);
        return new ReportOptions(value, threads, grouping, minPercent, count);
    }

    public String value() { return value; }
    public ThreadFilter threads() { return threads; }
    public ThreadGrouping grouping() { return grouping; }
    public double minPercent() { return minPercent; }
    public int hotSpots() { return hotSpots; }

    /**
     * The metric key a value name stands for: {@code calls}, {@code self} and {@code total} are short for the
     * instrumentation metrics; anything else is taken as a key. This is the one place that maps names to
     * metrics, so a later choice between raw and calibrated values belongs here.
     */
    public static String metricKey(String value) {
        switch (value) {
            case "calls": return Metric.CALLS.key();
            case "self": return Metric.SELF_TIME.key();
            case "total": return Metric.TOTAL_TIME.key();
            default: return value;
        }
    }

    /**
     * The index of the snapshot metric a value name ({@link #metricKey}) stands for.
     *
     * @throws IllegalArgumentException if the snapshot has no such metric; the message lists those it has
     */
    public static int metricIndex(Snapshot snapshot, String value) {
        return metricIndex(snapshot.metrics(), value);
    }

    /** As {@link #metricIndex(Snapshot, String)}, for a snapshot's metrics. */
    public static int metricIndex(List<Metric> metrics, String value) {
        int index = find(metrics, value);
        if (index < 0) {
            List<String> keys = new ArrayList<>();
            for (Metric m : metrics) keys.add(m.key());
            throw new IllegalArgumentException("the snapshot has no metric for value '" + value
                    + "'; its metrics are " + String.join(", ", keys));
        }
        return index;
    }

    /**
     * The metric's index, or -1. {@code total} and {@code self} also find the columns of a counter (a snapshot whose
     * probes counted events, e.g. {@code total_page_faults}), which have no time.
     */
    private static int find(List<Metric> metrics, String value) {
        String key = metricKey(value);
        int index = -1;
        for (int k = 0; k < metrics.size() && index < 0; k++) if (metrics.get(k).key().equals(key)) index = k;
        if (index >= 0 || !(value.equals("total") || value.equals("self"))) return index;
        for (int k = 0; k < metrics.size(); k++) {
            Metric m = metrics.get(k);
            if (m.key().startsWith(value + "_") && m.inclusive() == value.equals("total")) return k;
        }
        return -1;
    }

    /**
     * The index of the metric to report on. An explicit value must exist in the snapshot. The default is the tree's
     * value as the app sorts by it too ({@link SortMetric#tree}); a format whose lines are added up (collapsed:
     * {@code exclusive}) takes the hot spots' exclusive value, or else any exclusive one (calls).
     *
     * @throws IllegalArgumentException if the chosen value is not in the snapshot
     */
    int valueIndex(List<Metric> metrics, boolean exclusive) {
        if (value != null) return metricIndex(metrics, value);
        if (metrics.isEmpty()) throw new IllegalArgumentException("the snapshot has no metrics");
        int tree = SortMetric.tree(metrics);
        if (!exclusive) return tree;
        int self = SortMetric.hotSpots(metrics, tree);
        if (!metrics.get(self).inclusive()) return self;
        for (int k = 0; k < metrics.size(); k++) if (!metrics.get(k).inclusive()) return k;
        return self;
    }
}
