package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.Metric;

/**
 * The order of a snapshot's value columns in every view, the text report's and the app's: times before counts, calls
 * last, and within times and within counts the inclusive value (a node's whole) before the exclusive one (its own
 * part), the file's order otherwise. Read left to right, a row goes from the whole to its parts and from cost to
 * how often: "total, self, calls" for an instrumented profile (README), "Total time, Waiting time, Self time, Self
 * waiting time, Samples, Self samples" for a wall-clock sampled one, however a writer ordered the file's columns.
 */
public final class ColumnOrder {

    private ColumnOrder() {}

    /** Metric indexes in display order. */
    public static int[] of(List<Metric> metrics) {
        List<Integer> order = new ArrayList<>();
        for (int k = 0; k < metrics.size(); k++) order.add(k);
        order.sort(Comparator.comparingInt(k -> rank(metrics.get(k)))); // stable: the file's order within a rank
        return toArray(order);
    }

    /**
     * As {@link #of}, with one metric moved to the front: the hot spots lead with the value they are ranked by.
     * A {@code first} outside the metrics is ignored.
     */
    public static int[] leading(List<Metric> metrics, int first) {
        List<Integer> order = new ArrayList<>();
        if (first >= 0 && first < metrics.size()) order.add(first);
        for (int k : of(metrics)) if (k != first) order.add(k);
        return toArray(order);
    }

    private static int rank(Metric m) {
        if (m.unit() == Metric.Unit.NANOS) return m.inclusive() ? 0 : 1;
        if (m.key().equals(Metric.CALLS.key())) return 4;
        return m.inclusive() ? 2 : 3;
    }

    private static int[] toArray(List<Integer> list) {
        int[] result = new int[list.size()];
        for (int i = 0; i < result.length; i++) result[i] = list.get(i);
        return result;
    }
}
