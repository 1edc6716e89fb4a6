package org.candor.probe;

/**
 * How a thread's tree grows when paths are many. {@code keep}: every call path gets its node while the budget
 * lasts. {@code fold}: a call of a method that already has a frame open on the thread is attributed to that first
 * frame (recursion folded, as JProfiler and YourKit offer), so paths never repeat a method. {@code auto} (the
 * default): paths are kept until the thread's tree reaches {@link #foldAfter} nodes, then recursion is folded from
 * there on. Whatever the shape, a call that finds no node left counts under a node that stands for calls beyond
 * the budget, and its method's row keeps its exact figures.
 */
final class TreeShape {

    public static final int KEEP = 0;
    public static final int FOLD = 1;
    public static final int AUTO = 2;

    /** The method id of the nodes that stand for calls beyond the budget: never a real method's. */
    static final int BEYOND = Integer.MAX_VALUE;

    static volatile int mode = AUTO;
    /** In {@code auto}, a thread's tree folds recursion once it has this many nodes. */
    static volatile int foldAfter = 1_000_000;

    /** Whether this thread folds recursion now. */
    boolean folding = mode == FOLD;
    /** The thread's tree size when folding began: 0 from the start, -1 never. */
    int foldedAfter = mode == FOLD ? 0 : -1;

    /** A call needs a new path while the tree holds {@code paths}: in {@code auto}, folding may begin here. */
    void newPath(int paths) {
        if (!folding && mode == AUTO && paths >= foldAfter) {
            folding = true;
            foldedAfter = paths;
        }
    }

    static String name(int m) {
        return m == KEEP ? "keep" : m == FOLD ? "fold" : "auto";
    }
}
