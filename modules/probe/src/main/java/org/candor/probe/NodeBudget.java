package org.candor.probe;

/**
 * The global node allowance. Threads take it in chunks so that creating a node rarely touches shared state.
 * Plain synchronized code: nothing here may call into classes that could be instrumented.
 */
final class NodeBudget {

    static final int CHUNK = 1024;

    private static final Object LOCK = new Object();
    private static long granted;
    private static boolean exhausted;
    private static boolean heapFull;

    private NodeBudget() {}

    /** Grants up to {@link #CHUNK} more nodes; 0 once the limit is reached. */
    static int take() {
        synchronized (LOCK) {
            long left = ProbeLimits.maxNodes - granted;
            if (left <= 0) {
                exhausted = true;
                return 0;
            }
            int n = (int) Math.min(CHUNK, left);
            granted += n;
            return n;
        }
    }

    /** No more nodes for anyone: the heap ran short while a tree grew. */
    static void exhaust() {
        synchronized (LOCK) {
            granted = Long.MAX_VALUE / 2;
            exhausted = true;
            heapFull = true;
        }
    }

    static boolean heapFull() {
        synchronized (LOCK) { return heapFull; }
    }

    static boolean exhausted() {
        synchronized (LOCK) { return exhausted; }
    }

    /** Gives every node back (used when collected results are reset). */
    static void reset() {
        synchronized (LOCK) {
            granted = 0;
            exhausted = false;
            heapFull = false;
        }
    }
}
