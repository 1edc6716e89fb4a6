package org.candor.probe;

/** What a snapshot derives from a thread's copy, for the tests: totals are sums of self times over subtrees. */
final class Trees {

    private Trees() {}

    /** Raw total ticks per node. */
    static long[] totals(ThreadTreeCopy c) {
        long[] t = new long[c.nodeCount()];
        for (int i = c.nodeCount() - 1; i >= 1; i--) {
            t[i] += c.nodeSelf[i];
            t[c.nodeParent[i]] += t[i];
        }
        return t;
    }

    /** The row of a method in the copy, or -1. */
    static int row(ThreadTreeCopy c, int method) {
        for (int r = 0; r < c.rowCount(); r++) if (c.rowMethod[r] == method) return r;
        return -1;
    }
}
