package org.candor.core.snapshot;

import java.io.IOException;
import java.util.Arrays;

/**
 * Writes one thread's THRD section (2.0) from a {@link NodeTable}. The table gives parents, not children, so the
 * encoder builds the children lists itself (counted, then filled into one array, each list sorted by the first
 * inclusive metric, highest first), computes every node's extent bottom-up (children have higher numbers than their
 * parent), then writes the nodes in pre-order with a stack of positions in the children lists: no recursion, however
 * deep the tree. Its working memory is {@link TreeScratch}, 16 bytes a node outside the heap, plus 24 bytes per
 * child of the widest node (the sort) and 12 per level of the deepest path (the stack) on it.
 */
final class ThreadEncoder {

    /** Taken for each tree written, given back after it (see {@link TreeScratch#take}). */
    private TreeScratch scratch;
    private final int metricCount;
    private final int sortMetric;
    private final boolean[] inclusive;
    private final long[] values;
    private final ByteSink head = new ByteSink(256);
    /** Arrays as long as the widest children list so far: the only working memory that is not per node. */
    private final DescendingSort sort = new DescendingSort();
    private int[] openNodes = new int[64];
    private int[] nextChild = new int[64];

    /** The largest method id of the trees written so far, checked when the method table comes later. */
    private int largestMethod = -1;
    private String largestMethodWhere;

    ThreadEncoder(boolean[] inclusive) {
        this.inclusive = inclusive.clone();
        this.metricCount = inclusive.length;
        this.values = new long[metricCount];
        int first = -1;
        for (int k = 0; k < metricCount && first < 0; k++) if (inclusive[k]) first = k;
        this.sortMetric = first;
    }

    int largestMethod() { return largestMethod; }
    String largestMethodWhere() { return largestMethodWhere; }

    /**
     * Writes the section; when {@code flat} is given, feeds it every node as it is written.
     *
     * @param methodCount the size of the method table, or -1 while it is not known
     */
    void write(SnapshotOutput out, long threadId, String name, NodeTable tree, int methodCount, FlatSums flat)
            throws IOException {
        scratch = TreeScratch.take();
        try {
            writeTree(out, threadId, name, tree, methodCount, flat);
        } finally {
            scratch.giveBack();
            scratch = null;
        }
    }

    /**
     * The flat profile of a tree without writing it (for a tree that is written cut, {@link TreeCut}): the children
     * lists, then the same pre-order walk as {@link #writeNodes}, feeding {@code flat} every node.
     */
    FlatSums flatOf(NodeTable tree, String thread) {
        FlatSums flat = new FlatSums(inclusive);
        scratch = TreeScratch.take();
        try {
            int n = tree.size();
            scratch.reserve(n);
            link(tree, n, thread);
            preOrder(new Visit() {
                @Override public void enter(int node, int depth) {
                    for (int k = 0; k < metricCount; k++) values[k] = tree.value(node, k);
                    flat.enter(tree.method(node), values);
                }

                @Override public void exit(int node) {
                    flat.exit(tree.method(node));
                }
            });
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);  // nothing is written here
        } finally {
            scratch.giveBack();
            scratch = null;
        }
        return flat;
    }

    int sortMetric() { return sortMetric; }

    private void writeTree(SnapshotOutput out, long threadId, String name, NodeTable tree, int methodCount, FlatSums flat)
            throws IOException {
        String thread = "thread " + name + " (#" + threadId + ")";
        int n = tree.size();
        if (n < 1) throw new IllegalArgumentException(thread + ": a tree has at least its root, this one has " + n + " nodes");
        if (tree.parent(0) != -1) throw new IllegalArgumentException(thread + ": node 0 is the root, its parent must be -1");
        scratch.reserve(n);
        link(tree, n, thread);
        if (sortMetric >= 0) for (int p = 0; p < n; p++) sortChildren(tree, p);
        computeExtents(tree, n);

        head.reset();
        head.svarint(threadId);
        head.string(name);
        head.uvarint(n);
        long rootExtent = scratch.extent(0);
        long nodesLength = Varints.uvarintLength(rootExtent) + rootExtent;
        out.sectionHeader(SnapshotFormat.TAG_THREAD, head.size() + nodesLength);
        out.bytes(head);
        long start = out.position();
        writeNodes(out, tree, methodCount, flat, thread);
        if (out.position() - start != nodesLength) {
            throw new IllegalArgumentException(thread + ": its values changed while it was written (" + (out.position() - start)
                    + " bytes instead of " + nodesLength + ")");
        }
    }

    /**
     * The children lists, each in node order: counted per parent, the counts turned into start positions, then
     * each node put at its parent's next free position.
     */
    private void link(NodeTable tree, int n, String thread) {
        for (int i = 0; i <= n; i++) scratch.start(i, 0);
        for (int i = 1; i < n; i++) {
            int p = checkedParent(tree.parent(i), i, thread);
            scratch.start(p + 1, scratch.start(p + 1) + 1);
        }
        for (int i = 1; i <= n; i++) scratch.start(i, scratch.start(i) + scratch.start(i - 1));
        // start(p) now is where p's children begin; it serves as p's next free position while they are placed,
        // which leaves it at start(p + 1): a shift by one restores it afterwards
        for (int i = 1; i < n; i++) {
            int p = tree.parent(i);
            int at = scratch.start(p);
            scratch.child(at, i);
            scratch.start(p, at + 1);
        }
        for (int i = n; i >= 1; i--) scratch.start(i, scratch.start(i - 1));
        scratch.start(0, 0);
    }

    /**
     * A node's parent, checked: a {@link NodeTable}'s every node but the root has a parent that comes before it. One
     * check and message for every writer of a tree (THRD, CHNG, a live view's cut).
     */
    static int checkedParent(int parent, int node, String thread) {
        if (parent < 0 || parent >= node) {
            throw new IllegalArgumentException(thread + ": node " + node + " has parent " + parent
                    + "; every node's parent must be a node that comes before it");
        }
        return parent;
    }

    private int childCount(int node) {
        return scratch.start(node + 1) - scratch.start(node);
    }

    /** Sorts one children list, highest first by the sort metric, ties in node order (a stable sort). */
    private void sortChildren(NodeTable tree, int parent) {
        int from = scratch.start(parent);
        int to = scratch.start(parent + 1);
        if (to - from < 2) return;
        sort.clear(to - from);
        for (int i = from; i < to; i++) {
            int c = scratch.child(i);
            sort.add(tree.value(c, sortMetric), c);
        }
        sort.sort();
        for (int i = from; i < to; i++) scratch.child(i, sort.id(i - from));
    }

    /** Last node first: a node's children are complete when it is reached. */
    private void computeExtents(NodeTable tree, int n) {
        for (int i = n - 1; i >= 0; i--) {
            long extent = i == 0 ? 1 : Varints.uvarintLength(tree.method(i) + 1L);
            for (int k = 0; k < metricCount; k++) extent += Varints.svarintLength(tree.value(i, k));
            int from = scratch.start(i);
            int to = scratch.start(i + 1);
            extent += Varints.uvarintLength(to - from);
            for (int c = from; c < to; c++) {
                long e = scratch.extent(scratch.child(c));
                extent += Varints.uvarintLength(e) + e;
            }
            scratch.extent(i, extent);
        }
    }

    private void writeNodes(SnapshotOutput out, NodeTable tree, int methodCount, FlatSums flat, String thread)
            throws IOException {
        writeNode(out, tree, 0, -1);
        preOrder(new Visit() {
            @Override public void enter(int node, int depth) throws IOException {
                int method = checkedMethod(tree, node, depth, methodCount, thread);
                writeNode(out, tree, node, method);
                if (flat != null) flat.enter(method, values);
            }

            @Override public void exit(int node) {
                if (flat != null) flat.exit(tree.method(node));
            }
        });
    }

    /** What a walk over the linked tree does at each node but the root, entering it and leaving it. */
    private interface Visit {
        void enter(int node, int depth) throws IOException;
        void exit(int node);
    }

    /**
     * Every node below the root in pre-order, children in their list's order, with a stack of the open nodes and the
     * next position in each one's children list: no recursion, however deep the tree.
     */
    private void preOrder(Visit visit) throws IOException {
        int depth = 0;
        openNodes[0] = 0;
        nextChild[0] = scratch.start(0);
        while (depth >= 0) {
            int parent = openNodes[depth];
            if (nextChild[depth] == scratch.start(parent + 1)) {
                if (parent != 0) visit.exit(parent);
                depth--;
                continue;
            }
            int node = scratch.child(nextChild[depth]++);
            visit.enter(node, depth + 1);
            if (++depth == openNodes.length) {
                openNodes = Arrays.copyOf(openNodes, depth * 2);
                nextChild = Arrays.copyOf(nextChild, depth * 2);
            }
            openNodes[depth] = node;
            nextChild[depth] = scratch.start(node);
        }
    }

    /** One record's own fields; its values stay in {@link #values} for the flat profile. */
    private void writeNode(SnapshotOutput out, NodeTable tree, int node, int method) throws IOException {
        out.uvarint(scratch.extent(node));
        out.uvarint(method + 1L);
        for (int k = 0; k < metricCount; k++) {
            values[k] = tree.value(node, k);
            out.svarint(values[k]);
        }
        out.uvarint(childCount(node));
    }

    private int checkedMethod(NodeTable tree, int node, int depth, int methodCount, String thread) {
        return checkedMethod(tree.method(node), methodCount, thread, "a node at depth", depth);
    }

    /**
     * A node's method id, checked against the method table (where its size is known, else -1) and noted when it is
     * the largest yet; {@code node} and {@code index} name the node in messages ("a node at depth" 3, "change node"
     * 12), which are built only when needed.
     */
    int checkedMethod(int method, int methodCount, String thread, String node, long index) {
        if (method < 0) {
            throw new IllegalArgumentException(thread + ": " + node + " " + index + " refers to method " + method
                    + ", which is not a method id");
        }
        if (methodCount >= 0 && method >= methodCount) {
            throw new IllegalArgumentException(thread + ": " + node + " " + index + " refers to method " + method
                    + ", the method table has " + methodCount);
        }
        if (method > largestMethod) noteMethod(method, thread + ": " + node + " " + index);
        return method;
    }

    /** Remembers the largest method id written, and where, for a method table that comes later. */
    void noteMethod(int method, String where) {
        if (method <= largestMethod) return;
        largestMethod = method;
        largestMethodWhere = where;
    }
}
