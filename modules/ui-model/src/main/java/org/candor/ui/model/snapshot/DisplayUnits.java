package org.candor.ui.model.snapshot;

import java.text.NumberFormat;
import java.util.Locale;
import org.candor.core.model.Metric;
import org.candor.core.report.HumanUnits;

/** How the windows print values: times and percentages as the reports do, counts with thousands separators. */
public final class DisplayUnits {

    private DisplayUnits() {}

    /** 850 ns, 12.3 µs, 4.56 ms, 123 ms, 1.23 s. */
    public static String time(long nanos) {
        return HumanUnits.nanos(nanos);
    }

    /** 1,234,567. */
    public static String count(long n) {
        return NumberFormat.getIntegerInstance(Locale.ROOT).format(n);
    }

    /** A value of this unit: a time or a count. */
    public static String value(long v, Metric.Unit unit) {
        return unit == Metric.Unit.NANOS ? time(v) : count(v);
    }

    /** 66.7%, from a fraction of one. */
    public static String percent(double fraction) {
        return HumanUnits.percent(fraction * 100);
    }
}
