package org.candor.bench.variants;

import org.candor.probe.Clock;

/**
 * A bench-only copy of the hot path (enter, exit, the child index) of {@code org.candor.probe.ThreadState} as it was
 * before it kept self time per node (total time per node, a frame's start stamp), line for line, so that parts of it
 * can be swapped out and measured; the probe's cost itself is {@code ProbeCost}'s. Cold paths are simplified (no node budget, fixed depth limit):
 * the benchmarks never reach them after the first call. {@link #enter}/{@link #exit} are the unchanged copy; the other
 * pairs are the variants.
 */
public final class CopyState {

    private static final int MAX_DEPTH = 100_000;

    public int depth;

    int[] nodeMethod = new int[64];
    int[] nodeParent = new int[64];
    long[] nodeCalls = new long[64];
    long[] nodeTicks = new long[64];
    /** Variant "lastChild": per node, (methodId + 1) << 32 | child node of the child entered last; 0 = none. */
    long[] nodeLastChild = new long[64];
    int nodeCount = 1;

    private long[] indexKeys = new long[128];
    private int[] indexNodes = new int[128];
    private int indexSize;

    int[] frameNode = new int[32];
    long[] frameStart = new long[32];

    long droppedCalls;
    private final boolean recording;
    /** Variant "tidArray": the id of the owning thread (HotSpot never reuses thread ids). */
    final long ownerId;

    CopyState() {
        recording = true;
        ownerId = Thread.currentThread().getId();
        nodeMethod[0] = -1;
        nodeParent[0] = -1;
    }

    // ---- the copy of ThreadState.enter / exit ----

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

    // ---- variant: the same without any clock (constant time stamps) ----

    void enterNoClock(int methodId) {
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
        frameStart[d] = 0L;
    }

    void exitNoClock(int frame) {
        long now = 0L;
        int d = depth;
        if (d == frame && d < frameNode.length && d > 0) {
            int node = frameNode[d];
            if (node >= 0) nodeTicks[node] += now - frameStart[d];
            depth = d - 1;
            return;
        }
        closeDownTo(frame, now);
    }

    // ---- variant: a one-entry "last child" cache per node in front of the hash index ----

    void enterLastChild(int methodId) {
        if (!recording) return;
        int d = ++depth;
        int[] frames = frameNode;
        if (d >= frames.length && (frames = growFrames(d)) == null) {
            droppedCalls++;
            return;
        }
        int parent = frames[d - 1];
        int node;
        if (parent < 0) {
            node = -1;
        } else {
            long last = nodeLastChild[parent];
            if ((int) (last >>> 32) == methodId + 1) {
                node = (int) last;
            } else {
                node = child(parent, methodId);
                if (node >= 0) nodeLastChild[parent] = ((long) (methodId + 1) << 32) | node;
            }
        }
        frames[d] = node;
        if (node < 0) {
            droppedCalls++;
            return;
        }
        nodeCalls[node]++;
        frameStart[d] = Clock.now();
    }

    // ---- variant: the copy with the FFM critical rdtsc (JDK 22+) instead of the JNI one ----

    void enterFfm(int methodId) {
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
        frameStart[d] = FfmClock.now();
    }

    void exitFfm(int frame) {
        long now = FfmClock.now();
        int d = depth;
        if (d == frame && d < frameNode.length && d > 0) {
            int node = frameNode[d];
            if (node >= 0) nodeTicks[node] += now - frameStart[d];
            depth = d - 1;
            return;
        }
        closeDownTo(frame, now);
    }

    // ---- unchanged copies of the rest ----

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
        if (n >= nodeMethod.length) growNodes(n + 1);
        nodeMethod[n] = methodId;
        nodeParent[n] = parent;
        indexKeys[slot] = key;
        indexNodes[slot] = n;
        if (++indexSize * 2 > indexKeys.length) rehash();
        nodeCount = n + 1;
        return n;
    }

    private void growNodes(int min) {
        int cap = Math.max(min, nodeMethod.length * 2);
        nodeMethod = java.util.Arrays.copyOf(nodeMethod, cap);
        nodeParent = java.util.Arrays.copyOf(nodeParent, cap);
        nodeCalls = java.util.Arrays.copyOf(nodeCalls, cap);
        nodeTicks = java.util.Arrays.copyOf(nodeTicks, cap);
        nodeLastChild = java.util.Arrays.copyOf(nodeLastChild, cap);
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

    private int[] growFrames(int d) {
        int limit = MAX_DEPTH + 1;
        if (d >= limit) return null;
        int cap = (int) Math.min(limit, Math.max(d + 1L, frameNode.length * 2L));
        frameNode = java.util.Arrays.copyOf(frameNode, cap);
        frameStart = java.util.Arrays.copyOf(frameStart, cap);
        return frameNode;
    }

    /** Calls recorded so far over all nodes (for the check that the variants really record). */
    public long calls() {
        long sum = 0;
        for (int i = 0; i < nodeCount; i++) sum += nodeCalls[i];
        return sum;
    }
}
