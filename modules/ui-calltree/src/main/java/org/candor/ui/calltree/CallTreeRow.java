package org.candor.ui.calltree;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.CallNode;

/**
 * A row of the call-tree table: one node plus its children in display order. The children's rows are made the first
 * time they are asked for, i.e. when the row is expanded, so a tree of a million nodes costs only what is shown.
 */
final class CallTreeRow {

    private static final CallTreeRow[] NONE = new CallTreeRow[0];

    private final CallNode node;
    private final CallTreeRow parent;
    private final int index;
    private final int sortMetric;
    private CallTreeRow[] children;

    /** The row of a tree's root, its children sorted by the given metric, largest first. */
    static CallTreeRow root(CallNode root, int sortMetric) {
        return new CallTreeRow(root, null, 0, sortMetric);
    }

    private CallTreeRow(CallNode node, CallTreeRow parent, int index, int sortMetric) {
        this.node = node;
        this.parent = parent;
        this.index = index;
        this.sortMetric = sortMetric;
    }

    CallNode node() { return node; }
    CallTreeRow parent() { return parent; }
    /** Position among the parent's children, in display order. */
    int index() { return index; }
    boolean isLeaf() { return node.children().isEmpty(); }
    int childCount() { return node.children().size(); }
    /** True once the children's rows exist, i.e. the row was expanded or asked for its children. */
    boolean childrenMade() { return children != null; }

    CallTreeRow child(int i) { return children()[i]; }

    private CallTreeRow[] children() {
        if (children == null) {
            List<CallNode> kids = node.children();
            if (kids.isEmpty()) {
                children = NONE;
            } else {
                CallNode[] sorted = kids.toArray(new CallNode[0]);
                Arrays.sort(sorted, Comparator.comparingLong((CallNode c) -> c.value(sortMetric)).reversed());
                children = new CallTreeRow[sorted.length];
                for (int i = 0; i < sorted.length; i++) children[i] = new CallTreeRow(sorted[i], this, i, sortMetric);
            }
        }
        return children;
    }

    @Override public String toString() { return "row of method " + node.methodId(); }
}
