package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.candor.core.analysis.BackTraces;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.HotSpots;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/** The threads shown of a snapshot in memory: their tree is merged (for all threads) and walked here. */
final class ThreadsInMemory extends SelectedThreads {

    private final Snapshot snapshot;
    private final List<ThreadProfile> threads;
    private final CallNode tree;
    private final ChildOrder order;

    private ThreadsInMemory(Snapshot snapshot, ThreadChoice choice, List<ThreadProfile> threads, CallNode tree,
                            ChildOrder order, ViewMetrics metrics) {
        super(choice, order, snapshot.metrics().isEmpty() ? 0 : metrics.whole(tree), CallTrees.totals(tree, snapshot.metrics()),
                CallTreeRow.root(tree, order), metrics);
        this.snapshot = snapshot;
        this.threads = threads;
        this.tree = tree;
        this.order = order;
    }

    /** Merging walks every node: off the event thread. */
    static ThreadsInMemory of(Snapshot snapshot, ThreadChoice choice, ChildOrder order) {
        List<ThreadProfile> threads = choice.isMerged() ? snapshot.threads() : List.of(snapshot.threads().get(choice.index()));
        CallNode tree = choice.isMerged()
                ? CallTrees.mergeThreads(threads, snapshot.metrics().size()).root() : threads.get(0).root();
        return new ThreadsInMemory(snapshot, choice, List.copyOf(threads), tree, order, new ViewMetrics(snapshot.metrics()));
    }

    @Override public boolean readsFile() { return false; }

    @Override public List<HotSpot> hotSpots() {
        return HotSpots.compute(snapshot, threads);
    }

    @Override public CallNode backTraces(int methodId) {
        return BackTraces.of(threads, methodId, snapshot.metrics());
    }

    @Override public FlameTree flameTree(int[] zoomPath, double minShare) {
        return new FlameTree(tree, false);
    }

    @Override TreeSearch.Descent descent() {
        return visitor -> {
            try {
                CallTrees.walk(tree, order.nodes(), (node, depth) -> {
                    try {
                        return visitor.enter(node.methodId(), depth);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        };
    }
}
