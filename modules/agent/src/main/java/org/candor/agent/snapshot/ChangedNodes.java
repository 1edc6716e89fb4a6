package org.candor.agent.snapshot;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.candor.core.snapshot.FlatTable;
import org.candor.core.snapshot.NodeTable;
import org.candor.probe.ThreadTreeCopy;

/**
 * One thread's values as the checkpoint file's parts wrote them, and what changed since: the tree of the nodes whose
 * values changed (and their ancestors), holding the changes, and the flat rows that changed, holding theirs, for a
 * checkpoint continuation (docs/formats/snapshot.md, "Checkpoint continuations"). Readers add the parts up, so each
 * part's values are differences of the values as written: their sum is exactly the last part's values.
 *
 * <p>Between two resets a probe tree only grows: its nodes keep their numbers and parents, so node {@code i} of this
 * copy is node {@code i} of the last; {@link #canContinue} says when that no longer holds. A continuation reads every
 * node once (one pass, no per-node values computed for the nodes that did not change, no flat profile summed over
 * the whole tree): its flat rows are the last ones plus what the changed nodes and the rows' own parts add.
 */
final class ChangedNodes {

    /** Per node as last written, ns: calls, self and raw self time; the totals follow from the selves. */
    private long[] calls = new long[0];
    private long[] self = new long[0];
    private long[] rawSelf = new long[0];
    private int nodes;
    /** Per registry method id of a flat row: its figures as last written. */
    private final Map<Integer, Row> rows = new HashMap<>();

    /** One flat row's figures ({@link TreeValues} metric order, ns), as {@link ThreadTables#flat} adds them up. */
    private static final class Row {
        /** The sums over its nodes: calls, self, raw self. */
        final long[] nodes = new long[TreeValues.METRICS];
        /** What the row holds beside its nodes ({@link ThreadTables#rowParts}). */
        long[] parts = new long[TreeValues.METRICS];
        /** The row as written: zeros while it had no calls (the flat profile leaves such a row out). */
        long[] written = new long[TreeValues.METRICS];

        /** The row as the flat profile writes it now. */
        long[] now() {
            long[] v = new long[TreeValues.METRICS];
            v[TreeValues.CALLS] = nodes[TreeValues.CALLS] + parts[TreeValues.CALLS];
            if (v[TreeValues.CALLS] <= 0) return new long[TreeValues.METRICS];
            v[TreeValues.SELF] = nodes[TreeValues.SELF] + parts[TreeValues.SELF];
            v[TreeValues.RAW_SELF] = nodes[TreeValues.RAW_SELF] + parts[TreeValues.RAW_SELF];
            v[TreeValues.TOTAL] = parts[TreeValues.TOTAL];
            v[TreeValues.RAW_TOTAL] = parts[TreeValues.RAW_TOTAL];
            return v;
        }
    }

    /** Whether this copy is the last one grown: none of its nodes went (a reset of its own empties it). */
    boolean canContinue(ThreadTreeCopy copy) {
        return copy.nodeCount() >= nodes;
    }

    /** The values as a whole checkpoint wrote them, for the next continuation to subtract. */
    void remember(ThreadTreeCopy copy, TreeValues values, double nanosPerTick) {
        int n = copy.nodeCount();
        reserve(n);
        rows.clear();
        int[] rowOf = ThreadTables.rowsByMethod(copy);
        Row[] byRow = new Row[copy.rowCount()];
        for (int r = 0; r < byRow.length; r++) {
            byRow[r] = new Row();
            byRow[r].parts = ThreadTables.rowParts(copy, r, nanosPerTick, values.calibrated());
            rows.put(copy.rowMethod[r], byRow[r]);
        }
        for (int i = 0; i < n; i++) {
            calls[i] = copy.nodeCalls[i];
            self[i] = values.self(i);
            rawSelf[i] = values.rawSelf(i);
            int m = copy.nodeMethod[i];
            if (i == 0 || !ThreadTables.countedInRow(m, rowOf)) continue;
            long[] sums = byRow[rowOf[m]].nodes;
            sums[TreeValues.CALLS] += calls[i];
            sums[TreeValues.SELF] += self[i];
            sums[TreeValues.RAW_SELF] += rawSelf[i];
        }
        nodes = n;
        for (Row row : byRow) row.written = row.now();
    }

    /** A continuation's part of one thread: its tree and flat rows of changes (null tree: nothing changed). */
    static final class Changes {
        final NodeTable tree;
        final FlatTable flat;
        /** The thread's whole flat profile as it stands now, for the statistics ({@link TrivialCalls}). */
        final ThreadTables.Flat whole;

        Changes(NodeTable tree, FlatTable flat, ThreadTables.Flat whole) {
            this.tree = tree;
            this.flat = flat;
            this.whole = whole;
        }
    }

    /**
     * What changed since the values were last written, which it then remembers as written: the nodes whose calls or
     * self times changed and the new ones, with every ancestor (the root included), numbered in their order (so
     * parents still come first), valued by their changes (totals: the sums of the self changes below); and the flat
     * rows that changed.
     *
     * @param scratch at least as long as the tree
     */
    Changes changes(ThreadTreeCopy copy, double nanosPerTick, boolean calibratedValues, MethodIds ids, int[] scratch) {
        int n = copy.nodeCount();
        boolean calibrated = calibratedValues && copy.nodeAdjust != null;
        int[] parent = copy.nodeParent;
        long[] ticks = copy.nodeSelf;
        long[] adjust = copy.nodeAdjust;
        long[] nodeCalls = copy.nodeCalls;
        // kept[i]: the node's number in the change tree + 1; first only marks (1), then numbers
        int[] kept = scratch;
        Arrays.fill(kept, 0, n, 0);
        int old = nodes;
        for (int i = n - 1; i >= 1; i--) {
            boolean changed = kept[i] != 0 || i >= old || nodeCalls[i] != calls[i];
            if (!changed) {
                long raw = TreeValues.ns(ticks[i], nanosPerTick);
                changed = raw != rawSelf[i] || (calibrated && TreeValues.ns(ticks[i] - adjust[i], nanosPerTick) != self[i]);
            }
            if (changed) {
                kept[i] = 1;
                kept[parent[i]] = 1;
            }
        }
        reserve(n);
        nodes = n;
        int size = 0;
        if (kept[0] != 0) for (int i = 0; i < n; i++) if (kept[i] != 0) kept[i] = ++size;
        int[] rowOf = ThreadTables.rowsByMethod(copy);
        long[][] flatChange = new long[copy.rowCount()][];
        NodeTable tree = size == 0 ? null
                : tree(copy, ids, kept, size, nanosPerTick, calibrated, old, rowOf, flatChange);
        return flat(copy, ids, flatChange, tree, nanosPerTick, calibrated);
    }

    /** The change tree of the marked nodes; adds their changes to their rows' in {@code flatChange}. */
    private NodeTable tree(ThreadTreeCopy copy, MethodIds ids, int[] kept, int size, double nanosPerTick,
                           boolean calibrated, int old, int[] rowOf, long[][] flatChange) {
        int n = copy.nodeCount();
        int[] node = new int[size];
        int[] up = new int[size];
        long[] dCalls = new long[size];
        long[] dSelf = new long[size];
        long[] dRawSelf = calibrated ? new long[size] : dSelf;
        for (int i = 0; i < n; i++) {
            int k = kept[i] - 1;
            if (k < 0) continue;
            node[k] = i;
            up[k] = i == 0 ? -1 : kept[copy.nodeParent[i]] - 1;
            if (i == 0) continue;  // the root's values are its children's sums
            long raw = TreeValues.ns(copy.nodeSelf[i], nanosPerTick);
            long cal = calibrated ? TreeValues.ns(copy.nodeSelf[i] - copy.nodeAdjust[i], nanosPerTick) : raw;
            boolean before = i < old;
            dCalls[k] = copy.nodeCalls[i] - (before ? calls[i] : 0);
            dSelf[k] = cal - (before ? self[i] : 0);
            if (calibrated) dRawSelf[k] = raw - (before ? rawSelf[i] : 0);
            calls[i] = copy.nodeCalls[i];
            self[i] = cal;
            rawSelf[i] = raw;
            int m = copy.nodeMethod[i];
            if (!ThreadTables.countedInRow(m, rowOf)) continue;
            long[] row = flatChange[rowOf[m]];
            if (row == null) row = flatChange[rowOf[m]] = new long[TreeValues.METRICS];
            row[TreeValues.CALLS] += dCalls[k];
            row[TreeValues.SELF] += dSelf[k];
            row[TreeValues.RAW_SELF] += dRawSelf[k];
        }
        long[] dTotal = new long[size];
        long[] dRawTotal = calibrated ? new long[size] : dTotal;
        long rootCalls = 0;
        for (int k = size - 1; k >= 1; k--) {
            dTotal[k] += dSelf[k];
            dTotal[up[k]] += dTotal[k];
            if (calibrated) {
                dRawTotal[k] += dRawSelf[k];
                dRawTotal[up[k]] += dRawTotal[k];
            }
            if (up[k] == 0) rootCalls += dCalls[k];
        }
        dCalls[0] = rootCalls;
        long[][] columns = {dCalls, dTotal, dSelf, dRawTotal, dRawSelf};
        return new NodeTable() {
            @Override public int size() { return node.length; }
            @Override public int parent(int k) { return up[k]; }
            @Override public int method(int k) { return k == 0 ? 0 : ids.of(copy.nodeMethod[node[k]]); }
            @Override public long value(int k, int metric) { return columns[metric][k]; }
        };
    }

    /**
     * The rows: each one's value now is its value as last written plus its nodes' changes plus its own parts'
     * changes; a row is written while it has calls (as the whole flat profile keeps it), so its change is from what
     * was written to what is written now.
     */
    private Changes flat(ThreadTreeCopy copy, MethodIds ids, long[][] flatChange, NodeTable tree, double nanosPerTick,
                         boolean calibrated) {
        int rowCount = copy.rowCount();
        int[] changedMethod = new int[rowCount];
        long[][] changes = new long[rowCount][];
        int changed = 0;
        int[] wholeMethod = new int[rowCount];
        long[][] whole = new long[rowCount][];
        int kept = 0;
        for (int r = 0; r < rowCount; r++) {
            int m = copy.rowMethod[r];
            Row row = rows.computeIfAbsent(m, x -> new Row());
            if (flatChange[r] != null) for (int k = 0; k < TreeValues.METRICS; k++) row.nodes[k] += flatChange[r][k];
            row.parts = ThreadTables.rowParts(copy, r, nanosPerTick, calibrated);
            long[] now = row.now();
            long[] d = new long[TreeValues.METRICS];
            boolean any = false;
            for (int k = 0; k < TreeValues.METRICS; k++) {
                d[k] = now[k] - row.written[k];
                any |= d[k] != 0;
            }
            row.written = now;
            if (any) {
                changedMethod[changed] = m;
                changes[changed++] = d;
            }
            if (now[TreeValues.CALLS] > 0) {
                wholeMethod[kept] = m;
                whole[kept++] = now;
            }
        }
        int changedRows = changed;
        FlatTable flat = new FlatTable() {
            @Override public int size() { return changedRows; }
            @Override public int method(int row) { return ids.of(changedMethod[row]); }
            @Override public long value(int row, int metric) { return changes[row][metric]; }
        };
        int keptRows = kept;
        ThreadTables.Flat now = new ThreadTables.Flat() {
            @Override public int size() { return keptRows; }
            @Override public int registryMethod(int row) { return wholeMethod[row]; }
            @Override public int method(int row) { return ids.of(wholeMethod[row]); }
            @Override public long value(int row, int metric) { return whole[row][metric]; }
        };
        // rows that changed on a thread whose nodes did not (time on the stack of an open call): a tree of the root
        if (tree == null && changedRows > 0) tree = ROOT_ONLY;
        return new Changes(tree, flat, now);
    }

    /** A change tree with nothing but its root, unchanged. */
    private static final NodeTable ROOT_ONLY = new NodeTable() {
        @Override public int size() { return 1; }
        @Override public int parent(int node) { return -1; }
        @Override public int method(int node) { return 0; }
        @Override public long value(int node, int metric) { return 0; }
    };

    private void reserve(int n) {
        if (calls.length >= n) return;
        int size = Math.max(n, (int) Math.min(Integer.MAX_VALUE - 8, n + (n >> 3)));
        calls = Arrays.copyOf(calls, size);
        self = Arrays.copyOf(self, size);
        rawSelf = Arrays.copyOf(rawSelf, size);
    }
}
