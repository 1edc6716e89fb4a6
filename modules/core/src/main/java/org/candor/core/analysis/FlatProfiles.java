package org.candor.core.analysis;

import java.io.IOException;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.Metric;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.snapshot.TreeNode;
import org.candor.core.snapshot.TreeScan;

/**
 * A thread's flat profile: the exact one its snapshot carries (FLAT, counted by the agent beside the tree), else the
 * one its tree gives: per method, exclusive metrics summed over all its nodes, inclusive ones over its outermost
 * nodes only (under recursion a nested node's total is already part of its ancestor's).
 */
public final class FlatProfiles {

    private FlatProfiles() {}

    public static FlatProfile of(ThreadProfile thread, List<Metric> metrics) {
        return thread.flat() != null ? thread.flat() : fromTree(thread.root(), metrics);
    }

    /** From the file's FLAT section, or one pass over the thread's tree when it has none. */
    public static FlatProfile of(SnapshotFile file, ThreadTree thread) throws IOException {
        FlatProfile flat = file.flat(thread);
        if (flat != null) return flat;
        Accumulator sums = new Accumulator(file.metrics());
        TreeScan.scan(file, thread, new TreeScan.Visitor() {
            @Override public void enter(TreeNode node, int depth) {
                if (depth > 0) sums.enter(node.method(), node::value);
            }

            @Override public void exit(int method, int depth) {
                if (depth > 0) sums.exit(method);
            }
        });
        return sums.profile();
    }

    public static FlatProfile fromTree(CallNode root, List<Metric> metrics) {
        Accumulator sums = new Accumulator(metrics);
        CallTrees.walk(root, null, new TreeVisitor() {
            @Override public boolean enter(CallNode node, int depth) {
                if (depth > 0) sums.enter(node.methodId(), node::value);
                return true;
            }

            @Override public void exit(CallNode node, int depth) {
                if (depth > 0) sums.exit(node.methodId());
            }
        });
        return sums.profile();
    }

    /** Per method id (arrays grown to the largest id seen), the sums and how many of its nodes are open on the path. */
    private static final class Accumulator {
        private final int m;
        private final boolean[] inclusive;
        private long[] sums = new long[0];
        private int[] onPath = new int[0];
        private boolean[] seen = new boolean[0];

        Accumulator(List<Metric> metrics) {
            m = metrics.size();
            inclusive = new boolean[m];
            for (int k = 0; k < m; k++) inclusive[k] = metrics.get(k).inclusive();
        }

        void enter(int method, java.util.function.IntToLongFunction value) {
            if (method >= seen.length) {
                int n = Math.max(method + 1, seen.length * 2);
                sums = java.util.Arrays.copyOf(sums, n * m);
                onPath = java.util.Arrays.copyOf(onPath, n);
                seen = java.util.Arrays.copyOf(seen, n);
            }
            seen[method] = true;
            boolean outermost = onPath[method]++ == 0;
            int base = method * m;
            for (int k = 0; k < m; k++) if (outermost || !inclusive[k]) sums[base + k] += value.applyAsLong(k);
        }

        void exit(int method) {
            onPath[method]--;
        }

        FlatProfile profile() {
            int rows = 0;
            for (boolean b : seen) if (b) rows++;
            int[] ids = new int[rows];
            long[] values = new long[rows * m];
            int r = 0;
            for (int id = 0; id < seen.length; id++) {
                if (!seen[id]) continue;
                ids[r] = id;
                System.arraycopy(sums, id * m, values, r * m, m);
                r++;
            }
            return new FlatProfile(m, ids, values);
        }
    }
}
