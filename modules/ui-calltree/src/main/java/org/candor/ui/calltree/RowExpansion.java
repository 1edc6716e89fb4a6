package org.candor.ui.calltree;

import java.awt.EventQueue;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.event.TreeExpansionEvent;
import javax.swing.event.TreeWillExpandListener;
import javax.swing.tree.ExpandVetoException;
import javax.swing.tree.TreePath;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.snapshot.Problems;
import org.netbeans.swing.outline.Outline;
import org.openide.util.RequestProcessor;

/**
 * Expands a call-tree row whose children are read from the snapshot's file only once they are read, in the
 * background: the user's click (or key) starts the read, the row opens when it is done, and the event thread never
 * waits for the file. Rows of a tree in memory, and rows whose children are made, expand at once. The rows opening
 * meanwhile are known ({@link #opening}): a reader's place taken then (a live refresh, once a second) keeps them.
 */
final class RowExpansion implements TreeWillExpandListener {

    private static final Logger LOG = Logger.getLogger(RowExpansion.class.getName());
    static final RequestProcessor READS = new RequestProcessor("Candor call tree reads", 1);

    private final Outline tree;
    /** Rows whose children are being read to open them; event thread only. */
    private final Set<CallTreeRow> opening = new LinkedHashSet<>();

    private RowExpansion(Outline tree) {
        this.tree = tree;
    }

    /** Watches the expansions of the tree's model now set: call after each {@code setModel}. */
    static RowExpansion watch(Outline tree) {
        RowExpansion expansion = new RowExpansion(tree);
        tree.getOutlineModel().getTreePathSupport().addTreeWillExpandListener(expansion);
        return expansion;
    }

    /** The rows asked to open whose children are still being read. Event thread. */
    List<CallTreeRow> opening() {
        return List.copyOf(opening);
    }

    @Override
    public void treeWillExpand(TreeExpansionEvent event) throws ExpandVetoException {
        TreePath path = event.getPath();
        CallTreeRow row = (CallTreeRow) path.getLastPathComponent();
        if (!row.readsFile() || row.childrenMade()) return;
        Object model = tree.getOutlineModel();
        opening.add(row);
        READS.post(() -> {
            try {
                row.makeChildren();
                EventQueue.invokeLater(() -> {
                    opening.remove(row);
                    if (tree.getOutlineModel() == model) tree.expandPath(path);
                });
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                EventQueue.invokeLater(() -> opening.remove(row));
                LOG.log(Level.WARNING, "Cannot read the calls below " + row, e);
                Problems.notify("Cannot read the call tree", "The calls below a row cannot be read: " + e.getMessage());
            }
        });
        throw new ExpandVetoException(event, "its children are being read");
    }

    @Override
    public void treeWillCollapse(TreeExpansionEvent event) {}
}
