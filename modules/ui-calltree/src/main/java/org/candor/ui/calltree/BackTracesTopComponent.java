package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.util.List;
import javax.swing.BorderFactory;
import javax.swing.JLabel;
import javax.swing.JScrollPane;
import org.candor.core.analysis.BackTraces;
import org.candor.core.analysis.PercentBasis;
import org.candor.core.analysis.SortMetric;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.netbeans.swing.outline.DefaultOutlineModel;
import org.netbeans.swing.outline.Outline;
import org.openide.windows.TopComponent;

/**
 * Back traces of one method (core's {@link BackTraces}): the method on top with its figures over the threads shown,
 * its callers below, their callers below them; each row holds what came to the method through that path, as a
 * share of the method's own total.
 */
public final class BackTracesTopComponent extends TopComponent {

    private final Outline tree;

    BackTracesTopComponent(Snapshot snapshot, List<ThreadProfile> threads, String threadsShown, int methodId) {
        MethodInfo method = snapshot.methods().get(methodId);
        setName("Callers of " + MethodText.shortSignature(method));
        setToolTipText("Back traces of " + method.className() + "." + method.name() + " in " + threadsShown);
        setLayout(new BorderLayout());
        int primary = SortMetric.tree(snapshot.metrics());
        CallNode back = BackTraces.of(threads, methodId, snapshot.metrics());
        long whole = back.value(PercentBasis.metric(snapshot.metrics(), primary)); // 100 %: the method's own total
        JLabel header = new JLabel("Back traces of " + method.className() + "." + MethodText.shortSignature(method)
                + " in " + threadsShown + ": who called it, and how much of it came through each path");
        header.setName("backTracesHeader");
        header.setBorder(BorderFactory.createEmptyBorder(8, 10, 8, 10));
        header.setMinimumSize(new java.awt.Dimension(0, header.getPreferredSize().height));
        add(header, BorderLayout.NORTH);
        tree = CallTreeOutline.create("backTraces", snapshot.methods());
        CallTreeModel model = new CallTreeModel(back.parent(), primary);
        tree.setModel(DefaultOutlineModel.createOutlineModel(
                model, new CallTreeColumns(ValueColumns.forTree(snapshot), whole), true, "Method"));
        ColumnWidths.apply(tree);
        if (!model.getRoot().isLeaf()) {
            tree.expandPath(CallTreeModel.pathTo(model.getRoot().child(0)));
            tree.getSelectionModel().setSelectionInterval(0, 0);
        }
        JScrollPane scroll = new JScrollPane(tree);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        add(scroll, BorderLayout.CENTER);
        setMinimumSize(new java.awt.Dimension(320, 200));
    }

    Outline tree() { return tree; }

    /** Opens the back traces in the editor area beside the snapshot. Call on the event thread. */
    static BackTracesTopComponent open(Snapshot snapshot, List<ThreadProfile> threads, String threadsShown, int methodId) {
        return EditorArea.show(new BackTracesTopComponent(snapshot, threads, threadsShown, methodId));
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorBackTraces"; }
}
