package org.candor.core.report;

import java.util.List;
import org.candor.core.analysis.SnapshotComparison;
import org.candor.core.model.Metric;

/** The flat diff of two snapshots as text: a row per method, A, B, B - A and its share of A, largest change first. */
public final class ComparisonReport {

    private ComparisonReport() {}

    public static String format(SnapshotComparison comparison, String nameA, String nameB, int top) throws java.io.IOException {
        Metric metric = comparison.metric();
        StringBuilder s = new StringBuilder();
        s.append("Candor comparison by ").append(metric.label().toLowerCase(java.util.Locale.ROOT))
                .append(": A = ").append(nameA).append(" (baseline), B = ").append(nameB).append('\n');
        List<SnapshotComparison.Row> rows = comparison.flat();
        s.append(String.format("%12s %12s %12s %9s  %s%n", "A", "B", "B - A", "change", "method"));
        int shown = 0;
        for (SnapshotComparison.Row r : rows) {
            if (shown++ == top) break;
            String change = Double.isNaN(r.deltaFraction()) ? "new"
                    : (r.delta() > 0 ? "+" : "") + HumanUnits.percent(r.deltaFraction() * 100);
            s.append(String.format("%12s %12s %12s %9s  %s%n", HumanUnits.value(r.a(), metric.unit()),
                    HumanUnits.value(r.b(), metric.unit()), signed(r.delta(), metric.unit()), change,
                    r.method().signature()));
        }
        if (rows.size() > top) s.append("(").append(rows.size() - top).append(rows.size() - top == 1 ? " more method" : " more methods").append("; --top N shows more)\n");
        return s.toString();
    }

    private static String signed(long v, Metric.Unit unit) {
        String text = HumanUnits.value(v, unit);
        return v > 0 ? "+" + text : text;
    }
}
