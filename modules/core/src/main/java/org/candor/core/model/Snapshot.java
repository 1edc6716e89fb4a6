package org.candor.core.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one profiling session recorded: its description, the metrics every node carries, the method table,
 * one calling-context tree per thread, and the session's statistics (drops, limits hit). Built once by the agent
 * or the snapshot reader, then only read.
 */
public final class Snapshot {

    /** Statistic keys the agent writes; reports show every statistic, known or not. */
    public static final String STAT_DROPPED_CALLS = "calls.dropped";
    public static final String STAT_NODE_LIMIT = "nodes.limit";
    public static final String STAT_DEPTH_LIMIT = "depth.limit";
    public static final String STAT_INSTRUMENTED_CLASSES = "classes.instrumented";
    public static final String STAT_INSTRUMENTED_METHODS = "methods.instrumented";
    public static final String STAT_FAILED_CLASSES = "classes.failed";
    /** Distinct methods with at least one recorded call (under a root, in the Lazy and Eager schemes). */
    public static final String STAT_INVOKED_METHODS = "methods.invoked";

    private final SnapshotInfo info;
    private final List<Metric> metrics;
    private final MethodTable methods;
    private final List<ThreadProfile> threads = new ArrayList<>();
    private final Map<String, Long> stats = new LinkedHashMap<>();

    public Snapshot(SnapshotInfo info, List<Metric> metrics, MethodTable methods) {
        this.info = Objects.requireNonNull(info);
        this.metrics = List.copyOf(metrics);
        this.methods = Objects.requireNonNull(methods);
    }

    /** The metrics of a time profile made by instrumentation: calls, total time, self time. */
    public static List<Metric> instrumentationMetrics() {
        return instrumentationMetrics(false);
    }

    /** With calibration, total and self time are calibrated and the raw values follow them. */
    public static List<Metric> instrumentationMetrics(boolean calibrated) {
        return calibrated
                ? List.of(Metric.CALLS, Metric.TOTAL_TIME, Metric.SELF_TIME, Metric.RAW_TOTAL_TIME, Metric.RAW_SELF_TIME)
                : List.of(Metric.CALLS, Metric.TOTAL_TIME, Metric.SELF_TIME);
    }

    /**
     * The metrics of a sampled profile: estimated times (samples × interval) and the sample counts themselves;
     * wall-clock sampling adds the time the thread was not running.
     */
    public static List<Metric> samplingMetrics(boolean wallClock) {
        return wallClock
                ? List.of(Metric.TOTAL_TIME, Metric.SELF_TIME, Metric.SAMPLES, Metric.SELF_SAMPLES,
                        Metric.WAITING_TIME, Metric.SELF_WAITING_TIME)
                : List.of(Metric.TOTAL_TIME, Metric.SELF_TIME, Metric.SAMPLES, Metric.SELF_SAMPLES);
    }

    /**
     * The same snapshot (info, method table, threads, statistics) with other metrics of the same number, e.g. the
     * columns of a counter instead of the time columns the values were assembled under.
     */
    public Snapshot withMetrics(List<Metric> newMetrics) {
        if (newMetrics.size() != metrics.size()) {
            throw new IllegalArgumentException(newMetrics.size() + " metrics for values of " + metrics.size());
        }
        Snapshot s = new Snapshot(info, newMetrics, methods);
        s.threads.addAll(threads);
        s.stats.putAll(stats);
        return s;
    }

    public SnapshotInfo info() { return info; }
    public List<Metric> metrics() { return metrics; }
    public MethodTable methods() { return methods; }
    public List<ThreadProfile> threads() { return Collections.unmodifiableList(threads); }
    public Map<String, Long> stats() { return Collections.unmodifiableMap(stats); }

    /** Index of the metric with this key, or -1. */
    public int metricIndex(String key) {
        for (int i = 0; i < metrics.size(); i++) if (metrics.get(i).key().equals(key)) return i;
        return -1;
    }

    public Snapshot addThread(ThreadProfile thread) {
        if (thread.root().metricCount() != metrics.size()) {
            throw new IllegalArgumentException("thread " + thread + " has " + thread.root().metricCount()
                    + " values per node, the snapshot declares " + metrics.size() + " metrics");
        }
        threads.add(thread);
        return this;
    }

    public Snapshot putStat(String key, long value) {
        stats.put(key, value);
        return this;
    }

    public long stat(String key) {
        Long v = stats.get(key);
        return v != null ? v : 0L;
    }
}
