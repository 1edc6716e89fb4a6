package org.candor.probe;

/**
 * The global node allowance. Threads take it in chunks so that creating a node rarely touches shared state, and
 * give back what they did not use when they end. Past the limit a small reserve (a sixteenth of it) is left for
 * the nodes that stand for calls beyond the budget, taken one at a time. Plain synchronized code: nothing here may
 * call into classes that could be instrumented.
 */
final class NodeBudget {

    static final int CHUNK = 1024;

    private static final Object LOCK = new Object();
    private static long granted;
    private static long reserveTaken;
    private static boolean exhausted;
    private static boolean heapFull;

    private NodeBudget() {}

    /**
     * Grants more nodes to a thread that holds {@code held}: a small tree gets small chunks (threads by the
     * thousand must not hold the budget idle), a big one {@link #CHUNK}; 0 once the limit is reached.
     */
    static int take(int held) {
        synchronized (LOCK) {
            if (heapFull) return 0;
            long left = ProbeLimits.maxNodes - granted;
            if (left <= 0) {
                exhausted = true;
                return 0;
            }
            int n = (int) Math.min(held < CHUNK ? 64 : CHUNK, left);
            granted += n;
            return n;
        }
    }

    /** Exactly {@code n} nodes (an ended thread's paths that its group lacks), or none: false. */
    static boolean takeExactly(int n) {
        synchronized (LOCK) {
            if (heapFull || ProbeLimits.maxNodes - granted < n) return false;
            granted += n;
            return true;
        }
    }

    /** One node from the reserve for calls beyond the budget; false when it is gone (or the heap is full). */
    static boolean takeReserve() {
        synchronized (LOCK) {
            if (heapFull || reserveTaken >= reserve()) return false;
            reserveTaken++;
            return true;
        }
    }

    private static long reserve() {
        return Math.max(64, ProbeLimits.maxNodes / 16);
    }

    /** Nodes a thread was granted and will never use (it ended). */
    static void giveBack(long nodes) {
        if (nodes <= 0) return;
        synchronized (LOCK) {
            granted = Math.max(0, granted - nodes);
            if (granted < ProbeLimits.maxNodes) exhausted = false;
        }
    }

    /** No more nodes for anyone: the heap ran short while a tree grew (the budget was not reached: see exhausted). */
    static void exhaust() {
        synchronized (LOCK) {
            heapFull = true;
        }
    }

    static boolean heapFull() {
        synchronized (LOCK) { return heapFull; }
    }

    /** True once a thread asked for nodes and the budget had none left (a full heap is {@link #heapFull}). */
    static boolean exhausted() {
        synchronized (LOCK) { return exhausted; }
    }

    /** Gives every node back (used when collected results are reset). */
    static void reset() {
        synchronized (LOCK) {
            granted = 0;
            reserveTaken = 0;
            exhausted = false;
            heapFull = false;
        }
    }
}
