package org.candor.core.analysis;

import java.util.Comparator;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * The order in which a call tree shows a node's children: highest first by one value (a view's {@link SortMetric}),
 * equal values by method signature ({@link MethodRanks#bySignature}). Decided here once, so that every way of reading
 * one tree lists the same rows in the same order: the text report, the app's rows of a tree in memory, and its rows
 * and searches of a tree read in place ({@link TreeWalk}).
 */
public final class ChildOrder {

    private final int metric;
    private final int[] rank;

    /** @param metric the value children are ordered by, highest first; -1 (a snapshot without metrics): by signature */
    public ChildOrder(MethodTable methods, int metric) {
        this.metric = metric;
        this.rank = MethodRanks.bySignature(methods);
    }

    /** The value children are ordered by. */
    public int metric() { return metric; }

    /** The order of nodes in memory. */
    public Comparator<CallNode> nodes() {
        Comparator<CallNode> bySignature = Comparator.comparingInt(n -> rank[n.methodId()]);
        return metric < 0 ? bySignature : Comparator.comparingLong((CallNode n) -> n.value(metric)).reversed().thenComparing(bySignature);
    }

    /**
     * A walk in this order over trees read in place: one thread's, or several merged by method.
     *
     * @param alsoKept metrics to sum as children are read besides the order's (any others are read again when asked)
     */
    public TreeWalk walk(SnapshotFile file, List<ThreadTree> threads, boolean merged, int... alsoKept) {
        int[] kept = new int[1 + alsoKept.length];
        int n = 0;
        if (metric >= 0) kept[n++] = metric;
        for (int k : alsoKept) if (k != metric) kept[n++] = k;
        int[] keyOf = merged ? TreeWalk.byMethod(file.methods().size()) : null;
        return new TreeWalk(file, threads, keyOf, rank, java.util.Arrays.copyOf(kept, n), metric >= 0 ? 0 : -1);
    }
}
