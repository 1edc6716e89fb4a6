package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.BorderFactory;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JScrollPane;
import org.candor.core.analysis.BackTraces;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.MethodHistory;
import org.candor.ui.model.snapshot.MethodNames;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.candor.ui.model.snapshot.ValueColumns;
import org.candor.ui.model.snapshot.ViewMetrics;
import org.candor.ui.snapshot.spi.SnapshotView;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.ViewIds;
import org.netbeans.api.progress.ProgressHandle;
import org.netbeans.swing.outline.DefaultOutlineModel;
import org.netbeans.swing.outline.Outline;

/**
 * Back traces of one method over the threads shown (core's {@link BackTraces}): the method on top with its figures,
 * its callers below, their callers below them; each row holds what came to the method through that path, as a share
 * of the method's own total. The method is the one another view asked for (Back Traces in a row's menu). They are
 * made in the background, under a progress bar: of a tree read in place, by one scan of each thread's tree; a method
 * whose callers make too many paths to hold is refused in one line. A caller's own back traces are a row's menu away,
 * and Back and Forward go through the methods shown before (ui-model's {@link MethodHistory}).
 */
final class BackTracesView extends JPanel implements SnapshotView {

    private static final Logger LOG = Logger.getLogger(BackTracesView.class.getName());
    private static final String NONE_YET = "Choose Back Traces in the menu of a method in the call tree or the hot spots:"
            + " who called it, and how much of it came through each path.";

    private final SnapshotViewContext context;
    private final SnapshotSource snapshot;
    private final ViewMetrics metrics;
    private final JLabel header = new JLabel(NONE_YET);
    private final Outline tree;
    /** The method shown, or -1. */
    private int method = -1;
    /** The back traces shown now are of {@link #method} over these threads; null while they are made. */
    private SelectedThreads madeFor;
    private final MethodHistory history = new MethodHistory();
    private final javax.swing.JButton back = new javax.swing.JButton("\u25c0");
    private final javax.swing.JButton forward = new javax.swing.JButton("\u25b6");

    BackTracesView(SnapshotViewContext context) {
        super(new BorderLayout());
        this.context = context;
        this.snapshot = context.snapshot();
        this.metrics = new ViewMetrics(snapshot.metrics());
        header.setName("backTracesHeader");
        header.setBorder(BorderFactory.createEmptyBorder(8, 10, 8, 10));
        header.setMinimumSize(new java.awt.Dimension(0, header.getPreferredSize().height));
        back.setName("backTracesBack");
        back.setToolTipText("Back: the back traces shown before");
        back.addActionListener(e -> { if (history.canGoBack()) showFromHistory(history.back()); });
        forward.setName("backTracesForward");
        forward.setToolTipText("Forward");
        forward.addActionListener(e -> { if (history.canGoForward()) showFromHistory(history.forward()); });
        JPanel buttons = new JPanel(new java.awt.FlowLayout(java.awt.FlowLayout.RIGHT, 4, 4));
        buttons.add(back);
        buttons.add(forward);
        JPanel top = new JPanel(new BorderLayout());
        top.add(header, BorderLayout.CENTER);
        top.add(buttons, BorderLayout.EAST);
        add(top, BorderLayout.NORTH);
        updateButtons();
        tree = CallTreeOutline.create("backTraces", snapshot.methods());
        JScrollPane scroll = new JScrollPane(tree);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        add(scroll, BorderLayout.CENTER);
        tree.setComponentPopupMenu(menu());
        context.onShown(threads -> make());
    }

    /** Back Traces: the callers of this method over the threads shown. */
    @Override public boolean showMethod(int methodId) {
        history.visit(methodId);
        showFromHistory(methodId);
        return true;
    }

    private void showFromHistory(int methodId) {
        method = methodId;
        updateButtons();
        make();
    }

    private void updateButtons() {
        back.setEnabled(history.canGoBack());
        forward.setEnabled(history.canGoForward());
    }

    @Override public boolean isReady() {
        return method < 0 || madeFor == context.shown();
    }

    /** Walks every node of the threads shown: in the background, then shown if still wanted. */
    private void make() {
        SelectedThreads threads = context.shown();
        int m = method;
        madeFor = null;
        if (m < 0 || threads == null) return;
        String name = MethodNames.qualified(snapshot.methods().get(m));
        HotSpotsView.COMPUTE.post(() -> {
            ProgressHandle progress = ProgressHandle.createHandle("Finding the callers of " + name);
            progress.start();
            try {
                CallNode back = threads.backTraces(m);
                CallTreeRow rows = CallTreeRow.root(back.parent(), threads.order());
                EventQueue.invokeLater(() -> {
                    if (method == m && context.shown() == threads) show(threads, m, back, rows);
                });
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                if (!(e instanceof BackTraces.TooManyPaths)) LOG.log(Level.WARNING, "Cannot make the back traces of method " + m, e);
                EventQueue.invokeLater(() -> {
                    if (method != m || context.shown() != threads) return;
                    refused(threads, name, e);
                });
            } finally {
                progress.finish();
            }
        });
    }

    /** Says in the header why there are no back traces, and shows none. */
    private void refused(SelectedThreads threads, String name, Throwable e) {
        header.setText("No back traces of " + name + " in " + threads.choice().label() + ": " + e.getMessage());
        header.setToolTipText(header.getText());
        tree.setModel(DefaultOutlineModel.createOutlineModel(new CallTreeModel(CallTreeRow.root(
                new CallNode(null, CallNode.ROOT, snapshot.metrics().size()), threads.order())),
                new CallTreeColumns(ValueColumns.forTree(snapshot.metrics()), 0), true, "Method"));
        madeFor = threads;
    }

    private void show(SelectedThreads threads, int methodId, CallNode back, CallTreeRow rows) {
        MethodInfo m = snapshot.methods().get(methodId);
        header.setText("Back traces of " + MethodNames.qualified(m) + " in " + threads.choice().label()
                + ": who called it, and how much of it came through each path");
        header.setToolTipText(header.getText());
        long whole = back.value(metrics.basis());  // 100 %: the method's own total
        CallTreeModel model = new CallTreeModel(rows);
        tree.setModel(DefaultOutlineModel.createOutlineModel(
                model, new CallTreeColumns(ValueColumns.forTree(snapshot.metrics()), whole), true, "Method"));
        ColumnWidths.apply(tree);
        if (!model.getRoot().isLeaf()) {
            tree.expandPath(model.pathTo(model.getRoot().child(0)));
            tree.getSelectionModel().setSelectionInterval(0, 0);
        }
        madeFor = threads;
    }

    private JPopupMenu menu() {
        JPopupMenu menu = new JPopupMenu();
        menu.setName("backTracesMenu");
        menu.add(MethodMenu.item("backTracesOfCaller", "Back Traces", () -> {
            int id = selectedMethod();
            if (id >= 0) showMethod(id);
        }));
        MethodMenu.addGoTo(menu, context, ViewIds.CALL_TREE, "findInCallTree", "Find in Call Tree", this::selectedMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.HOT_SPOTS, "findInHotSpots", "Find in Hot Spots", this::selectedMethod);
        MethodMenu.addCopy(menu, snapshot.methods(), this::selectedMethod);
        MethodMenu.selectRowOnRightClick(tree, menu);
        return menu;
    }

    /** The method of the selected row, or -1. */
    private int selectedMethod() {
        int row = tree.getSelectedRow();
        if (row < 0) return -1;
        CallTreeRow r = (CallTreeRow) tree.getValueAt(row, 0);
        return r.isRoot() ? -1 : r.methodId();
    }

    Outline tree() { return tree; }
}
