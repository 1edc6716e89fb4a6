package org.candor.core.report;

import java.util.List;
import java.util.Locale;
import org.candor.core.analysis.RunComparison;
import org.candor.core.model.Metric;

/**
 * Several runs a side compared ({@link RunComparison}) as text: the overall verdict, then per method (the sum of all
 * first) the mean per run on each side, the change, its interval as a share of A's mean, and the verdict; slower
 * methods first.
 */
public final class RunComparisonReport {

    private RunComparisonReport() {}

    /** @param failPercent the --fail-on-regression threshold, to name the methods beyond it; NaN when none is set */
    public static String format(RunComparison c, int top, double failPercent) {
        Metric metric = c.metric();
        StringBuilder s = new StringBuilder();
        s.append("Candor diff of ").append(runs(c.runsA())).append(" (A, baseline) and ").append(runs(c.runsB()))
                .append(" (B) by ").append(metric.label().toLowerCase(Locale.ROOT)).append(": ")
                .append(c.overall().label()).append('\n');
        s.append(String.format(Locale.ROOT, "Intervals: Welch's t, %s for all methods together (%s each)%n",
                percent(c.confidence()), percent(c.eachConfidence())));
        s.append(String.format(Locale.ROOT, "%11s %11s %11s %8s  %-20s %-15s  %s%n", "mean A", "mean B", "B - A",
                "change", "interval of change", "verdict", "method"));
        if (c.total() != null) row(s, c.total(), metric.unit());
        List<RunComparison.Change> methods = c.methods();
        int shown = 0;
        for (RunComparison.Change m : methods) {
            if (shown++ == top) break;
            row(s, m, metric.unit());
        }
        if (methods.size() > top) {
            s.append('(').append(methods.size() - top).append(methods.size() - top == 1 ? " more method" : " more methods")
                    .append("; --top N shows more)\n");
        }
        int slower = 0;
        int faster = 0;
        for (RunComparison.Change m : methods) {
            if (m.verdict() == RunComparison.Verdict.SLOWER) slower++;
            if (m.verdict() == RunComparison.Verdict.FASTER) faster++;
        }
        s.append(String.format(Locale.ROOT, "%d slower, %d faster, %d without a change the runs can tell from noise%n",
                slower, faster, methods.size() - slower - faster));
        if (!Double.isNaN(failPercent)) {
            List<RunComparison.Change> over = c.slowerByMoreThan(failPercent);
            s.append(over.isEmpty() ? "No regression" : over.size() + (over.size() == 1 ? " regression" : " regressions"))
                    .append(" of more than ").append(HumanUnits.percent(failPercent)).append(over.isEmpty() ? "\n" : ":\n");
            for (RunComparison.Change m : over) s.append("  ").append(m.name()).append('\n');
        }
        return s.toString();
    }

    private static void row(StringBuilder s, RunComparison.Change m, Metric.Unit unit) {
        s.append(String.format(Locale.ROOT, "%11s %11s %11s %8s  %-20s %-15s  %s%n", value(m.meanA(), unit),
                value(m.meanB(), unit), signed(m.meanB() - m.meanA(), unit), change(m.relativeChange(), m.meanA()),
                interval(m, unit), m.verdict().label(), m.name()));
    }

    /** As shares of A's mean, or in the figure's unit when A's mean is 0. */
    private static String interval(RunComparison.Change m, Metric.Unit unit) {
        if (m.interval() == null) return "-";
        if (m.meanA() == 0) return "[" + signed(m.interval().low(), unit) + ", " + signed(m.interval().high(), unit) + "]";
        return "[" + signedPercent(m.relativeLow()) + ", " + signedPercent(m.relativeHigh()) + "]";
    }

    private static String change(double relative, double meanA) {
        return meanA == 0 ? "new" : signedPercent(relative);
    }

    private static String signedPercent(double fraction) {
        return (fraction > 0 ? "+" : "") + HumanUnits.percent(fraction * 100);
    }

    private static String value(double v, Metric.Unit unit) {
        return HumanUnits.value(Math.round(v), unit);
    }

    private static String signed(double v, Metric.Unit unit) {
        long rounded = Math.round(v);
        return (rounded > 0 ? "+" : "") + HumanUnits.value(rounded, unit);
    }

    /** A level as a percent with the decimals it needs: 95%, 99.9875%. */
    private static String percent(double level) {
        return new java.math.BigDecimal(level * 100).round(new java.math.MathContext(6)).stripTrailingZeros()
                .toPlainString() + "%";
    }

    private static String runs(int n) {
        return n + (n == 1 ? " run" : " runs");
    }
}
