package org.candor.agent.sampling;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.candor.core.snapshot.FlatTable;
import org.candor.core.snapshot.NodeTable;

/**
 * What the checkpoint file's parts wrote of a sampling session's trees, so that the next checkpoint can be a
 * continuation (docs/formats/snapshot.md 4.1): each thread's self counts per node and its flat rows as last
 * written, and from them what changed since. Between two resets of the sampler a thread's tree only grows (nodes
 * are appended; none changes its parent or method), so node {@code i} of this snapshot is node {@code i} of the
 * last; a continuation compares each node's two self counts with those written and values only the nodes that
 * changed (a second of samples: a few thousand) and their ancestors. Method ids are the snapshot's own (libcandor.so
 * numbers them anew for each), so flat rows are remembered by the method's name.
 *
 * <p>Touched by the checkpoint thread only.
 */
final class SampledContinuations {

    /** One thread as the file's parts wrote it: self counts of its first {@code nodes} nodes, and its flat rows. */
    private static final class Written {
        long[] running = new long[0];
        long[] waiting = new long[0];
        int nodes;
        Map<String, long[]> rows = new HashMap<>();
    }

    private final Map<Long, Written> threads = new HashMap<>();
    /** The whole part's tree generation (resets so far), interval and clock: a continuation keeps all three. */
    private long generation = -1;
    private long intervalNanos;
    private boolean wallClock;
    private int[] kept = new int[0];

    /** A whole checkpoint starts: the records start again from it. */
    void startWhole(long intervalNanos, boolean wallClock, long generation) {
        threads.clear();
        this.generation = generation;
        this.intervalNanos = intervalNanos;
        this.wallClock = wallClock;
    }

    /** The whole checkpoint wrote this thread's tree and {@code flat} rows (copied: the arrays serve the next thread). */
    void rememberThread(long threadId, SampledTrees.Tree tree, SampledFlat flat, SampledTrees.MethodKey methodKey) {
        Written w = new Written();
        w.nodes = tree.size();
        w.running = Arrays.copyOf(tree.running(), w.nodes);
        w.waiting = Arrays.copyOf(tree.waiting(), w.nodes);
        for (int r = 0; r < flat.size(); r++) w.rows.put(methodKey.of(flat.method(r)), flat.values(r));
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
     * What changed in this thread since the last part, which it then remembers as written: the nodes whose self
     * counts changed and the new ones, with every ancestor, in node order, valued by their changes (inclusive ones:
     * the sums of the self changes below); the flat rows that changed, by their changes.
     *
     * @param flat      the thread's whole flat profile now ({@link SampledFlat})
     * @param methodKey the name a method id of this snapshot stands for
     */
    Changes changes(long threadId, SampledTrees.Tree tree, SampledFlat flat, SampledTrees.MethodKey methodKey) {
        Written w = threads.computeIfAbsent(threadId, id -> new Written());
        int n = tree.size();
        if (kept.length < n) kept = new int[Math.max(n, n + (n >> 3))];
        int[] kept = this.kept;
        Arrays.fill(kept, 0, n, 0);
        long[] running = tree.running();
        long[] waiting = tree.waiting();
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
            if (i > 0 && kept[tree.parent(i)] == 0) kept[tree.parent(i)] = -1;
        }
        NodeTable changes = found == 0 ? null : changeTree(tree, order, found, kept, old, w);
        if (w.running.length < n) {
            w.running = Arrays.copyOf(w.running, Math.max(n, n + (n >> 3)));
            w.waiting = Arrays.copyOf(w.waiting, w.running.length);
        }
        for (int j = 0; j < found; j++) {
            int i = order[j];
            w.running[i] = running[i];
            w.waiting[i] = waiting[i];
        }
        w.nodes = n;
        FlatTable rows = flatChanges(flat, methodKey, w);
        if (changes == null && rows.size() > 0) changes = ROOT_ONLY;
        return new Changes(changes, rows);
    }

    /**
     * The kept nodes in node order: the j-th found (last node first) is change node {@code found - 1 - j}; each
     * valued by its self changes, inclusive values summed from the last node up. Metrics in the order of {@link
     * org.candor.core.model.Snapshot#samplingMetrics}.
     */
    private NodeTable changeTree(SampledTrees.Tree tree, int[] order, int found, int[] kept, int old, Written w) {
        int[] up = new int[found];
        int[] method = new int[found];
        long[] dSelf = new long[found];     // self samples
        long[] dWait = new long[found];     // self waiting samples
        long[] dSamples = new long[found];  // inclusive
        long[] dWaits = new long[found];    // inclusive
        long[] running = tree.running();
        long[] waiting = tree.waiting();
        for (int j = 0; j < found; j++) {
            int i = order[j];
            int k = found - 1 - j;
            up[k] = i == 0 ? -1 : found - kept[tree.parent(i)];
            method[k] = i == 0 ? 0 : tree.method(i);  // the root's is not written
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
        long interval = intervalNanos;
        return new NodeTable() {
            @Override public int size() { return found; }
            @Override public int parent(int k) { return up[k]; }
            @Override public int method(int k) { return method[k]; }
            @Override public long value(int k, int metric) {
                return SampledTrees.metricValue(metric, dSamples[k], dSelf[k], dWaits[k], dWait[k], interval);
            }
        };
    }

    /** The flat rows that changed, by their changes; the rows as written then become the rows now. */
    private static FlatTable flatChanges(SampledFlat flat, SampledTrees.MethodKey methodKey, Written w) {
        int rows = flat.size();
        int[] method = new int[rows];
        long[][] change = new long[rows][];
        int changed = 0;
        for (int r = 0; r < rows; r++) {
            long[] now = flat.values(r);
            long[] before = w.rows.put(methodKey.of(flat.method(r)), now);
            long[] d = now.clone();
            boolean any = false;
            for (int k = 0; k < d.length; k++) {
                if (before != null) d[k] -= before[k];
                any |= d[k] != 0;
            }
            if (!any) continue;
            method[changed] = flat.method(r);
            change[changed++] = d;
        }
        int size = changed;
        return new FlatTable() {
            @Override public int size() { return size; }
            @Override public int method(int row) { return method[row]; }
            @Override public long value(int row, int metric) { return change[row][metric]; }
        };
    }

    /** A change tree with nothing but its root, unchanged: a thread whose flat rows changed alone. */
    private static final NodeTable ROOT_ONLY = new NodeTable() {
        @Override public int size() { return 1; }
        @Override public int parent(int node) { return -1; }
        @Override public int method(int node) { return 0; }
        @Override public long value(int node, int metric) { return 0; }
    };
}
