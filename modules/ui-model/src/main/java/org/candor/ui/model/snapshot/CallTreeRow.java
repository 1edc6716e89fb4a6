package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.List;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.model.CallNode;

/**
 * A row of a call-tree table: one node of the tree (of the threads shown merged, or of one) with its values, and its
 * children's rows in display order ({@link ChildOrder}). The children's rows are made the first time they are asked
 * for, i.e. when the row is expanded, so a tree of tens of millions of nodes costs only what is shown. Where the
 * tree is read in place ({@link #readsFile}), making them reads the file: do it off the event thread
 * ({@link #makeChildren}) before the row is expanded. Safe to share between threads.
 */
public final class CallTreeRow {

    private static final CallTreeRow[] NONE = new CallTreeRow[0];
    /** The hot path opened at first ends above the first node under this share of the whole. */
    private static final double HOT_PATH_MIN_SHARE = 0.1;
    private static final int HOT_PATH_MAX_DEPTH = 16;

    /** Makes a row's children: from a tree in memory, or from its file. */
    interface Branches {
        /** The children of {@code row} in display order, made with {@link CallTreeRow#CallTreeRow}. */
        CallTreeRow[] childrenOf(CallTreeRow row) throws IOException;

        /** Whether making children reads a file. */
        boolean readsFile();
    }

    private final Branches branches;
    /** Where the row's node is, for {@link #branches}: a CallNode, or its records in the file. */
    private final Object node;
    private final int methodId;
    private final long[] values;
    private final boolean leaf;
    private final CallTreeRow parent;
    private final int index;
    private volatile CallTreeRow[] children;

    /** The row of a tree's root in memory, its children in the given order. */
    public static CallTreeRow root(CallNode root, ChildOrder order) {
        return NodeBranches.root(root, order);
    }

    /**
     * The root row of a comparison's diff tree, A's figure as value 0 and B's as value 1; its children are read at
     * once (call off the event thread), the others' as their rows are expanded.
     */
    public static CallTreeRow root(org.candor.core.analysis.SnapshotComparison comparison) throws IOException {
        return ComparedBranches.root(comparison);
    }

    CallTreeRow(Branches branches, Object node, int methodId, long[] values, boolean leaf, CallTreeRow parent, int index) {
        this.branches = branches;
        this.node = node;
        this.methodId = methodId;
        this.values = values;
        this.leaf = leaf;
        this.parent = parent;
        this.index = index;
    }

    /** Where the row's node is: what its {@link Branches} made it with. */
    Object node() { return node; }

    /** The method's id; {@link CallNode#ROOT} for the root row. */
    public int methodId() { return methodId; }
    public boolean isRoot() { return methodId == CallNode.ROOT; }
    /** The value of a metric (summed over the threads merged). */
    public long value(int metric) { return values[metric]; }
    public CallTreeRow parent() { return parent; }
    /** Position among the parent's children, in display order. */
    public int index() { return index; }
    /** Known without making the children. */
    public boolean isLeaf() { return leaf; }
    /** True once the children's rows exist, i.e. the row was expanded or asked for its children. */
    public boolean childrenMade() { return children != null; }
    /** Whether making this row's children reads the snapshot's file ({@link #makeChildren} first, in the background). */
    public boolean readsFile() { return branches.readsFile(); }

    /** The number of children; makes them (reading the file where the tree is read in place). */
    public int childCount() { return children().length; }

    public CallTreeRow child(int i) { return children()[i]; }

    private CallTreeRow[] children() {
        CallTreeRow[] c = children;
        if (c != null) return c;
        try {
            return makeChildren();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Makes the children's rows if they are not made yet: off the event thread when the row {@link #readsFile}. */
    public synchronized CallTreeRow[] makeChildren() throws IOException {
        if (children == null) children = leaf ? NONE : branches.childrenOf(this);
        return children;
    }

    /**
     * The rows a tree opens at first, from this root: the hottest path, down to the first row under a tenth of the
     * whole or sixteen levels, whichever comes first; the rows returned are the ones to expand (the root's children
     * show anyway). Makes the children of the rows on the way: off the event thread for a tree read in place.
     */
    public List<CallTreeRow> hotPath(int basis, long whole) {
        List<CallTreeRow> expand = new java.util.ArrayList<>();
        CallTreeRow row = this;
        for (int depth = 0; depth < HOT_PATH_MAX_DEPTH && !row.isLeaf(); depth++) {
            CallTreeRow hottest = row.child(0);
            if (hottest.value(basis) < HOT_PATH_MIN_SHARE * whole) break;
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
        int depth = 0;
        for (CallTreeRow r = this; r.parent != null; r = r.parent) depth++;
        int[] ids = new int[depth];
        for (CallTreeRow r = this; r.parent != null; r = r.parent) ids[--depth] = r.methodId;
        return ids;
    }

    /**
     * The row at a {@link #methodPath} below this one, or null when the tree has no such path. Makes the children of
     * the rows on the way: off the event thread for a tree read in place.
     */
    public CallTreeRow at(int[] methodPath) {
        CallTreeRow r = this;
        for (int id : methodPath) {
            CallTreeRow next = null;
            for (int i = 0; i < r.childCount() && next == null; i++) if (r.child(i).methodId == id) next = r.child(i);
            if (next == null) return null;
            r = next;
        }
        return r;
    }

    @Override public String toString() { return "row of method " + methodId; }
}
