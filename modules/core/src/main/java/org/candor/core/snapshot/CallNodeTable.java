package org.candor.core.snapshot;

import java.util.Arrays;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.ThreadProfile;

/** A thread of the object model as a {@link NodeTable}: its nodes numbered in pre-order, so parents come first. */
final class CallNodeTable implements NodeTable {

    private final CallNode[] nodes;
    private final int[] parents;

    private CallNodeTable(CallNode[] nodes, int[] parents) {
        this.nodes = nodes;
        this.parents = parents;
    }

    /** @throws IllegalArgumentException if a node has another number of values than the snapshot has metrics */
    static CallNodeTable of(ThreadProfile thread, int metricCount) {
        int n = 0;
        CallNode[] nodes = new CallNode[64];
        int[] parents = new int[64];
        // a stack of nodes still to number, each with its parent's number and its depth
        CallNode[] pending = new CallNode[64];
        int[] pendingParent = new int[64];
        int[] pendingDepth = new int[64];
        int top = 0;
        pending[0] = thread.root();
        pendingParent[0] = -1;
        top = 1;
        while (top > 0) {
            top--;
            CallNode node = pending[top];
            int parent = pendingParent[top];
            int depth = pendingDepth[top];
            pending[top] = null;
            if (node.metricCount() != metricCount) {
                throw new IllegalArgumentException("thread " + thread + ": a node at depth " + depth + " has "
                        + node.metricCount() + " values, the snapshot declares " + metricCount + " metrics");
            }
            if (n == nodes.length) {
                nodes = Arrays.copyOf(nodes, n * 2);
                parents = Arrays.copyOf(parents, n * 2);
            }
            nodes[n] = node;
            parents[n] = parent;
            List<CallNode> children = node.children();
            int count = children.size();
            if (top + count > pending.length) {
                int grown = Math.max(top + count, pending.length * 2);
                pending = Arrays.copyOf(pending, grown);
                pendingParent = Arrays.copyOf(pendingParent, grown);
                pendingDepth = Arrays.copyOf(pendingDepth, grown);
            }
            for (int i = count - 1; i >= 0; i--) { // the first child on top: it gets the next number
                pending[top] = children.get(i);
                pendingParent[top] = n;
                pendingDepth[top] = depth + 1;
                top++;
            }
            n++;
        }
        return new CallNodeTable(Arrays.copyOf(nodes, n), Arrays.copyOf(parents, n));
    }

    @Override public int size() { return nodes.length; }
    @Override public int parent(int node) { return parents[node]; }
    @Override public int method(int node) { return nodes[node].methodId(); }
    @Override public long value(int node, int metric) { return nodes[node].value(metric); }

    /** The model's flat profile as the writer takes it; null stays null (the writer computes it from the tree). */
    static FlatTable flat(FlatProfile flat) {
        if (flat == null) return null;
        return new FlatTable() {
            @Override public int size() { return flat.size(); }
            @Override public int method(int row) { return flat.method(row); }
            @Override public long value(int row, int metric) { return flat.value(row, metric); }
        };
    }
}
