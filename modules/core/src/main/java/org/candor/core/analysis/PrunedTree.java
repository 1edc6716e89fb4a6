package org.candor.core.analysis;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * What a picture of one node of threads' trees read in place can show, as a tree in memory: the path from the
 * threads' roots (merged) down to the node, and below it every node whose value of an inclusive metric is at least
 * a share of the node's. A flame graph draws nothing narrower than a pixel, so of a tree of tens of millions of
 * nodes it needs a few thousand; nothing below the share is read past its record.
 * (Core is Java 11: no record.)
 */
public final class PrunedTree {

    private final CallNode root;
    private final boolean cut;

    private PrunedTree(CallNode root, boolean cut) {
        this.root = root;
        this.cut = cut;
    }

    /** The threads' roots merged; below it the path, then the node's subtree as far as it was kept. */
    public CallNode root() { return root; }

    /** True when nodes at or above the share were left out because the tree reached its size limit. */
    public boolean cut() { return cut; }

    /**
     * @param order    how children are grouped and ordered (the tree's {@link ChildOrder})
     * @param metric   the inclusive value shares are of
     * @param path     the node's method ids from below the roots; empty for the roots themselves
     * @param whole    the roots' value of {@code metric} as the caller counts it ({@link PercentBasis#whole})
     * @param minShare the smallest node kept below the node, as a share of the node's value
     * @param maxNodes the most nodes kept
     */
    public static PrunedTree of(SnapshotFile file, List<ThreadTree> threads, boolean merged, ChildOrder order, int metric,
                                int[] path, long whole, double minShare, int maxNodes) throws IOException {
        int metrics = file.metrics().size();
        int[] all = new int[metrics];
        for (int k = 0; k < metrics; k++) all[k] = k;
        TreeWalk walk = order.walk(file, threads, merged, all);
        CallNode[][] open = {new CallNode[64]};
        // a node is kept when its share of the node's value is at least minShare, computed as a drawing computes a width
        long[] of = {path.length == 0 ? whole : 0};
        int[] nodes = {0};
        boolean[] cut = {false};
        walk.walk((node, depth) -> {
            if (depth > 0 && depth <= path.length) {
                if (node.method() != path[depth - 1]) return false;
                if (depth == path.length) of[0] = node.value(metric);
            } else if (depth > path.length) {
                if (of[0] <= 0 || (double) node.value(metric) / of[0] < minShare) return false;
                if (nodes[0] >= maxNodes) {
                    cut[0] = true;
                    return false;
                }
            }
            if (depth == open[0].length) open[0] = Arrays.copyOf(open[0], depth * 2);
            CallNode n = new CallNode(depth == 0 ? null : open[0][depth - 1], depth == 0 ? CallNode.ROOT : node.method(), metrics);
            for (int k = 0; k < metrics; k++) n.setValue(k, node.value(k));
            open[0][depth] = n;
            nodes[0]++;
            return true;
        });
        return new PrunedTree(open[0][0], cut[0]);
    }
}
