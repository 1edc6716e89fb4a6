package org.candor.ui.model.snapshot;

import java.util.List;
import org.candor.core.analysis.PercentBasis;
import org.candor.core.analysis.SortMetric;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;

/**
 * Which of a snapshot's values the views sort by, rank by and take as 100 %, as core decides it for the text report
 * ({@link SortMetric}, {@link PercentBasis}); every view of one snapshot uses the same three.
 */
public final class ViewMetrics {

    private final List<Metric> metrics;
    private final int tree;
    private final int hotSpots;
    private final int basis;

    public ViewMetrics(List<Metric> metrics) {
        this.metrics = List.copyOf(metrics);
        this.tree = SortMetric.tree(metrics);
        this.hotSpots = SortMetric.hotSpots(metrics, tree);
        this.basis = PercentBasis.metric(metrics, tree);
    }

    public List<Metric> metrics() { return metrics; }
    /** What a tree's children are sorted by, largest first. */
    public int tree() { return tree; }
    /** What the hot spots are ranked by. */
    public int hotSpots() { return hotSpots; }
    /** What shares compare; {@link #whole} is its total. */
    public int basis() { return basis; }
    /** True when a node's basis value holds its descendants' (a total), so widths and shares nest. */
    public boolean basisIsInclusive() { return !PercentBasis.isSubtreeSum(metrics, tree); }

    /** What shares of a tree are of, as in the text report: its basis total over its outermost calls. */
    public long whole(CallNode root) {
        return PercentBasis.whole(root, metrics, basis);
    }
}
