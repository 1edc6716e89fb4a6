package org.candor.ui.model.snapshot;

import java.util.function.Predicate;
import org.candor.core.model.CallNode;

/**
 * Find in the call tree: the next row after a given one, in the order the tree shows its rows when all are expanded
 * (depth first, children largest first), whose node matches; past the last row the search goes on from the first.
 * Rows below collapsed ones count too: a match deep in the tree is found and its path expanded by the caller.
 */
public final class TreeSearch {

    private TreeSearch() {}

    /**
     * @param root the tree's root row (not shown itself)
     * @param from the row to search after, or null to start at the first row
     * @return the next matching row, or null when none matches (checked against every row once)
     */
    public static CallTreeRow next(CallTreeRow root, CallTreeRow from, Predicate<CallNode> matches) {
        if (root.isLeaf()) return null;
        CallTreeRow first = root.child(0);
        CallTreeRow start = from == null ? first : following(root, from);
        CallTreeRow row = start;
        do {
            if (matches.test(row.node())) return row;
            row = following(root, row);
        } while (row != start);
        return null;
    }

    /** The row after {@code row} in depth-first order, the first row again after the last. */
    private static CallTreeRow following(CallTreeRow root, CallTreeRow row) {
        if (!row.isLeaf()) return row.child(0);
        for (CallTreeRow r = row; r != root; r = r.parent()) {
            CallTreeRow parent = r.parent();
            if (r.index() + 1 < parent.childCount()) return parent.child(r.index() + 1);
        }
        return root.child(0);
    }
}
