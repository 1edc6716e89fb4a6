package org.candor.ui.model.snapshot;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.CallNode;

/**
 * A row of a call-tree table: one node plus its children in display order (largest first by a value). The children's
 * rows are made the first time they are asked for, i.e. when the row is expanded, so a tree of a million nodes costs
 * only what is shown.
 */
public final class CallTreeRow {

    private static final CallTreeRow[] NONE = new CallTreeRow[0];
    /** The hot path opened at first ends above the first node under this share of the whole. */
    private static final double HOT_PATH_MIN_SHARE = 0.1;
    private static final int HOT_PATH_MAX_DEPTH = 16;

    private final CallNode node;
    private final CallTreeRow parent;
    private final int index;
    private final int sortMetric;
    private CallTreeRow[] children;

    /** The row of a tree's root, its children sorted by the given metric, largest first. */
    public static CallTreeRow root(CallNode root, int sortMetric) {
        return new CallTreeRow(root, null, 0, sortMetric);
    }

    private CallTreeRow(CallNode node, CallTreeRow parent, int index, int sortMetric) {
        this.node = node;
        this.parent = parent;
        this.index = index;
        this.sortMetric = sortMetric;
    }

    public CallNode node() { return node; }
    public CallTreeRow parent() { return parent; }
    /** Position among the parent's children, in display order. */
    public int index() { return index; }
    public boolean isLeaf() { return node.children().isEmpty(); }
    public int childCount() { return node.children().size(); }
    /** True once the children's rows exist, i.e. the row was expanded or asked for its children. */
    public boolean childrenMade() { return children != null; }

    public CallTreeRow child(int i) { return children()[i]; }

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

    /**
     * The rows a tree opens at first, from this root: the hottest path, down to the first row under a tenth of the
     * whole or sixteen levels, whichever comes first; the rows returned are the ones to expand (the root's children
     * show anyway).
     */
    public List<CallTreeRow> hotPath(int basis, long whole) {
        List<CallTreeRow> expand = new java.util.ArrayList<>();
        CallTreeRow row = this;
        for (int depth = 0; depth < HOT_PATH_MAX_DEPTH && !row.isLeaf(); depth++) {
            CallTreeRow hottest = row.child(0);
            if (hottest.node.value(basis) < HOT_PATH_MIN_SHARE * whole) break;
            if (depth > 0) expand.add(row);
            row = hottest;
        }
        return expand;
    }

    /** The rows from the root down to this one. Iterative: call trees can be thousands of levels deep. */
    public CallTreeRow[] path() {
        ArrayDeque<CallTreeRow> rows = new ArrayDeque<>();
        for (CallTreeRow r = this; r != null; r = r.parent) rows.push(r);
        return rows.toArray(new CallTreeRow[0]);
    }

    /**
     * The method ids from below the root down to this row: a call path that stays the same across snapshots of one
     * session, where the rows and nodes do not.
     */
    public int[] methodPath() {
        ArrayDeque<Integer> ids = new ArrayDeque<>();
        for (CallTreeRow r = this; r != null && r.parent != null; r = r.parent) ids.push(r.node.methodId());
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The row at a {@link #methodPath} below this one, or null when the tree has no such path. */
    public CallTreeRow at(int[] methodPath) {
        CallTreeRow r = this;
        for (int id : methodPath) {
            CallTreeRow next = null;
            for (int i = 0; i < r.childCount() && next == null; i++) if (r.child(i).node.methodId() == id) next = r.child(i);
            if (next == null) return null;
            r = next;
        }
        return r;
    }

    @Override public String toString() { return "row of method " + node.methodId(); }
}
