package org.candor.probe;

/**
 * A copy of one thread's tree for a snapshot, as arrays indexed by node (node 0 is the root; a node's parent index
 * is always smaller than its own), with the thread's method rows. Times are ticks of self time; with a wall clock
 * the section in progress and the windows of methods still on the stack count up to {@link #takenAt}. The node
 * arrays hold {@link #nodeCount()} nodes and may be longer when a copy reuses the arrays of an earlier one
 * ({@link Reuse}); a copy {@link #withLiveNodes} has none, and its nodes are read in place, through the same accessors
 * ({@link #calls} ...) that read a copy's arrays.
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

    /**
     * The thread's own node array, read in place, in a copy of its rows alone ({@link #withLiveNodes}); null in a
     * copy of the nodes. Its values may move on while they are read, as the copy's may while it is taken.
     */
    private final long[] live;
    /** In a copy with live nodes: the node of the call in progress, and what its section so far adds (ticks). */
    private int openNode = -1;
    private long openSelf;
    private long openAdjust;

    private ThreadTreeCopy(ThreadState ts, int n, int rowCount, long takenAt, Reuse reuse, boolean copyNodes) {
        Thread t = ts.thread.get();
        if (t != null) ts.threadName = t.getName();
        this.threadId = ts.threadId;
        this.threadName = ts.threadName;
        this.alive = t != null && t.isAlive();
        this.takenAt = takenAt;
        long[] nodes = ts.nodes;
        n = Math.min(n, nodes.length / ThreadState.W);
        this.nodes = n;
        this.live = copyNodes ? null : nodes;
        if (!copyNodes) {
            nodeMethod = null;
            nodeParent = null;
            nodeCalls = null;
            nodeSelf = null;
            nodeAdjust = null;
        } else if (reuse == null) {
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
        if (copyNodes) copyNodes(nodes, n);
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

    private void copyNodes(long[] nodes, int n) {
        int W = ThreadState.W;
        nodeMethod[0] = -1;
        nodeParent[0] = -1;
        nodeCalls[0] = 0;
        nodeSelf[0] = 0;
        if (nodeAdjust != null) nodeAdjust[0] = 0;
        for (int i = 1; i < n; i++) {
            int b = i * W;
            long key = nodes[b + ThreadState.KEY];
            nodeMethod[i] = ThreadState.keyMethod(key);
            nodeParent[i] = ThreadState.keyParent(key);
            nodeCalls[i] = ThreadState.wordCalls(nodes[b + ThreadState.WORD]);
            nodeSelf[i] = nodes[b + ThreadState.SELF];
            if (nodeAdjust != null) nodeAdjust[i] = nodes[b + ThreadState.ADJUST];
        }
    }

    static ThreadTreeCopy of(ThreadState ts, Reuse reuse) {
        return of(ts, reuse, true);
    }

    /**
     * The thread's rows copied and its nodes read in place, through {@link #calls}, {@link #self}, {@link #adjust},
     * {@link #method} and {@link #parent} (the node arrays are null): for a reader that compares every node with what
     * it last saw and looks closer at the few that changed (a checkpoint continuation), to which a copy of 1.7 million
     * nodes would cost more than the comparison.
     */
    static ThreadTreeCopy withLiveNodes(ThreadState ts) {
        return of(ts, null, false);
    }

    private static ThreadTreeCopy of(ThreadState ts, Reuse reuse, boolean copyNodes) {
        long now = Clock.now();
        ThreadTreeCopy c = new ThreadTreeCopy(ts, ts.nodeCount, ts.rows.count, now, reuse, copyNodes);
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
            if (live != null) {
                openNode = top;
                openSelf = section;
                openAdjust = Calibration.ON ? Math.min(pending, section) : 0;
            } else {
                nodeSelf[top] += section;
                if (nodeAdjust != null) nodeAdjust[top] += Math.min(pending, section);
            }
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

    /** Whether the nodes have a calibration adjustment ({@link #adjust}); as {@code nodeAdjust != null} in a copy. */
    public boolean adjusted() { return Calibration.ON; }

    /** A node's calls, in a copy of the nodes or read in place alike (node 0, the root: 0). */
    public long calls(int i) {
        if (live == null) return nodeCalls[i];
        return i == 0 ? 0 : ThreadState.wordCalls(live[i * ThreadState.W + ThreadState.WORD]);
    }

    /** A node's self time, ticks, with the section in progress where it is the call in progress. */
    public long self(int i) {
        if (live == null) return nodeSelf[i];
        if (i == 0) return 0;
        long v = live[i * ThreadState.W + ThreadState.SELF];
        return i == openNode ? v + openSelf : v;
    }

    /** A node's calibration adjustment, ticks; 0 when calibration is off. */
    public long adjust(int i) {
        if (live == null) return nodeAdjust == null ? 0 : nodeAdjust[i];
        if (i == 0 || !Calibration.ON) return 0;
        long v = live[i * ThreadState.W + ThreadState.ADJUST];
        return i == openNode ? v + openAdjust : v;
    }

    /** A node's method id (node 0: -1). */
    public int method(int i) {
        if (live == null) return nodeMethod[i];
        return i == 0 ? -1 : ThreadState.keyMethod(live[i * ThreadState.W + ThreadState.KEY]);
    }

    /** A node's parent, below it (node 0: -1). */
    public int parent(int i) {
        if (live == null) return nodeParent[i];
        return i == 0 ? -1 : ThreadState.keyParent(live[i * ThreadState.W + ThreadState.KEY]);
    }
    public int rowCount() { return rowMethod.length; }
}
