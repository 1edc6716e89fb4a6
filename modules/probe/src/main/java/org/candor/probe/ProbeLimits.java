package org.candor.probe;

/**
 * Bounds on what the probes may keep, set by the agent before the first instrumented class runs. When a bound is
 * reached the probes drop and count, never block or fail.
 */
public final class ProbeLimits {

    /** Call-tree nodes over all threads. A node costs about 60 bytes of the target's heap, its index included. */
    static volatile int maxNodes = 4_000_000;
    /** Open frames recorded per thread; deeper frames are counted as dropped. */
    static volatile int maxDepth = 100_000;
    /** Threads with a call tree; later threads are not recorded and counted. */
    static volatile int maxThreads = 10_000;

    private ProbeLimits() {}

    public static void set(int nodes, int depth, int threads) {
        if (nodes < 1 || depth < 1 || threads < 1) throw new IllegalArgumentException("limits must be positive");
        maxNodes = nodes;
        maxDepth = depth;
        maxThreads = threads;
    }

    public static int maxNodes() { return maxNodes; }

    /**
     * The default node limit for a heap: at most an eighth of the target's maximum heap goes to call trees, and
     * never more than 4 million nodes (about 240 MB).
     */
    public static int defaultMaxNodes(long maxHeapBytes) {
        long byHeap = maxHeapBytes / 8 / 60;
        return (int) Math.max(50_000, Math.min(4_000_000, byHeap));
    }
    public static int maxDepth() { return maxDepth; }
    public static int maxThreads() { return maxThreads; }
}
