package org.candor.core.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.Metric;

/** What the report formats share: column order and padding. */
final class ReportSupport {

    private ReportSupport() {}

    /** Metric indexes in display order: inclusive times, other times, other counts, calls; stable otherwise. */
    static int[] columnOrder(List<Metric> metrics) {
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < metrics.size(); k++) order.add(k);
        order.sort(Comparator.comparingInt(k -> rank(metrics.get(k))));
        int[] result = new int[order.size()];
        for (int i = 0; i < result.length; i++) result[i] = order.get(i);
        return result;
    }

    private static int rank(Metric m) {
        if (m.unit() == Metric.Unit.NANOS) return m.inclusive() ? 0 : 1;
        return m.key().equals(Metric.CALLS.key()) ? 3 : 2;
    }

    static void padLeft(StringBuilder line, String text, int width) {
        for (int i = text.length(); i < width; i++) line.append(' ');
        line.append(text);
    }

    static void padRight(StringBuilder line, String text, int width) {
        line.append(text);
        for (int i = text.length(); i < width; i++) line.append(' ');
    }
}
