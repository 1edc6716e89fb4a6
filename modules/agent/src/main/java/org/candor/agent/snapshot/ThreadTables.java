package org.candor.agent.snapshot;

import org.candor.core.snapshot.FlatTable;
import org.candor.core.snapshot.NodeTable;
import org.candor.probe.ThreadTreeCopy;

/**
 * One thread's copy as the snapshot writer reads it: the tree ({@link #tree}) with the values of {@link TreeValues},
 * and the exact flat figures ({@link #flat}): per method, its calls and self time are its nodes' sums plus what its
 * row kept of its calls beyond the budget, and its total is the time its row saw it on the stack. Method ids become
 * method table ids through {@link MethodIds}.
 */
final class ThreadTables {

    private final ThreadTreeCopy copy;
    private final TreeValues values;
    private final MethodIds ids;
    private final double nanosPerTick;

    ThreadTables(ThreadTreeCopy copy, TreeValues values, MethodIds ids, double nanosPerTick) {
        this.copy = copy;
        this.values = values;
        this.ids = ids;
        this.nanosPerTick = nanosPerTick;
    }

    /** Method ids are mapped as the writer asks for them: a live view's cut tree asks for few. */
    NodeTable tree() {
        return new NodeTable() {
            @Override public int size() { return copy.nodeCount(); }
            @Override public int parent(int node) { return copy.nodeParent[node]; }
            @Override public int method(int node) { return node == 0 ? 0 : ids.of(copy.nodeMethod[node]); }
            @Override public long value(int node, int metric) { return values.value(node, metric); }
        };
    }

    /** The exact flat figures, whose rows also name their method's registry id (for {@link TrivialCalls}). */
    interface Flat extends FlatTable {
        int registryMethod(int row);
    }

    Flat flat() {
        int rows = copy.rowCount();
        int[] rowOf = rowsByMethod(copy);
        long[] calls = new long[rows];
        long[] self = new long[rows];
        long[] rawSelf = values.calibrated() ? new long[rows] : self;
        for (int i = 1; i < copy.nodeCount(); i++) {
            int m = copy.nodeMethod[i];
            if (!countedInRow(m, rowOf)) continue;
            int r = rowOf[m];
            calls[r] += copy.nodeCalls[i];
            self[r] += values.self(i);
            if (values.calibrated()) rawSelf[r] += values.rawSelf(i);
        }
        long[][] parts = new long[rows][];
        int[] kept = new int[rows];
        int n = 0;
        for (int r = 0; r < rows; r++) {
            parts[r] = rowParts(copy, r, nanosPerTick, values.calibrated());
            calls[r] += parts[r][TreeValues.CALLS];
            self[r] += parts[r][TreeValues.SELF];
            if (values.calibrated()) rawSelf[r] += parts[r][TreeValues.RAW_SELF];
            if (calls[r] > 0) kept[n++] = r;
        }
        int size = n;
        return new Flat() {
            @Override public int size() { return size; }
            @Override public int registryMethod(int row) { return copy.rowMethod[kept[row]]; }
            @Override public int method(int row) { return ids.of(registryMethod(row)); }
            @Override public long value(int row, int metric) {
                int r = kept[row];
                switch (metric) {
                    case TreeValues.CALLS: return calls[r];
                    case TreeValues.TOTAL: return parts[r][TreeValues.TOTAL];
                    case TreeValues.SELF: return self[r];
                    case TreeValues.RAW_TOTAL: return parts[r][TreeValues.RAW_TOTAL];
                    case TreeValues.RAW_SELF: return rawSelf[r];
                    default: throw new IllegalArgumentException("metric " + metric);
                }
            }
        };
    }

    /** Row of each method id the thread called; -1 elsewhere. */
    static int[] rowsByMethod(ThreadTreeCopy copy) {
        int max = -1;
        for (int r = 0; r < copy.rowCount(); r++) max = Math.max(max, copy.rowMethod[r]);
        int[] rowOf = new int[max + 1];
        java.util.Arrays.fill(rowOf, -1);
        for (int r = 0; r < copy.rowCount(); r++) if (copy.rowMethod[r] >= 0) rowOf[copy.rowMethod[r]] = r;
        return rowOf;
    }

    /** Whether a node of this method counts in its method's flat row: not a beyond node, and its method has a row. */
    static boolean countedInRow(int method, int[] rowOf) {
        return method != ThreadTreeCopy.BEYOND && method >= 0 && method < rowOf.length && rowOf[method] >= 0;
    }

    /**
     * What flat row {@code r} holds beside its nodes, ns ({@link TreeValues} metric order): its calls and self times
     * beyond the tree's budget, and its time on the stack (its total: no node has it).
     */
    static long[] rowParts(ThreadTreeCopy copy, int r, double nanosPerTick, boolean calibrated) {
        long[] p = new long[TreeValues.METRICS];
        long beyondRaw = copy.rowBeyondSelf[r];
        long beyondAdjust = copy.rowBeyondAdjust == null ? 0 : copy.rowBeyondAdjust[r];
        long total = copy.rowTotal[r];
        long totalAdjust = copy.rowTotalAdjust == null ? 0 : copy.rowTotalAdjust[r];
        p[TreeValues.CALLS] = copy.rowBeyondCalls[r];
        p[TreeValues.SELF] = ns(calibrated ? beyondRaw - beyondAdjust : beyondRaw, nanosPerTick);
        p[TreeValues.RAW_SELF] = ns(beyondRaw, nanosPerTick);
        p[TreeValues.TOTAL] = ns(calibrated ? total - totalAdjust : total, nanosPerTick);
        p[TreeValues.RAW_TOTAL] = ns(total, nanosPerTick);
        return p;
    }

    /** A row's ticks in ns, rounded, at least 0. */
    static long ns(long ticks, double nanosPerTick) {
        return Math.max(0, Math.round(ticks * nanosPerTick));
    }
}
