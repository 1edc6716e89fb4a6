package org.candor.ui.model.snapshot;

import org.candor.core.model.Metric;

/** A figure in a comparison: a time or a count, signed when it is a difference; sorts by its value. */
public final class ComparedValue implements Comparable<ComparedValue> {

    private final long value;
    private final Metric.Unit unit;
    private final boolean difference;

    public ComparedValue(long value, Metric.Unit unit, boolean difference) {
        this.value = value;
        this.unit = unit;
        this.difference = difference;
    }

    public long value() { return value; }

    @Override public int compareTo(ComparedValue o) { return Long.compare(value, o.value); }

    @Override public String toString() {
        String text = unit == Metric.Unit.NANOS ? DisplayUnits.time(value) : DisplayUnits.count(value);
        return difference && value > 0 ? "+" + text : text;
    }

    /** B against A as a share of A: {@code +12.5%}, {@code new} when A is 0; sorts by the share, new ones last. */
    public static final class Change implements Comparable<Change> {
        private final double fraction;

        public Change(double fraction) {
            this.fraction = fraction;
        }

        @Override public int compareTo(Change o) {
            return Double.compare(Double.isNaN(fraction) ? Double.MAX_VALUE : fraction,
                    Double.isNaN(o.fraction) ? Double.MAX_VALUE : o.fraction);
        }

        @Override public String toString() {
            if (Double.isNaN(fraction)) return "new";
            return (fraction > 0 ? "+" : "") + DisplayUnits.percent(fraction);
        }
    }
}
