package org.candor.core.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/** What the report formats share: thread selection and grouping, node order, column order. */
final class ReportSupport {

    private ReportSupport() {}

    /** The threads to report on: the filtered ones, one by one or merged into a single profile. */
    static List<ThreadProfile> threads(Snapshot snapshot, ReportOptions options, boolean mergeByDefault) {
        List<ThreadProfile> selected = options.threads().select(snapshot.threads());
        boolean merge = options.grouping() == ThreadGrouping.MERGED
                || options.grouping() == ThreadGrouping.AUTO && mergeByDefault;
        if (!merge) return selected;
        return Collections.singletonList(CallTrees.mergeThreads(selected, snapshot.metrics().size()));
    }

    /** Highest value first; ties by method name and descriptor, then id, so output is the same on every run. */
    static Comparator<CallNode> byValueDescending(int metricIndex, MethodTable methods) {
        return (a, b) -> {
            int c = Long.compare(b.value(metricIndex), a.value(metricIndex));
            if (c != 0) return c;
            MethodInfo ma = methods.get(a.methodId());
            MethodInfo mb = methods.get(b.methodId());
            c = ma.qualifiedName().compareTo(mb.qualifiedName());
            if (c != 0) return c;
            c = ma.descriptor().compareTo(mb.descriptor());
            return c != 0 ? c : Integer.compare(a.methodId(), b.methodId());
        };
    }

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
