package org.candor.probe;

/**
 * A copy of one thread's tree for a snapshot, as arrays indexed by node (node 0 is the root; a node's parent index
 * is always smaller than its own), with the thread's method rows. Times are ticks of self time; with a wall clock
 * the section in progress and the windows of methods still on the stack count up to {@link #takenAt}. The node
 * arrays hold {@link #nodeCount()} nodes and may be longer when a copy reuses the arrays of an earlier one
 * ({@link Reuse}).
 */
public final class ThreadTreeCopy {

    /** The method id of nodes that stand for calls beyond the tree's budget. */
    public static final int BEYOND = TreeShape.BEYOND;

    /**
     * Node arrays kept from one copy to the next (a live view copies the same threads every second or so): a fresh
     * array is zeroed and first touched page by page, about a quarter of a live refresh's cost on 750,000 nodes,
     * and garbage in the program's heap. Not thread-safe: one copier at a time.
     */
    public static final class Reuse {
        int[] method = new int[0];
        int[] parent = new int[0];
        long[] calls = new long[0];
        long[] self = new long[0];
        long[] adjust = new long[0];

        void reserve(int n, boolean adjusted) {
            if (method.length < n) {
                int size = Math.max(n, (int) Math.min(Integer.MAX_VALUE - 8, n + (n >> 3)));  // room to grow a little
                method = new int[size];
                parent = new int[size];
                calls = new long[size];
                self = new long[size];
            }
            if (adjusted && adjust.length < method.length) adjust = new long[method.length];
        }
    }

    public final long threadId;
    public final String threadName;
    public final boolean alive;
    private final int nodes;
    public final int[] nodeMethod;
    public final int[] nodeParent;
    public final long[] nodeCalls;
    /** Self time of each node as measured, ticks. */
    public final long[] nodeSelf;
    /** Calibration: ticks to take off each node's self time; null when calibration is off. */
    public final long[] nodeAdjust;

    /** Per method the thread called: its id, ... */
    public final int[] rowMethod;
    /** ... its time on the stack (outermost calls), ticks, and the calibration's share of it (null when off), ... */
    public final long[] rowTotal;
    public final long[] rowTotalAdjust;
    /** ... and the calls and self time of its calls beyond the tree's budget (not in any node of its own). */
    public final long[] rowBeyondCalls;
    public final long[] rowBeyondSelf;
    public final long[] rowBeyondAdjust;

    public final long droppedCalls;
    public final long foldedCalls;
    public final long beyondCalls;
    /** The tree's size when recursion folding began; -1 when it never did. */
    public final long foldedAfter;
    /** The clock when the copy was taken. */
    public final long takenAt;

    private ThreadTreeCopy(ThreadState ts, int n, int rowCount, long takenAt, Reuse reuse) {
        Thread t = ts.thread.get();
        if (t != null) ts.threadName = t.getName();
        this.threadId = ts.threadId;
        this.threadName = ts.threadName;
        this.alive = t != null && t.isAlive();
        this.takenAt = takenAt;
        int W = ThreadState.W;
        long[] nodes = ts.nodes;
        n = Math.min(n, nodes.length / W);
        this.nodes = n;
        if (reuse == null) {
            nodeMethod = new int[n];
            nodeParent = new int[n];
            nodeCalls = new long[n];
            nodeSelf = new long[n];
            nodeAdjust = Calibration.ON ? new long[n] : null;
        } else {
            reuse.reserve(n, Calibration.ON);
            nodeMethod = reuse.method;
            nodeParent = reuse.parent;
            nodeCalls = reuse.calls;
            nodeSelf = reuse.self;
            nodeAdjust = Calibration.ON ? reuse.adjust : null;
        }
        nodeMethod[0] = -1;
        nodeParent[0] = -1;
        nodeCalls[0] = 0;
        nodeSelf[0] = 0;
        if (nodeAdjust != null) nodeAdjust[0] = 0;
        for (int i = 1; i < n; i++) {
            int b = i * W;
            long key = nodes[b + ThreadState.KEY];
            nodeMethod[i] = (int) key;
            nodeParent[i] = (int) (key >>> 32) - 1;
            nodeCalls[i] = nodes[b + ThreadState.WORD] >>> ThreadState.ROW_BITS;
            nodeSelf[i] = nodes[b + ThreadState.SELF];
            if (nodeAdjust != null) nodeAdjust[i] = nodes[b + ThreadState.ADJUST];
        }
        MethodRows rows = ts.rows;
        long[] data = rows.data;
        rowCount = Math.min(rowCount, data.length / MethodRows.R);
        rowMethod = new int[rowCount];
        rowTotal = new long[rowCount];
        rowTotalAdjust = Calibration.ON ? new long[rowCount] : null;
        rowBeyondCalls = new long[rowCount];
        rowBeyondSelf = new long[rowCount];
        rowBeyondAdjust = Calibration.ON ? new long[rowCount] : null;
        for (int r = 0; r < rowCount; r++) {
            int b = r * MethodRows.R;
            rowMethod[r] = (int) (data[b + MethodRows.META] >>> 32);
            rowTotal[r] = data[b + MethodRows.TOTAL];
            rowBeyondCalls[r] = data[b + MethodRows.CALLS];
            rowBeyondSelf[r] = data[b + MethodRows.SELF];
            if (Calibration.ON) {
                rowTotalAdjust[r] = data[b + MethodRows.TOTAL_ADJUST];
                rowBeyondAdjust[r] = data[b + MethodRows.ADJUST];
            }
        }
        droppedCalls = ts.droppedCalls;
        foldedCalls = ts.foldedCalls;
        beyondCalls = ts.beyondCalls;
        foldedAfter = ts.shape.foldedAfter;
    }

    static ThreadTreeCopy of(ThreadState ts, Reuse reuse) {
        long now = Clock.now();
        ThreadTreeCopy c = new ThreadTreeCopy(ts, ts.nodeCount, ts.rows.count, now, reuse);
        // A per-thread metric (cpu, counters) cannot be read for another thread: open frames keep what they have.
        if (!Clock.perThread() && c.alive) c.countOpenFrames(ts, now);
        return c;
    }

    /** The section in progress goes to the frame on top; each method still on the stack counts its window so far. */
    private void countOpenFrames(ThreadState ts, long now) {
        int[] frameNode = ts.frameNode;
        int[] frameRow = ts.frameRow;
        long[] frameStart = ts.frameStart;
        long[] frameExcluded = ts.frameExcluded;
        int open = Math.min(ts.depth, frameNode.length - 1);
        if (open < 1) return;
        int top = frameNode[open];
        long section = Math.max(0, now - ts.lastRaw);
        long pending = Math.max(0, ts.lastOut - ts.lastRaw);
        if (top > 0 && top < this.nodes) {
            nodeSelf[top] += section;
            if (nodeAdjust != null) nodeAdjust[top] += Math.min(pending, section);
        }
        int topRow = frameRow[open];
        if (topRow >= 0 && (topRow & ThreadState.ROW_BEYOND) != 0) {
            int r = topRow & ~ThreadState.ROW_BEYOND;
            if (r < rowBeyondSelf.length) rowBeyondSelf[r] += section;
        }
        boolean[] seen = new boolean[rowMethod.length];
        long excluded = ts.excluded;
        for (int d = 1; d <= open; d++) {
            int row = frameRow[d];
            if (row < 0) continue;
            row &= ~ThreadState.ROW_BEYOND;
            if (row >= seen.length || seen[row]) continue;
            seen[row] = true;  // the outermost open frame of its method: its window so far is the method's time
            rowTotal[row] += Math.max(0, now - frameStart[d]);
            if (rowTotalAdjust != null && frameExcluded != null) {
                rowTotalAdjust[row] += Math.max(0, excluded - frameExcluded[d]);
            }
        }
    }

    public int nodeCount() { return nodes; }
    public int rowCount() { return rowMethod.length; }
}
