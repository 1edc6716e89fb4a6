package org.candor.probe;

/**
 * A copy of one thread's tree as arrays indexed by node (node 0 is the root; a node's parent index is always
 * smaller than its own), plus the frames still open when the copy was taken.
 */
public final class ThreadTreeCopy {

    public final long threadId;
    public final String threadName;
    public final boolean alive;
    public final int[] nodeMethod;
    public final int[] nodeParent;
    public final long[] nodeCalls;
    /** Inclusive time of completed calls, in clock ticks. */
    public final long[] nodeTicks;
    /** Nodes of the open frames, outermost first; negative where a frame was dropped or not recorded. */
    public final int[] openFrameNodes;
    public final long[] openFrameStarts;
    /** Calibration: ticks to take off each node's total; null when calibration is off. */
    public final long[] nodeAdjust;
    /** Calibration: the thread's removed ticks when each open frame opened, and when the copy was taken. */
    public final long[] openFrameExcluded;
    public final long excludedAt;
    public final long droppedCalls;
    /** The clock when the copy was taken: open frames count up to here. */
    public final long takenAt;

    ThreadTreeCopy(long threadId, String threadName, boolean alive, int[] nodeMethod, int[] nodeParent,
                   long[] nodeCalls, long[] nodeTicks, int[] openFrameNodes, long[] openFrameStarts,
                   long[] nodeAdjust, long[] openFrameExcluded, long excludedAt, long droppedCalls, long takenAt) {
        this.threadId = threadId;
        this.threadName = threadName;
        this.alive = alive;
        this.nodeMethod = nodeMethod;
        this.nodeParent = nodeParent;
        this.nodeCalls = nodeCalls;
        this.nodeTicks = nodeTicks;
        this.openFrameNodes = openFrameNodes;
        this.openFrameStarts = openFrameStarts;
        this.nodeAdjust = nodeAdjust;
        this.openFrameExcluded = openFrameExcluded;
        this.excludedAt = excludedAt;
        this.droppedCalls = droppedCalls;
        this.takenAt = takenAt;
    }

    public int nodeCount() { return nodeMethod.length; }
}
