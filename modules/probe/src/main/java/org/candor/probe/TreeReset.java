package org.candor.probe;

/**
 * A reset of one thread's collected results, done by the owner thread on its next call after {@link Recording#reset}:
 * every node goes and the allowance with it; the calls still open become fresh zeroed nodes on the same paths,
 * whose time counts from the reset (wall clocks) or from now (per-thread metrics). Frames opened while recording
 * was stopped stay without a node. The method rows keep their open frames and lose their figures.
 */
final class TreeReset {

    private TreeReset() {}

    static void clear(ThreadState ts) {
        long now = Clock.now();
        long start = Clock.perThread() ? now : Math.max(Recording.resetTicks, 0);
        int open = Math.min(ts.depth, ts.frameNode.length - 1);
        int W = ThreadState.W;
        long[] nodes = ts.nodes;
        for (int i = 0; i < ts.nodeCount * W; i++) nodes[i] = 0;
        nodes[ThreadState.KEY] = -1;
        nodes[ThreadState.WORD] = ThreadState.NO_ROW;
        int[] slots = ts.slots;
        for (int i = 0; i < slots.length; i++) slots[i] = 0;
        ts.slotsUsed = 0;
        ts.nodeCount = 1;
        ts.nodesGranted = 1;
        ts.droppedCalls = 0;
        ts.foldedCalls = 0;
        ts.beyondCalls = 0;
        ts.rows.clearFigures();
        for (int d = 1; d <= open; d++) {
            if (ts.frameNode[d] < -1) continue;  // opened while stopped: stays without a node
            int row = ts.frameRow[d];
            int parent = ts.recordedBelow(d);
            if (row == ThreadState.ROW_DROPPED || row == ThreadState.ROW_NONE || parent < 0) {
                if (row >= 0) ts.rows.exit(row & ~ThreadState.ROW_BEYOND, 0, 0);
                ts.frameNode[d] = Math.max(parent, 0);
                ts.frameRow[d] = ThreadState.ROW_DROPPED;
                continue;
            }
            int r = row & ~ThreadState.ROW_BEYOND;
            boolean first = firstOpen(ts, d, ts.frameMethod[d]);
            int node;
            if (!first && ts.shape.folding) {
                node = ts.rows.firstNode(r);  // a folded call stays folded into the (rebuilt) first frame
            } else {
                node = ts.find(parent, ts.frameMethod[d]);
                if (node == 0) node = freshNode(ts, parent, ts.frameMethod[d], r);
            }
            if (node < 0) {
                ts.rows.exit(r, 0, 0);  // no longer open as far as its row knows: its exit will not say so
                ts.frameNode[d] = parent;
                ts.frameRow[d] = ThreadState.ROW_DROPPED;
                continue;
            }
            ts.frameNode[d] = node;
            ts.frameRow[d] = r;
            if (first) ts.rows.data[r * MethodRows.R + MethodRows.FIRST] = node;
            if (ts.frameStart[d] < start || Clock.perThread()) ts.frameStart[d] = start;
            if (ts.frameExcluded != null) ts.frameExcluded[d] = ts.excluded;
        }
        if (ts.lastRaw < start) ts.lastRaw = start;
        if (ts.lastOut < ts.lastRaw) ts.lastOut = ts.lastRaw;
    }

    private static int freshNode(ThreadState ts, int parent, int method, int row) {
        if (ts.nodeCount >= ts.nodesGranted) {
            int more = NodeBudget.take(ts.nodesGranted);
            if (more == 0) return -1;
            ts.nodesGranted += more;
        }
        return TreeStorage.append(ts, parent, method, row);
    }

    /** Whether frame {@code d} is the outermost open frame of its method. */
    private static boolean firstOpen(ThreadState ts, int d, int method) {
        for (int k = 1; k < d; k++) {
            if (ts.frameMethod[k] == method && ts.frameRow[k] >= 0) return false;
        }
        return true;
    }
}
