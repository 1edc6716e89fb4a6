package org.candor.agent.snapshot;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.candor.core.snapshot.FlatTable;
import org.candor.core.snapshot.NodeTable;
import org.candor.probe.ThreadTreeCopy;

/**
 * One thread's values as the file's last checkpoint part wrote them, and what changed since: the tree of the nodes
 * whose values changed (and their ancestors), holding the changes, and the flat rows that changed, holding theirs,
 * for a checkpoint continuation (docs/formats/snapshot.md, "Checkpoint continuations"). Readers add the parts up, so
 * each part's values are differences of the values as written: their sum is exactly the last part's values.
 *
 * <p>Between two resets a probe tree only grows: its nodes keep their numbers and parents, so node {@code i} of
 * this copy is node {@code i} of the last; {@link #canContinue} says when that no longer holds.
 */
final class ChangedNodes {

    /** Per node as last written, ns: calls, self and raw self time; the totals follow from the selves. */
    private long[] calls = new long[0];
    private long[] self = new long[0];
    private long[] rawSelf = new long[0];
    private int nodes;
    /** Per registry method id of a flat row: its values as last written, one per metric. */
    private final Map<Integer, long[]> rows = new HashMap<>();

    /** Whether this copy is the last one grown: none of its nodes went (a reset of its own empties it). */
    boolean canContinue(ThreadTreeCopy copy) {
        return copy.nodeCount() >= nodes;
    }

    /** The values as a whole checkpoint wrote them, for the next continuation to subtract. */
    void remember(ThreadTreeCopy copy, TreeValues values, ThreadTables.Flat flat, int metrics) {
        remember(copy, values, null);
        rows.clear();
        for (int r = 0; r < flat.size(); r++) {
            long[] v = new long[metrics];
            for (int k = 0; k < metrics; k++) v[k] = flat.value(r, k);
            rows.put(flat.registryMethod(r), v);
        }
    }

    /** The nodes' values as written: of the nodes listed (a continuation's: the others did not change), else all. */
    private void remember(ThreadTreeCopy copy, TreeValues values, int[] only) {
        int n = copy.nodeCount();
        if (calls.length < n) {
            int size = Math.max(n, (int) Math.min(Integer.MAX_VALUE - 8, n + (n >> 3)));
            calls = Arrays.copyOf(calls, size);
            self = Arrays.copyOf(self, size);
            rawSelf = Arrays.copyOf(rawSelf, size);
        }
        int count = only != null ? only.length : n;
        for (int j = 0; j < count; j++) {
            int i = only != null ? only[j] : j;
            calls[i] = copy.nodeCalls[i];
            self[i] = values.self(i);
            rawSelf[i] = values.rawSelf(i);
        }
        nodes = n;
    }

    /**
     * The tree of what changed since the nodes were last written: the nodes whose calls or self times changed and the
     * new ones, with every ancestor (the root included), numbered in their order (so parents still come first),
     * valued by their changes; totals are sums of the self changes below. Null when nothing changed. Remembers the
     * values as written.
     */
    NodeTable changes(ThreadTreeCopy copy, TreeValues values, MethodIds ids, int[] scratch) {
        int n = copy.nodeCount();
        int[] parent = copy.nodeParent;
        // kept[i]: the node's number in the change tree + 1; first only marks (1), then numbers
        int[] kept = scratch;
        Arrays.fill(kept, 0, n, 0);
        boolean any = false;
        for (int i = n - 1; i >= 1; i--) {
            boolean changed = i >= nodes || copy.nodeCalls[i] != calls[i] || values.self(i) != self[i]
                    || values.rawSelf(i) != rawSelf[i];
            if (changed || kept[i] != 0) {
                kept[i] = 1;
                kept[parent[i]] = 1;
                any = true;
            }
        }
        if (!any) {
            nodes = n;  // none new either
            return null;
        }
        int size = 0;
        for (int i = 0; i < n; i++) if (kept[i] != 0) kept[i] = ++size;
        int[] node = new int[size];
        int[] up = new int[size];
        long[] dCalls = new long[size];
        long[] dSelf = new long[size];
        long[] dRawSelf = new long[size];
        for (int i = 0; i < n; i++) {
            int k = kept[i] - 1;
            if (k < 0) continue;
            node[k] = i;
            up[k] = i == 0 ? -1 : kept[parent[i]] - 1;
            if (i == 0) continue;  // the root's values are its children's sums
            boolean old = i < nodes;
            dCalls[k] = copy.nodeCalls[i] - (old ? calls[i] : 0);
            dSelf[k] = values.self(i) - (old ? self[i] : 0);
            dRawSelf[k] = values.rawSelf(i) - (old ? rawSelf[i] : 0);
        }
        remember(copy, values, node);
        long[] dTotal = new long[size];
        long[] dRawTotal = new long[size];
        long rootCalls = 0;
        for (int k = size - 1; k >= 1; k--) {
            dTotal[k] += dSelf[k];
            dRawTotal[k] += dRawSelf[k];
            dTotal[up[k]] += dTotal[k];
            dRawTotal[up[k]] += dRawTotal[k];
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

    /** The flat rows that changed since they were last written, valued by their changes; remembered as written. */
    FlatTable flatChanges(ThreadTables.Flat flat, MethodIds ids, int metrics) {
        int[] changed = new int[flat.size()];
        long[][] deltas = new long[flat.size()][];
        int size = 0;
        for (int r = 0; r < flat.size(); r++) {
            long[] before = rows.get(flat.registryMethod(r));
            long[] d = new long[metrics];
            boolean any = false;
            for (int k = 0; k < metrics; k++) {
                d[k] = flat.value(r, k) - (before != null ? before[k] : 0);
                any |= d[k] != 0;
            }
            if (!any) continue;
            changed[size] = r;
            deltas[size++] = d;
            long[] now = before != null ? before : new long[metrics];
            for (int k = 0; k < metrics; k++) now[k] = flat.value(r, k);
            rows.put(flat.registryMethod(r), now);
        }
        int count = size;
        return new FlatTable() {
            @Override public int size() { return count; }
            @Override public int method(int row) { return ids.of(flat.registryMethod(changed[row])); }
            @Override public long value(int row, int metric) { return deltas[row][metric]; }
        };
    }
}
