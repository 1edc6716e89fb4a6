package org.candor.probe;

/**
 * Bounds on what the probes may keep, set by the agent before the first instrumented class runs. When a bound is
 * reached the probes drop and count, never block or fail.
 */
public final class ProbeLimits {

    /** Call-tree nodes over all threads. A node costs about 48 bytes of the target's heap, its index included. */
    static volatile int maxNodes = 4_000_000;
    /** Open frames recorded per thread; deeper frames are counted as dropped. */
    static volatile int maxDepth = 100_000;
    /** Threads with a call tree of their own at once; later threads are not recorded and counted. */
    static volatile int maxThreads = 10_000;
    /**
     * Ended threads that keep their own trees; the trees of threads that end later are folded into one per name
     * ({@link EndedThreads}) and no longer count against {@link #maxThreads}.
     */
    static volatile int endedKept = 1_000;

    private ProbeLimits() {}

    public static void set(int nodes, int depth, int threads) {
        if (nodes < 1 || depth < 1 || threads < 1) throw new IllegalArgumentException("limits must be positive");
        maxNodes = nodes;
        maxDepth = depth;
        maxThreads = threads;
    }

    public static int maxNodes() { return maxNodes; }

    /**
     * The default node limit for a heap: at most an eighth of the target's maximum heap goes to call trees (about
     * 48 bytes a node), and never more than 32 million nodes (about 1.5 GB).
     */
    public static int defaultMaxNodes(long maxHeapBytes) {
        long byHeap = maxHeapBytes / 8 / 48;
        return (int) Math.max(50_000, Math.min(32_000_000, byHeap));
    }

    /**
     * How trees grow when paths are many: {@code keep} (every path its node while the budget lasts), {@code fold}
     * (recursion folded into the first open frame of the method) or {@code auto} (kept until a thread's tree has
     * {@code foldAfter} nodes, folded from there on).
     */
    public static void treeShape(String recursion, int foldAfter) {
        if (foldAfter < 1) throw new IllegalArgumentException("foldAfter must be positive");
        switch (recursion) {
            case "keep": TreeShape.mode = TreeShape.KEEP; break;
            case "fold": TreeShape.mode = TreeShape.FOLD; break;
            case "auto": TreeShape.mode = TreeShape.AUTO; break;
            default: throw new IllegalArgumentException("recursion must be keep, fold or auto");
        }
        TreeShape.foldAfter = foldAfter;
    }

    /** {@code keep}, {@code fold} or {@code auto}. */
    public static String recursion() { return TreeShape.name(TreeShape.mode); }
    public static int foldAfter() { return TreeShape.foldAfter; }
    public static int maxDepth() { return maxDepth; }
    public static int maxThreads() { return maxThreads; }
    /** Ended threads that keep their own trees: never more than half the thread limit, the rest is for live ones. */
    public static int endedKept() { return Math.min(endedKept, maxThreads / 2); }
}
