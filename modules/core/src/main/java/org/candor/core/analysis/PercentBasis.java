package org.candor.core.analysis;

import java.io.IOException;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * What "100 %" is, in the text report and the app alike. A node's share compares an inclusive value (the chosen
 * value if it is one, else the tree's {@link SortMetric#tree}), so a node's share is never smaller than a
 * descendant's; a snapshot without any inclusive metric compares the chosen value summed over the node's subtree.
 * The whole is the threads' total of that metric as their outermost calls give it ({@link ThreadTotals},
 * {@link CallTrees#totals}), never the root record's own value: the format makes that the sum of its children,
 * but a writer may not (the sampler counts samples without a Java frame on the root, and those belong to no method),
 * and a share must add up with the thread totals and hot spots shown beside it.
 */
public final class PercentBasis {

    private PercentBasis() {}

    /**
     * The metric whose values shares compare, for a view about {@code value}: {@code value} if it is inclusive, else
     * the tree's value if that is; else {@code value} itself, whose subtree sums a share must then compare.
     */
    public static int metric(List<Metric> metrics, int value) {
        if (metrics.get(value).inclusive()) return value;
        int tree = SortMetric.tree(metrics);
        return metrics.get(tree).inclusive() ? tree : value;
    }

    /** True when shares of {@code value} compare subtree sums: no metric of the snapshot is inclusive. */
    public static boolean isSubtreeSum(List<Metric> metrics, int value) {
        return !metrics.get(metric(metrics, value)).inclusive();
    }

    /** The whole of a tree in memory: the basis metric's total over the threads' outermost calls. */
    public static long whole(CallNode root, List<Metric> metrics, int metric) {
        return CallTrees.total(root, metrics, metric);
    }

    /**
     * The whole of threads read in place, as {@link #whole(CallNode, List, int)} gives it for their tree in memory:
     * an inclusive metric's sum over their outermost calls (their roots' children), any other's over all their
     * nodes (from their flat profiles).
     */
    public static long whole(SnapshotFile file, List<ThreadTree> threads, int metric) throws IOException {
        boolean inclusive = file.metrics().get(metric).inclusive();
        long sum = 0;
        for (ThreadTree t : threads) {
            sum += inclusive ? ThreadTotals.outermostCalls(file, t)[metric]
                    : ThreadTotals.of(file, t, FlatProfiles.of(file, t))[metric];
        }
        return sum;
    }
}
