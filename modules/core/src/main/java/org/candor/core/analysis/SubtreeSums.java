package org.candor.core.analysis;

import java.io.IOException;
import java.util.Arrays;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.snapshot.TreeNode;
import org.candor.core.snapshot.TreeScan;

/**
 * Per node of one thread, the sum of a metric over its subtree: what a report compares and sorts by when the
 * snapshot has no inclusive metric to do it with. One pass over the tree, in file order, so the node offsets come
 * out sorted and a node's sum is found by binary search. 16 bytes a node: only for snapshots without an inclusive
 * metric, which agents do not write.
 */
public final class SubtreeSums {

    private final long[] offsets;
    private final long[] sums;

    private SubtreeSums(long[] offsets, long[] sums) {
        this.offsets = offsets;
        this.sums = sums;
    }

    public static SubtreeSums of(SnapshotFile file, ThreadTree thread, int metric) throws IOException {
        int n = (int) thread.nodeCount();
        long[] offsets = new long[n];
        long[] sums = new long[n];
        int[][] open = {new int[64]};
        int[] next = {0};
        TreeScan.scan(file, thread, new TreeScan.Visitor() {
            @Override public void enter(TreeNode node, int depth) {
                int i = next[0]++;
                offsets[i] = node.offset();
                sums[i] = node.value(metric);
                if (depth == open[0].length) open[0] = Arrays.copyOf(open[0], depth * 2);
                open[0][depth] = i;
            }

            @Override public void exit(int method, int depth) {
                if (depth > 0) sums[open[0][depth - 1]] += sums[open[0][depth]];
            }
        });
        return new SubtreeSums(offsets, sums);
    }

    /** The sum of the subtree of the node whose record starts at {@code offset}. */
    public long at(long offset) {
        int i = Arrays.binarySearch(offsets, offset);
        if (i < 0) throw new IllegalArgumentException("no node at offset " + offset);
        return sums[i];
    }
}
