package org.candor.core.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A node of a calling-context tree: one call path from the thread's root to a method. The values are in the order
 * of the snapshot's metrics. The root of a thread's tree has no method ({@link #ROOT}); its children are the
 * thread's outermost measured calls and its values are their sums.
 */
public final class CallNode {

    public static final int ROOT = -1;

    private final CallNode parent;
    private final int methodId;
    private final long[] values;
    private final List<CallNode> children = new ArrayList<>(2);

    public CallNode(CallNode parent, int methodId, int metricCount) {
        this.parent = parent;
        this.methodId = methodId;
        this.values = new long[metricCount];
        if (parent != null) parent.children.add(this);
    }

    public CallNode parent() { return parent; }
    public int methodId() { return methodId; }
    public boolean isRoot() { return methodId == ROOT; }

    public long value(int metricIndex) { return values[metricIndex]; }
    public void setValue(int metricIndex, long v) { values[metricIndex] = v; }
    public void addValue(int metricIndex, long v) { values[metricIndex] += v; }
    public int metricCount() { return values.length; }

    public List<CallNode> children() { return Collections.unmodifiableList(children); }

    /** Reorders the children (a stable sort): a tree whose values were added to, put back highest first. */
    public void sortChildren(java.util.Comparator<? super CallNode> order) {
        children.sort(order);
    }

    /** The child for {@code methodId}, or null. Linear: trees are built once, not searched in hot loops. */
    public CallNode child(int methodId) {
        for (CallNode c : children) if (c.methodId == methodId) return c;
        return null;
    }

    /** The child for {@code methodId}, created with zero values when absent. */
    public CallNode childOrCreate(int methodId) {
        CallNode c = child(methodId);
        return c != null ? c : new CallNode(this, methodId, values.length);
    }

    public int depth() {
        int d = 0;
        for (CallNode n = parent; n != null; n = n.parent) d++;
        return d;
    }

    /** Number of nodes in this subtree, this one included. Iterative: trees can be very deep. */
    public int subtreeSize() {
        int n = 0;
        java.util.ArrayDeque<CallNode> todo = new java.util.ArrayDeque<>();
        todo.push(this);
        while (!todo.isEmpty()) {
            CallNode c = todo.pop();
            n++;
            for (CallNode k : c.children) todo.push(k);
        }
        return n;
    }
}
