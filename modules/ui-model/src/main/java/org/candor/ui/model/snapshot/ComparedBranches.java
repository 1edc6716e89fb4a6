package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.util.List;
import org.candor.core.analysis.SnapshotComparison;

/**
 * The rows of a comparison's diff tree ({@link SnapshotComparison}): a row's node is its branch, A's figure is value
 * 0 and B's value 1, and its children are read from both files when it is first expanded.
 */
final class ComparedBranches implements CallTreeRow.Branches {

    private final SnapshotComparison comparison;

    private ComparedBranches(SnapshotComparison comparison) {
        this.comparison = comparison;
    }

    /** The root row; its children are read at once. */
    static CallTreeRow root(SnapshotComparison comparison) throws IOException {
        ComparedBranches branches = new ComparedBranches(comparison);
        CallTreeRow root = branches.row(comparison.root(), null, 0);
        root.makeChildren();
        return root;
    }

    private CallTreeRow row(SnapshotComparison.Branch branch, CallTreeRow parent, int index) {
        return new CallTreeRow(this, branch, branch.methodId(), new long[] {branch.a(), branch.b()},
                !branch.hasChildren(), parent, index);
    }

    @Override public CallTreeRow[] childrenOf(CallTreeRow row) throws IOException {
        List<SnapshotComparison.Branch> children = comparison.children((SnapshotComparison.Branch) row.node());
        CallTreeRow[] rows = new CallTreeRow[children.size()];
        for (int i = 0; i < rows.length; i++) rows[i] = row(children.get(i), row, i);
        return rows;
    }

    @Override public boolean readsFile() { return true; }
}
