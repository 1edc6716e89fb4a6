package org.candor.core.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What the probes of an instrumentation session measured between a call's entry and exit: wall time (the default),
 * the thread's CPU time, or the thread's count of some event (instructions, page faults...). It names the value
 * columns: times keep the keys {@code total_time} and {@code self_time} (CPU time labelled as such), counts get
 * {@code total_<name>} and {@code self_<name>} with unit count, e.g. {@code total_page_faults}, "Total page faults".
 */
public final class MeasuredMetric {

    public static final String WALL = "wall";
    public static final String UNIT_NANOS = "ns";
    public static final String UNIT_EVENTS = "events";

    private static final MeasuredMetric WALL_TIME = new MeasuredMetric(WALL, UNIT_NANOS);

    private final String name;
    private final String unit;

    private MeasuredMetric(String name, String unit) {
        this.name = name;
        this.unit = unit;
    }

    /** @param unit {@code ns} or {@code events} */
    public static MeasuredMetric of(String name, String unit) {
        Objects.requireNonNull(name);
        if (!unit.equals(UNIT_NANOS) && !unit.equals(UNIT_EVENTS)) throw new IllegalArgumentException("unit " + unit);
        return name.equals(WALL) && unit.equals(UNIT_NANOS) ? WALL_TIME : new MeasuredMetric(name, unit);
    }

    /** The metric a snapshot records in its info; wall time for snapshots written before metrics existed. */
    public static MeasuredMetric of(SnapshotInfo info) {
        String name = info.get(SnapshotInfo.METRIC);
        String unit = info.get(SnapshotInfo.METRIC_UNIT, UNIT_NANOS);
        if (name == null || !(unit.equals(UNIT_NANOS) || unit.equals(UNIT_EVENTS))) return WALL_TIME;
        return of(name, unit);
    }

    public static MeasuredMetric wallTime() { return WALL_TIME; }

    public String name() { return name; }
    public String unit() { return unit; }
    public boolean isEvents() { return unit.equals(UNIT_EVENTS); }

    /** How people call what is measured: "time", "CPU time", "task clock", "page faults", "instructions". */
    public String words() {
        switch (name) {
            case WALL: return "time";
            case "cpu": return "CPU time";
            default: return name.replace('-', ' ');
        }
    }

    /** The inclusive column: the call and everything it called. */
    public Metric total() {
        if (this == WALL_TIME) return Metric.TOTAL_TIME;
        if (!isEvents()) return new Metric(Metric.TOTAL_TIME.key(), "Total " + words(), Metric.Unit.NANOS, true);
        return new Metric("total_" + keyPart(), "Total " + words(), Metric.Unit.COUNT, true);
    }

    /** The exclusive column: the call's own code only. */
    public Metric self() {
        if (this == WALL_TIME) return Metric.SELF_TIME;
        if (!isEvents()) return new Metric(Metric.SELF_TIME.key(), "Self " + words(), Metric.Unit.NANOS);
        return new Metric("self_" + keyPart(), "Self " + words(), Metric.Unit.COUNT);
    }

    /** The value columns of an instrumentation snapshot: calls, total, self. */
    public List<Metric> instrumentationColumns() {
        return List.of(Metric.CALLS, total(), self());
    }

    /** With calibration, total and self are calibrated and their raw values follow ({@link #raw}). */
    public List<Metric> instrumentationColumns(boolean calibrated) {
        return calibrated ? List.of(Metric.CALLS, total(), self(), raw(total()), raw(self())) : instrumentationColumns();
    }

    /** The column holding a calibrated column's values as measured: key {@code raw_<key>}, label "Raw ...". */
    public static Metric raw(Metric calibrated) {
        if (calibrated.equals(Metric.TOTAL_TIME) && calibrated.label().equals(Metric.TOTAL_TIME.label())) {
            return Metric.RAW_TOTAL_TIME;
        }
        if (calibrated.equals(Metric.SELF_TIME) && calibrated.label().equals(Metric.SELF_TIME.label())) {
            return Metric.RAW_SELF_TIME;
        }
        String label = calibrated.label();
        return new Metric("raw_" + calibrated.key(), "Raw " + Character.toLowerCase(label.charAt(0)) + label.substring(1),
                calibrated.unit(), calibrated.inclusive());
    }

    private String keyPart() {
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    }

    @Override public String toString() { return name + " (" + unit + ")"; }
}
