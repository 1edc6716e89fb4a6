package org.candor.ui.model.snapshot;

import java.util.Arrays;
import java.util.Comparator;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.model.CallNode;

/** The rows of a tree in memory: a row's node is a {@link CallNode}, its children sorted as {@link ChildOrder} says. */
final class NodeBranches implements CallTreeRow.Branches {

    private final Comparator<CallNode> order;

    private NodeBranches(ChildOrder order) {
        this.order = order.nodes();
    }

    static CallTreeRow root(CallNode root, ChildOrder order) {
        return new NodeBranches(order).row(root, null, 0);
    }

    private CallTreeRow row(CallNode node, CallTreeRow parent, int index) {
        long[] values = new long[node.metricCount()];
        for (int k = 0; k < values.length; k++) values[k] = node.value(k);
        return new CallTreeRow(this, node, node.methodId(), values, node.children().isEmpty(), parent, index);
    }

    @Override public CallTreeRow[] childrenOf(CallTreeRow row) {
        CallNode[] sorted = ((CallNode) row.node()).children().toArray(new CallNode[0]);
        Arrays.sort(sorted, order);
        CallTreeRow[] rows = new CallTreeRow[sorted.length];
        for (int i = 0; i < sorted.length; i++) rows[i] = row(sorted[i], row, i);
        return rows;
    }

    @Override public boolean readsFile() { return false; }
}
