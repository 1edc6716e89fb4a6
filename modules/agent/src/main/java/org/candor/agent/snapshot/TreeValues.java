package org.candor.agent.snapshot;

import org.candor.probe.ThreadTreeCopy;

/**
 * The values of one thread's nodes, in nanoseconds: calls, calibrated total and self time, raw total and self time
 * (the last two only when calibrated). The probes keep self time per node; a total is the sum of self times over
 * the node's subtree, so every node's total holds its children's, whatever node a call was attributed to.
 */
final class TreeValues {

    static final int CALLS = 0;
    static final int TOTAL = 1;
    static final int SELF = 2;
    static final int RAW_TOTAL = 3;
    static final int RAW_SELF = 4;

    private final ThreadTreeCopy copy;
    private final double nanosPerTick;
    private final boolean calibrated;
    /** Totals are sums over subtrees, kept per node; self times are computed from the copy when asked. */
    private final long[] total;
    private final long[] rawTotal;

    private TreeValues(ThreadTreeCopy copy, double nanosPerTick, boolean calibrated, int n) {
        this.copy = copy;
        this.nanosPerTick = nanosPerTick;
        this.calibrated = calibrated;
        total = new long[n];
        rawTotal = calibrated ? new long[n] : total;
    }

    static TreeValues of(ThreadTreeCopy c, double nanosPerTick, boolean calibrated) {
        int n = c.nodeCount();
        TreeValues v = new TreeValues(c, nanosPerTick, calibrated && c.nodeAdjust != null, n);
        for (int i = n - 1; i >= 1; i--) {
            int parent = c.nodeParent[i];
            if (v.calibrated) {
                v.total[i] += v.self(i);
                v.total[parent] += v.total[i];
            }
            v.rawTotal[i] += v.rawSelf(i);
            v.rawTotal[parent] += v.rawTotal[i];
        }
        return v;
    }

    /** A node's self time, ns: calibrated when the values are. */
    long self(int node) {
        return ns(calibrated ? copy.nodeSelf[node] - copy.nodeAdjust[node] : copy.nodeSelf[node]);
    }

    /** A node's self time as measured, ns. */
    long rawSelf(int node) {
        return ns(copy.nodeSelf[node]);
    }

    /** Rounded to the nearest ns, at least 0 (Math.round's floor(x + 0.5), without its cost on every node). */
    private long ns(long ticks) {
        double nanos = ticks * nanosPerTick;
        return nanos <= 0 ? 0 : (long) (nanos + 0.5);
    }

    boolean calibrated() { return calibrated; }

    /**
     * A node's value of the metric with this index (calls, total, self, raw total, raw self). The root's values are
     * its children's sums: its own self time (outside every recorded call) is not shown.
     */
    long value(int node, int metric) {
        switch (metric) {
            case CALLS: return node == 0 ? rootCalls() : copy.nodeCalls[node];
            case TOTAL: return total[node];
            case SELF: return node == 0 ? 0 : self(node);
            case RAW_TOTAL: return rawTotal[node];
            case RAW_SELF: return node == 0 ? 0 : rawSelf(node);
            default: throw new IllegalArgumentException("metric " + metric);
        }
    }

    private long rootCalls = -1;

    private long rootCalls() {
        if (rootCalls < 0) {
            long calls = 0;
            for (int k = 1; k < copy.nodeCount(); k++) if (copy.nodeParent[k] == 0) calls += copy.nodeCalls[k];
            rootCalls = calls;
        }
        return rootCalls;
    }
}
