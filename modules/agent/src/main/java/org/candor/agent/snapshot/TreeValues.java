package org.candor.agent.snapshot;

import java.util.Arrays;
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
    /** How many: the metrics of a calibrated snapshot (an uncalibrated one has the first three). */
    static final int METRICS = 5;

    /**
     * The arrays of the values, kept from one snapshot to the next by a live view ({@link ThreadTreeCopy.Reuse} says
     * why); not thread-safe.
     */
    static final class Reuse {
        long[] self = new long[0];
        long[] rawSelf = new long[0];
        long[] total = new long[0];
        long[] rawTotal = new long[0];

        private void reserve(int n, boolean calibrated) {
            if (self.length < n) {
                int size = Math.max(n, (int) Math.min(Integer.MAX_VALUE - 8, n + (n >> 3)));
                self = new long[size];
                total = new long[size];
            }
            if (calibrated && rawSelf.length < self.length) {
                rawSelf = new long[self.length];
                rawTotal = new long[self.length];
            }
        }
    }

    private final ThreadTreeCopy copy;
    private final boolean calibrated;
    /** Per node, ns: self and total times, calibrated when the values are; raw ones the same arrays when not. */
    private final long[] self;
    private final long[] rawSelf;
    private final long[] total;
    private final long[] rawTotal;
    /** The arrays by metric index: calls (the copy's), total, self, raw total, raw self. */
    private final long[][] columns;

    private TreeValues(ThreadTreeCopy copy, boolean calibrated, int n, Reuse reuse) {
        this.copy = copy;
        this.calibrated = calibrated;
        if (reuse == null) {
            self = new long[n];
            total = new long[n];
            rawSelf = calibrated ? new long[n] : self;
            rawTotal = calibrated ? new long[n] : total;
        } else {
            reuse.reserve(n, calibrated);
            self = reuse.self;
            total = reuse.total;
            rawSelf = calibrated ? reuse.rawSelf : self;
            rawTotal = calibrated ? reuse.rawTotal : total;
            Arrays.fill(total, 0, n, 0);
            if (calibrated) Arrays.fill(rawTotal, 0, n, 0);
        }
        columns = new long[][] {copy.nodeCalls, total, self, rawTotal, rawSelf};
    }

    /**
     * One pass from the last node to the first: each node's self times in ns, then its total, complete by then (its
     * children come after it), added to its parent's.
     *
     * @param reuse arrays to compute into (a live view's, {@link LiveArrays}), or null for new ones
     */
    static TreeValues of(ThreadTreeCopy c, double nanosPerTick, boolean calibrated, Reuse reuse) {
        int n = c.nodeCount();
        TreeValues v = new TreeValues(c, calibrated && c.nodeAdjust != null, n, reuse);
        long[] self = v.self, rawSelf = v.rawSelf, total = v.total, rawTotal = v.rawTotal;
        long[] ticks = c.nodeSelf, adjust = c.nodeAdjust;
        int[] parent = c.nodeParent;
        self[0] = 0;
        rawSelf[0] = 0;
        for (int i = n - 1; i >= 1; i--) {
            int p = parent[i];
            if (v.calibrated) {
                long s = ns(ticks[i] - adjust[i], nanosPerTick);
                self[i] = s;
                total[i] += s;
                total[p] += total[i];
            }
            long raw = ns(ticks[i], nanosPerTick);
            rawSelf[i] = raw;
            rawTotal[i] += raw;
            rawTotal[p] += rawTotal[i];
        }
        return v;
    }

    /** A node's self time, ns: calibrated when the values are. */
    long self(int node) {
        return self[node];
    }

    /** A node's self time as measured, ns. */
    long rawSelf(int node) {
        return rawSelf[node];
    }

    /** Rounded to the nearest ns, at least 0 (Math.round's floor(x + 0.5), without its cost on every node). */
    static long ns(long ticks, double nanosPerTick) {
        double nanos = ticks * nanosPerTick;
        return nanos <= 0 ? 0 : (long) (nanos + 0.5);
    }

    boolean calibrated() { return calibrated; }

    /**
     * A node's value of the metric with this index (calls, total, self, raw total, raw self): one array read, so the
     * writer's passes over every node cost little. The root's values are its children's sums: its own self time
     * (outside every recorded call) is not shown.
     */
    long value(int node, int metric) {
        return node == 0 && metric == CALLS ? rootCalls() : columns[metric][node];
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
