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
 * node once, comparing the probe's own counts (calls and ticks) with those last written, and converts only the
 * nodes that changed (on javac, a tenth of them); no flat profile is summed over the whole tree: its flat rows are the
 * last ones plus what the changed nodes and the rows' own parts add. The change tree keeps the nodes' order, which is
 * what the format's CHNG section wants (written without children lists, sorting or a walk).
 */
final class ChangedNodes {

    /**
     * Per node as last written: calls, and self time and its calibration as the probe counts them (ticks). Ticks, not
     * ns, so that a node is compared without converting it: every part of a checkpoint file converts at the rate of
     * its whole part ({@link CheckpointContinuations#nanosPerTick}), so equal ticks are equal ns.
     */
    private long[] calls = new long[0];
    private long[] ticks = new long[0];
    private long[] adjust = new long[0];
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
            calls[i] = copy.calls(i);
            ticks[i] = copy.self(i);
            adjust[i] = copy.adjust(i);
            int m = copy.method(i);
            if (i == 0 || !ThreadTables.countedInRow(m, rowOf)) continue;
            long[] sums = byRow[rowOf[m]].nodes;
            sums[TreeValues.CALLS] += calls[i];
            sums[TreeValues.SELF] += values.self(i);
            sums[TreeValues.RAW_SELF] += values.rawSelf(i);
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
     * self times changed and the new ones, with every ancestor (the root included), in node order (so parents still
     * come first), valued by their changes (totals: the sums of the self changes below); and the flat rows that
     * changed.
     *
     * <p>One pass from the last node to the first: a node's children come after it, so whether it is kept (changed,
     * or a kept node's parent) is known when it is reached, and its changes are taken there, while its values and
     * those last written are at hand (a second pass over the few kept nodes, scattered through the tree, cost as much
     * as the scan of all of them). The kept nodes are found last first; their numbers in the change tree follow at
     * the end.
     *
     * @param copy    its nodes read in place or copied alike
     * @param scratch at least as long as the tree
     */
    Changes changes(ThreadTreeCopy copy, double nanosPerTick, boolean calibratedValues, MethodIds ids, int[] scratch) {
        int n = copy.nodeCount();
        boolean calibrated = calibratedValues && copy.adjusted();
        reserve(n);
        long[] calls = this.calls;
        long[] ticks = this.ticks;
        long[] adjust = this.adjust;
        // kept[i]: 0 not (yet) kept, -1 the parent of a kept node, j + 1 once kept as the j-th found (last node first)
        int[] kept = scratch;
        Arrays.fill(kept, 0, n, 0);
        int old = nodes;
        int[] rowOf = ThreadTables.rowsByMethod(copy);
        long[][] flatChange = new long[copy.rowCount()][];
        Found found = new Found();
        for (int i = n - 1; i >= 1; i--) {
            long c = copy.calls(i);
            long t = copy.self(i);
            long a = copy.adjust(i);
            boolean before = i < old;
            if (kept[i] == 0 && before && c == calls[i] && t == ticks[i] && (!calibrated || a == adjust[i])) continue;
            long raw = TreeValues.ns(t, nanosPerTick);
            long cal = calibrated ? TreeValues.ns(t - a, nanosPerTick) : raw;
            long dCalls = c;
            long dSelf = cal;
            long dRawSelf = raw;
            if (before) {
                long rawBefore = TreeValues.ns(ticks[i], nanosPerTick);
                dCalls -= calls[i];
                dSelf -= calibrated ? TreeValues.ns(ticks[i] - adjust[i], nanosPerTick) : rawBefore;
                dRawSelf -= rawBefore;
            }
            calls[i] = c;
            ticks[i] = t;
            adjust[i] = a;
            int m = copy.method(i);
            int p = copy.parent(i);
            // uncalibrated, the self time is the raw one: dSelf == dRawSelf
            kept[i] = found.add(p, ids.of(m), dCalls, dSelf, dRawSelf) + 1;
            if (kept[p] == 0) kept[p] = -1;
            if (!ThreadTables.countedInRow(m, rowOf)) continue;
            long[] row = flatChange[rowOf[m]];
            if (row == null) row = flatChange[rowOf[m]] = new long[TreeValues.METRICS];
            row[TreeValues.CALLS] += dCalls;
            row[TreeValues.SELF] += dSelf;
            row[TreeValues.RAW_SELF] += dRawSelf;
        }
        nodes = n;
        NodeTable tree = null;
        if (found.size > 0) {
            kept[0] = found.add(-1, 0, 0, 0, 0) + 1;  // the root: its values are its children's sums
            tree = found.tree(kept, calibrated);
        }
        return flat(copy, ids, flatChange, tree, nanosPerTick, calibrated);
    }

    /** The kept nodes as found, last node first: parent (a node number), method table id and changes. */
    private static final class Found {
        int size;
        int[] parent = new int[1024];
        int[] method = new int[1024];
        long[] calls = new long[1024];
        long[] self = new long[1024];
        long[] rawSelf = new long[1024];

        /** Returns the node's place in the order found. */
        int add(int parentNode, int methodId, long dCalls, long dSelf, long dRawSelf) {
            if (size == parent.length) {
                int grown = (int) Math.min(Integer.MAX_VALUE - 8, size * 2L);
                parent = Arrays.copyOf(parent, grown);
                method = Arrays.copyOf(method, grown);
                calls = Arrays.copyOf(calls, grown);
                self = Arrays.copyOf(self, grown);
                rawSelf = Arrays.copyOf(rawSelf, grown);
            }
            parent[size] = parentNode;
            method[size] = methodId;
            calls[size] = dCalls;
            self[size] = dSelf;
            rawSelf[size] = dRawSelf;
            return size++;
        }

        /**
         * The change tree in node order: the j-th found is node {@code size - 1 - j}, and its parent's number follows
         * from the parent's place ({@code kept}); totals summed from the last node up, the root's calls its children's.
         */
        NodeTable tree(int[] kept, boolean calibrated) {
            int n = size;
            int[] up = new int[n];
            int[] methods = new int[n];
            long[] dCalls = new long[n];
            long[] dSelf = new long[n];
            long[] dRawSelf = calibrated ? new long[n] : dSelf;
            for (int j = 0; j < n; j++) {
                int k = n - 1 - j;
                up[k] = parent[j] < 0 ? -1 : n - kept[parent[j]];
                methods[k] = method[j];
                dCalls[k] = calls[j];
                dSelf[k] = self[j];
                if (calibrated) dRawSelf[k] = rawSelf[j];
            }
            long[] dTotal = new long[n];
            long[] dRawTotal = calibrated ? new long[n] : dTotal;
            long rootCalls = 0;
            for (int k = n - 1; k >= 1; k--) {
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
                @Override public int size() { return up.length; }
                @Override public int parent(int k) { return up[k]; }
                @Override public int method(int k) { return methods[k]; }
                @Override public long value(int k, int metric) { return columns[metric][k]; }
            };
        }
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
        ticks = Arrays.copyOf(ticks, size);
        adjust = Arrays.copyOf(adjust, size);
    }
}
