package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Find in the call tree: the next row after a given one, in the order the tree shows its rows when all are expanded
 * (depth first, children in display order), whose method matches; past the last row the search goes on from the
 * first. Rows below collapsed ones count too: a match deep in the tree is found and its path expanded by the caller.
 * The search walks the tree once at most, without making rows ({@link Descent}: a tree in memory, or one read in
 * place, which may have tens of millions of nodes): run it off the event thread. It stops with an
 * {@link InterruptedIOException} when its thread is interrupted.
 */
public final class TreeSearch {

    /** How often (nodes, minus one) a search looks whether it was cancelled. */
    private static final int INTERRUPT_CHECK_MASK = (1 << 14) - 1;

    /** A depth-first walk over a tree in display order, its root at depth 0, as the rows show it. */
    interface Descent {
        void walk(Visitor visitor) throws IOException;
    }

    /** Receives each node entered; returns whether to go on below it. */
    interface Visitor {
        boolean enter(int method, int depth) throws IOException;
    }

    private TreeSearch() {}

    /**
     * @param after the method path of the row to search after ({@link CallTreeRow#methodPath}), or null to start at
     *              the first row
     * @return the method path of the next matching row, or null when none matches
     */
    static int[] next(Descent tree, int[] after, IntPredicate matches) throws IOException {
        if (after != null) {
            int[] found = search(tree, after, matches);
            if (found != null) return found;
        }
        return search(tree, null, matches); // from the first row: round again, up to the row searched after
    }

    /** The first match after the row at {@code after} (from the first row when null), or null. */
    private static int[] search(Descent tree, int[] after, IntPredicate matches) throws IOException {
        int[][] path = {new int[64]};
        int[] result = {-1}; // the depth of the match, once found
        boolean[] past = {after == null};
        long[] entered = {0};
        tree.walk((method, depth) -> {
            if (result[0] >= 0) return false; // found: leave the rest unread
            if ((++entered[0] & INTERRUPT_CHECK_MASK) == 0 && Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("the search was cancelled");
            }
            if (depth == 0) return true;
            if (depth > path[0].length) path[0] = Arrays.copyOf(path[0], depth * 2);
            path[0][depth - 1] = method;
            if (past[0]) {
                if (!matches.test(method)) return true;
                result[0] = depth;
                return false;
            }
            // before the row searched after: only the nodes on its path lead to it; the others come before it
            if (depth > after.length || after[depth - 1] != method) return false;
            if (depth == after.length) past[0] = true;
            return true;
        });
        return result[0] < 0 ? null : Arrays.copyOf(path[0], result[0]);
    }
}
