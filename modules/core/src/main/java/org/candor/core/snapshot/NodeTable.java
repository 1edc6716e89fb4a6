package org.candor.core.snapshot;

/**
 * One thread's calling-context tree as a writer hands it to {@link SnapshotStreamWriter}: nodes numbered in any
 * order in which every parent comes before its children ({@code parent(i) < i}); node 0 is the thread's root. The
 * writer asks for a node's values as often as it needs them, in any order, so a table over the writer's own arrays
 * costs nothing per node.
 */
public interface NodeTable {

    /** Nodes, root included (at least 1). */
    int size();

    /** The parent's number, below {@code node}; -1 for the root. */
    int parent(int node);

    /** The method table id of the node's method; ignored for the root. */
    int method(int node);

    /** The node's value of the metric with this index, in the order of the snapshot's metrics. */
    long value(int node, int metric);

    /**
     * The inclusive metric whose value at any node is this exclusive metric summed over the node's subtree (in a
     * sampled tree, total time is self time so summed), or -1 when there is none. A live view's cut ({@link TreeCut})
     * then takes what it leaves out from the cut nodes alone, without visiting the nodes below them.
     */
    default int subtreeSum(int metric) { return -1; }
}
