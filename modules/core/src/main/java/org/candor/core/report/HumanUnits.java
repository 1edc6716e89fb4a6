package org.candor.core.report;

import org.candor.core.model.Metric;

/** Values as people read them: times with three significant digits in ns, µs, ms or s. */
public final class HumanUnits {

    private static final String[] TIME_UNITS = {"µs", "ms", "s"};
    private static final long[] TIME_SCALES = {1_000L, 1_000_000L, 1_000_000_000L};

    private HumanUnits() {}

    public static String value(long v, Metric.Unit unit) {
        return unit == Metric.Unit.NANOS ? nanos(v) : Long.toString(v);
    }

    /** {@code 999 ns}, {@code 1.23 µs}, {@code 12.3 ms}, {@code 123 ms}, {@code 1.50 s}; seconds never switch up. */
    public static String nanos(long ns) {
        if (ns == Long.MIN_VALUE) return ns + " ns";
        long abs = Math.abs(ns);
        String sign = ns < 0 ? "-" : "";
        if (abs < 1000) return sign + abs + " ns";
        for (int u = 0; u < TIME_SCALES.length; u++) {
            long scale = TIME_SCALES[u];
            boolean last = u == TIME_SCALES.length - 1;
            // rounded to hundredths, tenths and units of the unit; the first that has three digits wins
            long hundredths = roundDiv(abs, scale / 100);
            if (hundredths < 1000) return sign + decimal(hundredths, 2) + " " + TIME_UNITS[u];
            long tenths = roundDiv(abs, scale / 10);
            if (tenths < 1000) return sign + decimal(tenths, 1) + " " + TIME_UNITS[u];
            long units = roundDiv(abs, scale);
            if (units < 1000 || last) return sign + units + " " + TIME_UNITS[u];
        }
        throw new AssertionError();
    }

    /** {@code 12.3%}: one decimal. */
    public static String percent(double p) {
        if (Double.isNaN(p) || Double.isInfinite(p)) return "-";
        long tenths = Math.round(Math.abs(p) * 10);
        return (p < 0 && tenths != 0 ? "-" : "") + decimal(tenths, 1) + "%";
    }

    private static long roundDiv(long value, long divisor) {
        return value / divisor + (value % divisor * 2 >= divisor ? 1 : 0);
    }

    private static String decimal(long scaled, int decimals) {
        long pow = decimals == 2 ? 100 : 10;
        String fraction = Long.toString(scaled % pow);
        while (fraction.length() < decimals) fraction = "0" + fraction;
        return (scaled / pow) + "." + fraction;
    }
}
