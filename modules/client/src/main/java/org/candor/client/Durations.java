package org.candor.client;

import java.util.Locale;

/** Durations as people type them: {@code 100us}, {@code 1ms}, {@code 10ms}, {@code 2s}; a bare number is nanoseconds. */
public final class Durations {

    private Durations() {}

    public static long parseNanos(String text) throws ClientException {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit;
        String number;
        if (t.endsWith("ns")) { unit = 1; number = t.substring(0, t.length() - 2); }
        else if (t.endsWith("us") || t.endsWith("µs")) { unit = 1_000; number = t.substring(0, t.length() - 2); }
        else if (t.endsWith("ms")) { unit = 1_000_000; number = t.substring(0, t.length() - 2); }
        else if (t.endsWith("s")) { unit = 1_000_000_000; number = t.substring(0, t.length() - 1); }
        else { unit = 1; number = t; }
        try {
            double v = Double.parseDouble(number.trim());
            if (!(v > 0) || v * unit > Long.MAX_VALUE) throw new NumberFormatException();
            return Math.round(v * unit);
        } catch (NumberFormatException e) {
            throw new ClientException("'" + text + "' is not a duration (examples: 100us, 1ms, 10ms, 1s)");
        }
    }

    /** {@code 1000000} becomes {@code 1ms}, {@code 1500} becomes {@code 1500ns}. */
    public static String format(long nanos) {
        if (nanos % 1_000_000_000 == 0) return nanos / 1_000_000_000 + "s";
        if (nanos % 1_000_000 == 0) return nanos / 1_000_000 + "ms";
        if (nanos % 1_000 == 0) return nanos / 1_000 + "us";
        return nanos + "ns";
    }
}
