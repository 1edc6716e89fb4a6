package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.analysis.TreeWalk;
import org.candor.core.model.CallNode;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * The rows of threads' trees read in place: a row's node is the records it merges (one per thread that has its call
 * path), and its children are read below them by a walk of one level ({@link TreeWalk#walkFrom}), merged and ordered
 * as the walks of the whole tree are. Nothing is kept but the rows made.
 */
final class FileBranches implements CallTreeRow.Branches {

    /** A row's records: of the walk's threads {@code threads[i]}, at {@code offsets[i]}. */
    private static final class Records {
        final int[] threads;
        final long[] offsets;

        Records(int[] threads, long[] offsets) {
            this.threads = threads;
            this.offsets = offsets;
        }
    }

    private final SnapshotFile file;
    private final List<ThreadTree> threads;
    private final boolean merged;
    private final ChildOrder order;
    private final int[] allMetrics;

    private FileBranches(SnapshotFile file, List<ThreadTree> threads, boolean merged, ChildOrder order) {
        this.file = file;
        this.threads = List.copyOf(threads);
        this.merged = merged;
        this.order = order;
        this.allMetrics = new int[file.metrics().size()];
        for (int k = 0; k < allMetrics.length; k++) allMetrics[k] = k;
    }

    /** The root row of the threads' trees, merged by method when {@code merged}; its children are read at once. */
    static CallTreeRow root(SnapshotFile file, List<ThreadTree> threads, boolean merged, ChildOrder order) throws IOException {
        FileBranches b = new FileBranches(file, threads, merged, order);
        int[] all = new int[threads.size()];
        long[] roots = new long[threads.size()];
        for (int t = 0; t < all.length; t++) {
            all[t] = t;
            roots[t] = threads.get(t).root();
        }
        List<CallTreeRow> root = new ArrayList<>(1);
        b.walk(new Records(all, roots), true, (records, method, values, hasChildren) ->
                root.add(new CallTreeRow(b, records, CallNode.ROOT, values, !hasChildren, null, 0)));
        CallTreeRow r = root.get(0);
        r.makeChildren();
        return r;
    }

    @Override public CallTreeRow[] childrenOf(CallTreeRow row) throws IOException {
        List<CallTreeRow> rows = new ArrayList<>();
        walk((Records) row.node(), false, (records, method, values, hasChildren) ->
                rows.add(new CallTreeRow(this, records, method, values, !hasChildren, row, rows.size())));
        return rows.toArray(new CallTreeRow[0]);
    }

    @Override public boolean readsFile() { return true; }

    /** Receives a node of the walk as a row's makings. */
    private interface Made {
        void row(Records records, int method, long[] values, boolean hasChildren);
    }

    /** The children of the records, one by one in display order; with {@code start}, the records themselves. */
    private void walk(Records at, boolean start, Made made) throws IOException {
        TreeWalk walk = order.walk(file, threads, merged, allMetrics);
        walk.walkFrom(at.threads, at.offsets, (node, depth) -> {
            if (depth == 0 && !start) return true;
            int n = node.sourceCount();
            int[] ts = new int[n];
            long[] os = new long[n];
            for (int i = 0; i < n; i++) {
                ts[i] = node.sourceThread(i);
                os[i] = node.sourceOffset(i);
            }
            long[] values = new long[allMetrics.length];
            for (int k = 0; k < values.length; k++) values[k] = node.value(k);
            made.row(new Records(ts, os), node.method(), values, node.hasChildren());
            return false;
        });
    }
}
