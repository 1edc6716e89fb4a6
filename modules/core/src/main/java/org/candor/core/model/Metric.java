package org.candor.core.model;

import java.util.Objects;

/**
 * One value column carried by every call-tree node of a snapshot, such as the number of calls or the inclusive
 * wall time. The snapshot lists its metrics; a node stores one {@code long} per metric in the same order.
 */
public final class Metric {

    /** What a value counts, and how reports print it. */
    public enum Unit { COUNT, NANOS }

    /** Invocation count of the node's call path. */
    public static final Metric CALLS = new Metric("calls", "Calls", Unit.COUNT);
    /** Inclusive wall time: the method and everything it called. */
    public static final Metric TOTAL_TIME = new Metric("total_time", "Total time", Unit.NANOS, true);
    /** Exclusive wall time: the method's own code only. */
    public static final Metric SELF_TIME = new Metric("self_time", "Self time", Unit.NANOS);

    /** Instrumentation, calibrated sessions: total time as measured, before calibration took the probes' cost out. */
    public static final Metric RAW_TOTAL_TIME = new Metric("raw_total_time", "Raw total time", Unit.NANOS, true);
    /** Instrumentation, calibrated sessions: self time before calibration. */
    public static final Metric RAW_SELF_TIME = new Metric("raw_self_time", "Raw self time", Unit.NANOS);

    /** Samples whose stack holds the node (sampling). */
    public static final Metric SAMPLES = new Metric("samples", "Samples", Unit.COUNT, true);
    /** Samples whose leaf is the node (sampling). */
    public static final Metric SELF_SAMPLES = new Metric("self_samples", "Self samples", Unit.COUNT);
    /** Wall-clock sampling: the part of total time the thread was not running (sleeping, waiting, blocked). */
    public static final Metric WAITING_TIME = new Metric("waiting_time", "Waiting time", Unit.NANOS, true);
    /** Wall-clock sampling: the part of self time the thread was not running. */
    public static final Metric SELF_WAITING_TIME = new Metric("self_waiting_time", "Self waiting time", Unit.NANOS);

    private final String key;
    private final String label;
    private final Unit unit;
    private final boolean inclusive;

    public Metric(String key, String label, Unit unit) {
        this(key, label, unit, false);
    }

    /**
     * @param inclusive true when a node's value already contains its descendants' values (like total time), so a
     *                  method's value must be counted once per call path, not summed over recursive nodes
     */
    public Metric(String key, String label, Unit unit, boolean inclusive) {
        this.key = Objects.requireNonNull(key);
        this.label = Objects.requireNonNull(label);
        this.unit = Objects.requireNonNull(unit);
        this.inclusive = inclusive;
    }

    public String key() { return key; }
    public String label() { return label; }
    public Unit unit() { return unit; }
    /** Whether a node's value includes the values of its descendants. */
    public boolean inclusive() { return inclusive; }

    @Override public boolean equals(Object o) {
        return o instanceof Metric && ((Metric) o).key.equals(key) && ((Metric) o).unit == unit;
    }
    @Override public int hashCode() { return key.hashCode(); }
    @Override public String toString() { return key; }

    /** The index of the metric with this key in a list of metrics, or -1. */
    public static int indexOf(java.util.List<Metric> metrics, String key) {
        for (int k = 0; k < metrics.size(); k++) if (metrics.get(k).key().equals(key)) return k;
        return -1;
    }
}
