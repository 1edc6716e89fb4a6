package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.util.List;
import org.candor.core.analysis.BackTraces;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.analysis.FlatProfiles;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.HotSpots;
import org.candor.core.analysis.PercentBasis;
import org.candor.core.analysis.PrunedTree;
import org.candor.core.analysis.ThreadTotals;
import org.candor.core.model.CallNode;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * The threads shown of a snapshot read in place: nothing of their trees is held but the rows made; each question
 * reads what it needs (a level of children, the FLAT sections, one scan for back traces, the wide part for a flame
 * graph, a walk for a search).
 */
final class ThreadsInPlace extends SelectedThreads {

    private final SnapshotFile file;
    private final List<ThreadTree> trees;
    private final boolean merged;
    private final ChildOrder order;
    private final ViewMetrics metrics;

    private ThreadsInPlace(SnapshotFile file, ThreadChoice choice, List<ThreadTree> trees, ChildOrder order,
                           ViewMetrics metrics, long whole, long[] totals) throws IOException {
        super(choice, order, whole, totals, FileBranches.root(file, trees, choice.isMerged(), order), metrics);
        this.file = file;
        this.trees = trees;
        this.merged = choice.isMerged();
        this.order = order;
        this.metrics = metrics;
    }

    /** Reads the roots' children, the hot path's rows and the threads' totals (from FLAT). */
    static ThreadsInPlace of(SnapshotFile file, ThreadChoice choice, ChildOrder order) throws IOException {
        List<ThreadTree> trees = choice.isMerged() ? file.threads() : List.of(file.threads().get(choice.index()));
        ViewMetrics metrics = new ViewMetrics(file.metrics());
        long whole = file.metrics().isEmpty() ? 0 : PercentBasis.whole(file, trees, metrics.basis());
        long[] totals = new long[file.metrics().size()];
        for (ThreadTree t : trees) {
            long[] v = ThreadTotals.of(file, t, FlatProfiles.of(file, t));
            for (int k = 0; k < totals.length; k++) totals[k] += v[k];
        }
        return new ThreadsInPlace(file, choice, trees, order, metrics, whole, totals);
    }

    @Override public boolean readsFile() { return true; }

    @Override public List<HotSpot> hotSpots() throws IOException {
        return HotSpots.compute(file, trees);
    }

    @Override public CallNode backTraces(int methodId) throws IOException {
        return BackTraces.of(file, trees, methodId, MAX_BACK_TRACE_NODES);
    }

    @Override public FlameTree flameTree(int[] zoomPath, double minShare) throws IOException {
        PrunedTree top = PrunedTree.of(file, trees, merged, order, metrics.basis(), zoomPath, whole(), minShare, MAX_FLAME_NODES);
        return new FlameTree(top.root(), top.cut());
    }

    @Override TreeSearch.Descent descent() {
        return visitor -> order.walk(file, trees, merged).walk((node, depth) -> visitor.enter(node.method(), depth));
    }
}
