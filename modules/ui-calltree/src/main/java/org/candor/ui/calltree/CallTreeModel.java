package org.candor.ui.calltree;

import javax.swing.event.TreeModelListener;
import javax.swing.tree.TreeModel;
import javax.swing.tree.TreePath;
import org.candor.ui.model.snapshot.CallTreeRow;

/**
 * A read-only tree model over a calling-context tree whose rows are made lazily (see {@link CallTreeRow}), or over
 * one subtree of it (Focus on Subtree: its root is a row below the tree's own). A row read in place is expanded only
 * once its children are made ({@link RowExpansion}): the model never reads the file.
 */
final class CallTreeModel implements TreeModel {

    private final CallTreeRow root;

    CallTreeModel(CallTreeRow root) {
        this.root = root;
    }

    @Override public CallTreeRow getRoot() { return root; }
    @Override public CallTreeRow getChild(Object parent, int index) { return ((CallTreeRow) parent).child(index); }
    @Override public int getChildCount(Object parent) { return ((CallTreeRow) parent).childCount(); }
    @Override public boolean isLeaf(Object node) { return ((CallTreeRow) node).isLeaf(); }

    @Override public int getIndexOfChild(Object parent, Object child) {
        if (!(parent instanceof CallTreeRow) || !(child instanceof CallTreeRow)) return -1;
        CallTreeRow c = (CallTreeRow) child;
        return c.parent() == parent ? c.index() : -1;
    }

    /** The path from this model's root to a row; null when the row is not in this model's (sub)tree. */
    TreePath pathTo(CallTreeRow row) {
        CallTreeRow[] path = row.path();
        for (int i = 0; i < path.length; i++) {
            if (path[i] == root) return new TreePath(i == 0 ? path : java.util.Arrays.copyOfRange(path, i, path.length));
        }
        return null;
    }

    /** Whether the row is in this model's (sub)tree. */
    boolean contains(CallTreeRow row) {
        for (CallTreeRow r = row; r != null; r = r.parent()) if (r == root) return true;
        return false;
    }

    // The tree never changes, so there is nothing to tell listeners.
    @Override public void valueForPathChanged(TreePath path, Object newValue) {}
    @Override public void addTreeModelListener(TreeModelListener l) {}
    @Override public void removeTreeModelListener(TreeModelListener l) {}
}
