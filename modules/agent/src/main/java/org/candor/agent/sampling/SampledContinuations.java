package org.candor.agent.sampling;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.candor.core.snapshot.FlatTable;
import org.candor.core.snapshot.NodeTable;

/**
 * What the checkpoint file's parts wrote of a sampling session's trees, so that the next checkpoint can be a
 * continuation (docs/formats/snapshot.md 4.1): each thread's self counts per node as last written, and from them what
 * changed since. Between two resets of the sampler a thread's tree only grows (nodes are appended; none changes its
 * parent or method), so node {@code i} of this snapshot is node {@code i} of the last; a continuation compares each
 * node's two self counts with those written and values only the nodes that changed (a second of samples: a few
 * thousand) and their ancestors. The flat rows' changes follow from the changed nodes alone: a method's self figures
 * change by its nodes' self changes, its inclusive ones by the inclusive changes of its outermost nodes
 * ({@link OutermostNodes}), and a node outside the change tree changed by nothing.
 *
 * <p>Memory: 16 bytes a node of the trees (the counts as written), 4 more while a part is written, in the program's
 * heap. Touched by the checkpoint thread only.
 */
final class SampledContinuations {

    /** One thread as the file's parts wrote it: the self counts of its first {@code nodes} nodes. */
    private static final class Written {
        long[] running = new long[0];
        long[] waiting = new long[0];
        int nodes;
    }

    private final Map<Long, Written> threads = new HashMap<>();
    /** The whole part's tree generation (resets so far), interval and clock: a continuation keeps all three. */
    private long generation = -1;
    private long intervalNanos;
    private boolean wallClock;
    private int[] kept = new int[0];
    /** Per method id of the snapshot: its flat change row + 1 in the thread being looked at, 0 for none. */
    private int[] rowOf = new int[0];

    /** A whole checkpoint starts: the records start again from it. */
    void startWhole(long intervalNanos, boolean wallClock, long generation) {
        threads.clear();
        this.generation = generation;
        this.intervalNanos = intervalNanos;
        this.wallClock = wallClock;
    }

    /** The whole checkpoint wrote this thread's first {@code n} nodes with these self counts (copied). */
    void rememberThread(long threadId, int n, long[] running, long[] waiting) {
        Written w = new Written();
        w.nodes = n;
        w.running = Arrays.copyOf(running, n);
        w.waiting = Arrays.copyOf(waiting, n);
        threads.put(threadId, w);
    }

    /** Nothing can be continued (a part failed or could not be written): the next checkpoint is whole. */
    void forget() {
        threads.clear();
        generation = -1;
    }

    /**
     * Whether {@code trees} continue the last part: the same recording (no reset since), interval and clock, and
     * every thread the last part had still there, none with fewer nodes.
     */
    boolean canContinue(SampledTrees trees, long generation) {
        if (this.generation < 0 || generation != this.generation || trees.intervalNanos() != intervalNanos
                || trees.wallClock() != wallClock) {
            return false;
        }
        int found = 0;
        for (int t = 0; t < trees.threadCount(); t++) {
            Written w = threads.get(trees.threadId(t));
            if (w == null) continue;
            if (trees.nodeCount(t) < w.nodes) return false;
            found++;
        }
        return found == threads.size();
    }

    /** One thread's part of a continuation: its change tree and changed flat rows; a null tree when nothing changed. */
    static final class Changes {
        final NodeTable tree;
        final FlatTable flat;

        Changes(NodeTable tree, FlatTable flat) {
            this.tree = tree;
            this.flat = flat;
        }
    }

    /**
     * What changed in this thread's first {@code n} nodes since the last part, which it then remembers as written:
     * the nodes whose self counts changed and the new ones, with every ancestor, in node order, valued by their
     * changes (inclusive ones: the sums of the self changes below), and the flat rows that changed, by their changes.
     *
     * @param outermost per node, whether it is the outermost of its method on its path ({@link OutermostNodes})
     * @param methods   the number of method ids of the snapshot
     * @param tableId   the continuation's method table id of a method id of the snapshot (asked only for the methods
     *                  the changes name, so that the part's table holds those alone)
     */
    Changes changes(long threadId, int n, int[] parent, int[] method, long[] running, long[] waiting, boolean[] outermost,
                    int methods, IntUnaryOperator tableId) {
        Written w = threads.computeIfAbsent(threadId, id -> new Written());
        if (kept.length < n) kept = new int[Math.max(n, n + (n >> 3))];
        int[] kept = this.kept;
        Arrays.fill(kept, 0, n, 0);
        int old = w.nodes;
        // last node first: a node's children come after it, so whether it is kept (changed, or a kept node's parent)
        // is known when it is reached; kept[i]: 0 not (yet), -1 a kept node's parent, else its place found + 1
        int found = 0;
        int[] order = new int[16];
        for (int i = n - 1; i >= 0; i--) {
            boolean changed = i >= old || running[i] != w.running[i] || waiting[i] != w.waiting[i];
            if (!changed && kept[i] == 0) continue;
            if (found == order.length) order = Arrays.copyOf(order, found * 2);
            order[found++] = i;
            kept[i] = found;
            if (i > 0 && kept[parent[i]] == 0) kept[parent[i]] = -1;
        }
        if (found == 0) {
            remember(w, n, running, waiting, order, 0);
            return new Changes(null, EMPTY_FLAT);
        }
        // the change tree: the j-th found (last node first) is change node found - 1 - j
        int[] up = new int[found];
        int[] node = new int[found];
        long[] dSelf = new long[found];     // self samples
        long[] dWait = new long[found];     // self waiting samples
        long[] dSamples = new long[found];  // inclusive
        long[] dWaits = new long[found];    // inclusive
        for (int j = 0; j < found; j++) {
            int i = order[j];
            int k = found - 1 - j;
            node[k] = i;
            up[k] = i == 0 ? -1 : found - kept[parent[i]];
            long run = running[i] - (i < old ? w.running[i] : 0);
            long wait = waiting[i] - (i < old ? w.waiting[i] : 0);
            dSelf[k] = run + wait;
            dWait[k] = wait;
        }
        for (int k = found - 1; k >= 0; k--) {
            dSamples[k] += dSelf[k];
            dWaits[k] += dWait[k];
            if (k > 0) {
                dSamples[up[k]] += dSamples[k];
                dWaits[up[k]] += dWaits[k];
            }
        }
        remember(w, n, running, waiting, order, found);
        FlatTable flat = flatChanges(node, method, outermost, dSelf, dWait, dSamples, dWaits, methods, tableId);
        int[] ids = new int[found];
        for (int k = 1; k < found; k++) ids[k] = tableId.applyAsInt(method[node[k]]);  // the root's is not written
        long interval = intervalNanos;
        NodeTable tree = new NodeTable() {
            @Override public int size() { return up.length; }
            @Override public int parent(int k) { return up[k]; }
            @Override public int method(int k) { return ids[k]; }
            @Override public long value(int k, int metric) {
                return SampledTrees.metricValue(metric, dSamples[k], dSelf[k], dWaits[k], dWait[k], interval);
            }
        };
        return new Changes(tree, flat);
    }

    /** The thread's counts as this part writes them: the nodes found (the changed ones among them) and its size. */
    private static void remember(Written w, int n, long[] running, long[] waiting, int[] order, int found) {
        if (w.running.length < n) {
            int size = Math.max(n, n + (n >> 3));
            w.running = Arrays.copyOf(w.running, size);
            w.waiting = Arrays.copyOf(w.waiting, size);
        }
        for (int j = 0; j < found; j++) {
            int i = order[j];
            w.running[i] = running[i];
            w.waiting[i] = waiting[i];
        }
        w.nodes = n;
    }

    /**
     * The flat rows' changes, as the whole flat profile counts ({@link SampledFlat}): self figures over every node,
     * inclusive ones over the outermost nodes of their method; the root has no row. Rows by the change nodes'
     * methods, in the order first met.
     */
    private FlatTable flatChanges(int[] node, int[] method, boolean[] outermost, long[] dSelf, long[] dWait,
                                  long[] dSamples, long[] dWaits, int methods, IntUnaryOperator tableId) {
        if (rowOf.length < methods) rowOf = new int[methods];
        int[] rowOf = this.rowOf;
        int found = node.length;
        int[] rowMethod = new int[found];
        long[] self = new long[found];
        long[] selfWaits = new long[found];
        long[] samples = new long[found];
        long[] waits = new long[found];
        int rows = 0;
        for (int k = 1; k < found; k++) {
            int i = node[k];
            int m = method[i];
            if (rowOf[m] == 0) {
                rowMethod[rows] = m;
                rowOf[m] = ++rows;
            }
            int r = rowOf[m] - 1;
            self[r] += dSelf[k];
            selfWaits[r] += dWait[k];
            if (outermost[i]) {
                samples[r] += dSamples[k];
                waits[r] += dWaits[k];
            }
        }
        // rows whose every change is 0 are left out; the marks are cleared for the next thread
        int kept = 0;
        for (int r = 0; r < rows; r++) {
            rowOf[rowMethod[r]] = 0;
            if (self[r] == 0 && selfWaits[r] == 0 && samples[r] == 0 && waits[r] == 0) continue;
            rowMethod[kept] = tableId.applyAsInt(rowMethod[r]);
            self[kept] = self[r];
            selfWaits[kept] = selfWaits[r];
            samples[kept] = samples[r];
            waits[kept] = waits[r];
            kept++;
        }
        int size = kept;
        long interval = intervalNanos;
        return new FlatTable() {
            @Override public int size() { return size; }
            @Override public int method(int row) { return rowMethod[row]; }
            @Override public long value(int row, int metric) {
                return SampledTrees.metricValue(metric, samples[row], self[row], waits[row], selfWaits[row], interval);
            }
        };
    }

    private static final FlatTable EMPTY_FLAT = new FlatTable() {
        @Override public int size() { return 0; }
        @Override public int method(int row) { return 0; }
        @Override public long value(int row, int metric) { return 0; }
    };
}
