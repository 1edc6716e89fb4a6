package org.candor.ui.model.snapshot;

/**
 * A time that is a part of a whole, e.g. a node's total time and its fraction of the thread's total.
 * Sorts by the value.
 */
public final class TimeShare implements Comparable<TimeShare> {

    private final long value;
    private final double fraction;

    public TimeShare(long value, long whole) {
        this.value = value;
        this.fraction = whole > 0 ? (double) value / whole : 0;
    }

    public long value() { return value; }
    public double fraction() { return fraction; }

    @Override public int compareTo(TimeShare o) { return Long.compare(value, o.value); }
    @Override public boolean equals(Object o) { return o instanceof TimeShare && ((TimeShare) o).value == value; }
    @Override public int hashCode() { return Long.hashCode(value); }

    /** The time and its share, as one text: what a screen reader or a copy of the cell gets. */
    @Override public String toString() { return DisplayUnits.time(value) + "  " + DisplayUnits.percent(fraction); }
}
