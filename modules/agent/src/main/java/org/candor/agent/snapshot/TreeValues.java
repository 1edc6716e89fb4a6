package org.candor.agent.snapshot;

import org.candor.core.model.CallNode;
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
    private final boolean calibrated;
    final long[] self;
    final long[] total;
    final long[] rawSelf;
    final long[] rawTotal;

    private TreeValues(ThreadTreeCopy copy, boolean calibrated, int n) {
        this.copy = copy;
        this.calibrated = calibrated;
        self = new long[n];
        total = new long[n];
        rawSelf = calibrated ? new long[n] : self;
        rawTotal = calibrated ? new long[n] : total;
    }

    static TreeValues of(ThreadTreeCopy c, double nanosPerTick, boolean calibrated) {
        int n = c.nodeCount();
        TreeValues v = new TreeValues(c, calibrated && c.nodeAdjust != null, n);
        for (int i = n - 1; i >= 1; i--) {
            long raw = Math.max(0, Math.round(c.nodeSelf[i] * nanosPerTick));
            v.rawSelf[i] = raw;
            if (v.calibrated) {
                v.self[i] = Math.max(0, Math.round((c.nodeSelf[i] - c.nodeAdjust[i]) * nanosPerTick));
                v.total[i] += v.self[i];
                v.total[c.nodeParent[i]] += v.total[i];
            }
            v.rawTotal[i] += raw;
            v.rawTotal[c.nodeParent[i]] += v.rawTotal[i];
        }
        return v;
    }

    int width() { return calibrated ? 5 : 3; }

    /** The root's values are its children's sums: its own self time (outside every recorded call) is not shown. */
    void fill(int i, CallNode node) {
        long calls = 0;
        if (i == 0) {
            for (int k = 1; k < copy.nodeCount(); k++) if (copy.nodeParent[k] == 0) calls += copy.nodeCalls[k];
        } else {
            calls = copy.nodeCalls[i];
        }
        node.setValue(CALLS, calls);
        node.setValue(TOTAL, total[i]);
        node.setValue(SELF, i == 0 ? 0 : self[i]);
        if (calibrated) {
            node.setValue(RAW_TOTAL, rawTotal[i]);
            node.setValue(RAW_SELF, i == 0 ? 0 : rawSelf[i]);
        }
    }
}
