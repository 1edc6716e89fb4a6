package org.candor.core.analysis;

import java.util.List;
import org.candor.core.model.Metric;

/**
 * Which metric a view is sorted by when nobody chose one, in the text report and the app alike. The call tree is
 * sorted by an inclusive measure, so that a child is never hidden below a smaller sibling whose subtree is larger;
 * the hot spots are ranked by an exclusive one, what a method cost on its own. Either way a cost (a time, a counter's
 * events, samples) comes before calls: how often a method ran says nothing of what it cost, so calls are the
 * measure only of a snapshot that has nothing else.
 */
public final class SortMetric {

    private SortMetric() {}

    /**
     * The value a call tree is sorted by (and, being inclusive, its percentages are of: {@link PercentBasis}): total
     * time, or else the first inclusive time, the first inclusive count (a counter's total, samples), the first time,
     * the first count other than calls, the first metric. -1 when there are no metrics.
     */
    public static int tree(List<Metric> metrics) {
        int k = Metric.indexOf(metrics, Metric.TOTAL_TIME.key());
        if (k >= 0 && !metrics.get(k).inclusive()) k = -1;
        if (k < 0) k = first(metrics, true, Metric.Unit.NANOS);
        if (k < 0) k = first(metrics, true, Metric.Unit.COUNT);
        if (k < 0) k = first(metrics, false, Metric.Unit.NANOS);
        if (k < 0) k = first(metrics, false, Metric.Unit.COUNT);
        return k < 0 && !metrics.isEmpty() ? 0 : k;
    }

    /**
     * The value hot spots are ranked by, given the value the tree is sorted by: that value if it is exclusive, else
     * self time, or else the first exclusive time, the first exclusive count other than calls (a counter's self
     * count), or else the tree's value after all (a snapshot whose only exclusive column is calls).
     */
    public static int hotSpots(List<Metric> metrics, int treeValue) {
        if (treeValue >= 0 && treeValue < metrics.size() && !metrics.get(treeValue).inclusive()) return treeValue;
        int k = Metric.indexOf(metrics, Metric.SELF_TIME.key());
        if (k >= 0 && metrics.get(k).inclusive()) k = -1;
        if (k < 0) k = first(metrics, false, Metric.Unit.NANOS);
        if (k < 0) k = first(metrics, false, Metric.Unit.COUNT);
        return k >= 0 ? k : treeValue;
    }

    /** The first metric of this kind (inclusive or not) and unit that is not calls, or -1. */
    private static int first(List<Metric> metrics, boolean inclusive, Metric.Unit unit) {
        for (int k = 0; k < metrics.size(); k++) {
            Metric m = metrics.get(k);
            if (m.inclusive() == inclusive && m.unit() == unit && !isCalls(m)) return k;
        }
        return -1;
    }


    private static boolean isCalls(Metric m) {
        return m.key().equals(Metric.CALLS.key());
    }
}
