package org.candor.probe;

import java.lang.ref.WeakReference;

/**
 * One thread's calling-context tree, built in place by the probes of that thread: no locks, no allocation per
 * call. Node 0 is the thread's root; frame k (1-based) of the shadow stack holds the node of the k-th open
 * measured call and the time stamp taken when it entered. Self time is not kept: it is total minus the children's
 * totals, derived when a snapshot is taken.
 *
 * <p>Other threads only read this state (snapshots); they see values as of some recent moment, never torn arrays.
 */
public final class ThreadState {

    /**
     * Open measured frames. Instrumented code reads it right after {@link Probe#enter} and hands it back on exit,
     * so an exit closes exactly its own frame and any frame an exception left open above it.
     */
    public int depth;

    final long threadId;
    final WeakReference<Thread> thread;
    volatile String threadName;
    private final boolean recording;

    int[] nodeMethod;
    int[] nodeParent;
    long[] nodeCalls;
    long[] nodeTicks;
    /** Written last when a node is added, so a reader that sees the count sees the node. */
    volatile int nodeCount;
    private int nodesGranted;

    /** Open-addressing index (parent, method) to child node; key 0 means empty. */
    private long[] indexKeys;
    private int[] indexNodes;
    private int indexSize;

    int[] frameNode;
    long[] frameStart;

    long droppedCalls;

    ThreadState(Thread t, boolean recording) {
        this.threadId = t.getId();
        this.thread = new WeakReference<>(t);
        this.threadName = t.getName();
        this.recording = recording;
        nodeMethod = new int[64];
        nodeParent = new int[64];
        nodeCalls = new long[64];
        nodeTicks = new long[64];
        nodeMethod[0] = -1;
        nodeParent[0] = -1;
        nodeCount = 1;
        nodesGranted = 1;
        indexKeys = new long[128];
        indexNodes = new int[128];
        int frames = Math.min(32, ProbeLimits.maxDepth + 1);
        frameNode = new int[frames];
        frameStart = new long[frames];
    }

    void enter(int methodId) {
        if (!recording) return;
        int d = ++depth;
        int[] frames = frameNode;
        if (d >= frames.length && (frames = growFrames(d)) == null) {
            droppedCalls++;
            return;
        }
        int parent = frames[d - 1];
        int node = parent < 0 ? -1 : child(parent, methodId);
        frames[d] = node;
        if (node < 0) {
            droppedCalls++;
            return;
        }
        nodeCalls[node]++;
        frameStart[d] = Clock.now();
    }

    /** Closes {@code frame} and every frame above it that an exception left open; a second call is a no-op. */
    void exit(int frame) {
        long now = Clock.now();
        int d = depth;
        if (d == frame && d < frameNode.length && d > 0) {
            int node = frameNode[d];
            if (node >= 0) nodeTicks[node] += now - frameStart[d];
            depth = d - 1;
            return;
        }
        closeDownTo(frame, now);
    }

    /** At an exception handler of frame {@code frame}: closes the frames above it, keeps it open. */
    void unwind(int frame) {
        if (depth > frame) closeDownTo(frame + 1, Clock.now());
    }

    private void closeDownTo(int frame, long now) {
        if (frame < 1) return;
        int d = depth;
        int[] frames = frameNode;
        while (d >= frame) {
            if (d < frames.length) {
                int node = frames[d];
                if (node >= 0) nodeTicks[node] += now - frameStart[d];
            }
            d--;
        }
        depth = d;
    }

    private int child(int parent, int methodId) {
        long key = ((long) (parent + 1) << 32) | (methodId & 0xFFFF_FFFFL);
        long[] keys = indexKeys;
        int mask = keys.length - 1;
        int h = mix(key) & mask;
        while (true) {
            long k = keys[h];
            if (k == key) return indexNodes[h];
            if (k == 0) return addNode(parent, methodId, key, h);
            h = (h + 1) & mask;
        }
    }

    private static int mix(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h >>> 32) ^ (int) h;
    }

    private int addNode(int parent, int methodId, long key, int slot) {
        int n = nodeCount;
        if (n >= nodesGranted) {
            int more = NodeBudget.take();
            if (more == 0) return -1;
            nodesGranted += more;
        }
        if (n >= nodeMethod.length || (indexSize + 1) * 2 > indexKeys.length) {
            try {
                if (n >= nodeMethod.length) growNodes(n + 1);
                if ((indexSize + 1) * 2 > indexKeys.length) {
                    rehash();
                    slot = freeSlot(key);
                }
            } catch (OutOfMemoryError heapFull) {
                // the target's heap matters more than our tree: stop adding nodes anywhere
                NodeBudget.exhaust();
                return -1;
            }
        }
        nodeMethod[n] = methodId;
        nodeParent[n] = parent;
        indexKeys[slot] = key;
        indexNodes[slot] = n;
        indexSize++;
        nodeCount = n + 1;
        return n;
    }

    private int freeSlot(long key) {
        int mask = indexKeys.length - 1;
        int h = mix(key) & mask;
        while (indexKeys[h] != 0) h = (h + 1) & mask;
        return h;
    }

    /** Grows by half, not double: a big tree's arrays are copied while the old ones are still alive. */
    private void growNodes(int min) {
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(min, nodeMethod.length + (nodeMethod.length >> 1)));
        nodeMethod = Grow.copy(nodeMethod, cap);
        nodeParent = Grow.copy(nodeParent, cap);
        nodeCalls = Grow.copy(nodeCalls, cap);
        nodeTicks = Grow.copy(nodeTicks, cap);
    }

    private void rehash() {
        long[] oldKeys = indexKeys;
        int[] oldNodes = indexNodes;
        long[] keys = new long[oldKeys.length * 2];
        int[] nodes = new int[keys.length];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            long k = oldKeys[i];
            if (k == 0) continue;
            int h = mix(k) & mask;
            while (keys[h] != 0) h = (h + 1) & mask;
            keys[h] = k;
            nodes[h] = oldNodes[i];
        }
        indexKeys = keys;
        indexNodes = nodes;
    }

    /** Null when the frame would pass the depth limit. */
    private int[] growFrames(int d) {
        int limit = ProbeLimits.maxDepth + 1;
        if (d >= limit) return null;
        int cap = (int) Math.min(limit, Math.max(d + 1L, frameNode.length * 2L));
        frameNode = Grow.copy(frameNode, cap);
        frameStart = Grow.copy(frameStart, cap);
        return frameNode;
    }

    /** A consistent-enough copy for a snapshot, taken from any thread. */
    public ThreadTreeCopy copy() {
        Thread t = thread.get();
        if (t != null) threadName = t.getName();
        int n = nodeCount;
        int open = Math.min(depth, frameNode.length - 1);
        return new ThreadTreeCopy(threadId, threadName, t != null && t.isAlive(),
                Grow.copy(nodeMethod, n), Grow.copy(nodeParent, n),
                Grow.copy(nodeCalls, n), Grow.copy(nodeTicks, n),
                Grow.slice(frameNode, 1, open + 1),
                Grow.slice(frameStart, 1, open + 1),
                droppedCalls, Clock.now());
    }

    public long threadId() { return threadId; }
    public boolean recording() { return recording; }
}
