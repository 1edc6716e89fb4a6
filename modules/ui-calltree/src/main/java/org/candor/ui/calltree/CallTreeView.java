package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javax.swing.BorderFactory;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JScrollPane;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.MethodNames;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.model.snapshot.TreeSearch;
import org.candor.ui.model.snapshot.ValueColumns;
import org.candor.ui.model.snapshot.ViewMetrics;
import org.candor.ui.snapshot.spi.SnapshotView;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.ViewIds;
import org.netbeans.swing.outline.DefaultOutlineModel;
import org.netbeans.swing.outline.Outline;

/**
 * The call tree of the threads shown: method, then the value columns with share bars, children largest first; at
 * first the hottest path is open. A find bar above it (Ctrl+F); a row's menu leads to the other views.
 */
public final class CallTreeView extends JPanel implements SnapshotView {

    /** Where a reader is in the tree: paths as method ids from the top, the scroll position. */
    private record Place(List<int[]> expanded, int[] selected, Point scroll, boolean asOpened) { }

    private final SnapshotViewContext context;
    private final Snapshot snapshot;
    private final ViewMetrics metrics;
    private final ValueColumns columns;
    private final Outline tree;
    private final JScrollPane scroll;
    private final FindBar findBar;
    /** The tree shown now (null until the window shows the first threads). */
    private CallTreeModel model;
    /** The paths the view opened by itself (the hot path), as method ids: a reader who changed none keeps getting it. */
    private List<int[]> opened = List.of();

    CallTreeView(SnapshotViewContext context) {
        super(new BorderLayout());
        this.context = context;
        this.snapshot = context.snapshot();
        this.metrics = new ViewMetrics(snapshot.metrics());
        this.columns = ValueColumns.forTree(snapshot);
        tree = CallTreeOutline.create("callTree", snapshot.methods());
        findBar = new FindBar(this::findNext);
        add(findBar, BorderLayout.NORTH);
        scroll = new JScrollPane(tree);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        add(scroll, BorderLayout.CENTER);
        FindBar.bindCtrlF(tree, this::openFind);
        tree.setComponentPopupMenu(menu());
        context.onShown(this::show);
        if (context.shown() != null) show(context.shown());
    }

    private void show(SelectedThreads threads) {
        model = newModel(threads);
        expandHotPath(threads.whole());
    }

    private CallTreeModel newModel(SelectedThreads threads) {
        CallTreeModel m = new CallTreeModel(threads.tree(), metrics.tree());
        tree.setModel(DefaultOutlineModel.createOutlineModel(m, new CallTreeColumns(columns, threads.whole()), true, "Method"));
        ColumnWidths.apply(tree);
        return m;
    }

    private void expandHotPath(long whole) {
        openHotPath(whole);
        if (tree.getRowCount() > 0) tree.getSelectionModel().setSelectionInterval(0, 0);
    }

    private void openHotPath(long whole) {
        List<int[]> paths = new ArrayList<>();
        for (CallTreeRow row : model.getRoot().hotPath(metrics.basis(), whole)) {
            tree.expandPath(CallTreeModel.pathTo(row));
            if (tree.isExpanded(CallTreeModel.pathTo(row))) paths.add(row.methodPath());  // a leaf does not open
        }
        opened = paths;
    }

    @Override public boolean openFind() {
        findBar.open();
        return true;
    }

    /** The next call path, after the selected row, through a method whose name contains {@code text}. */
    public boolean findNext(String text) {
        Predicate<MethodInfo> matches = MethodNames.matching(text);
        return showFirst(node -> matches.test(snapshot.methods().get(node.methodId())), selectedRow());
    }

    /** Find in Call Tree: the first call path through the method, in display order. */
    @Override public boolean showMethod(int methodId) {
        return showFirst(node -> node.methodId() == methodId, null);
    }

    private boolean showFirst(Predicate<CallNode> matches, CallTreeRow after) {
        if (model == null) return false;
        CallTreeRow found = TreeSearch.next(model.getRoot(), after, matches);
        if (found == null) return false;
        showRow(found);
        return true;
    }

    private CallTreeRow selectedRow() {
        int row = tree.getSelectedRow();
        return row < 0 ? null : (CallTreeRow) tree.getValueAt(row, 0);
    }

    /** Expands the row's path, selects it and scrolls to it. */
    private void showRow(CallTreeRow row) {
        if (row.parent() != null && row.parent() != model.getRoot()) tree.expandPath(CallTreeModel.pathTo(row.parent()));
        int index = tree.getLayoutCache().getRowForPath(CallTreeModel.pathTo(row));
        if (index < 0) return;
        tree.getSelectionModel().setSelectionInterval(index, index);
        tree.scrollRectToVisible(tree.getCellRect(index, 0, true));
    }

    private JPopupMenu menu() {
        JPopupMenu menu = new JPopupMenu();
        menu.setName("treeMenu");
        MethodMenu.addGoTo(menu, context, ViewIds.BACK_TRACES, "backTraces", "Back Traces", this::selectedMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.HOT_SPOTS, "findInHotSpots", "Find in Hot Spots", this::selectedMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.FLAME_GRAPH, "findInFlameGraph", "Find in Flame Graph", this::selectedMethod);
        MethodMenu.addCopy(menu, snapshot, this::selectedMethod);
        menu.addSeparator();
        menu.add(MethodMenu.item("find", "Find\u2026", this::openFind));
        MethodMenu.selectRowOnRightClick(tree, menu);
        return menu;
    }

    /** The method of the selected row, or -1. */
    private int selectedMethod() {
        CallTreeRow row = selectedRow();
        return row == null || row.node().isRoot() ? -1 : row.node().methodId();
    }

    @Override public Object place() {
        if (model == null) return null;
        List<int[]> expanded = new ArrayList<>();
        for (int row = 0; row < tree.getRowCount(); row++) {
            CallTreeRow r = (CallTreeRow) tree.getValueAt(row, 0);
            if (tree.isExpanded(CallTreeModel.pathTo(r))) expanded.add(r.methodPath());
        }
        CallTreeRow sel = selectedRow();
        return new Place(expanded, sel == null ? null : sel.methodPath(), scroll.getViewport().getViewPosition(),
                samePaths(expanded, opened));
    }

    /**
     * The place's paths in this tree, freshly collapsed: the hot path opened at first is not the reader's. A reader who
     * left the tree as the view opened it gets this tree's hot path instead (live results: a root that had no callees
     * yet at the first refresh opens once they come).
     */
    @Override public void takeUp(Object p) {
        if (!(p instanceof Place) || context.shown() == null) return;
        Place place = (Place) p;
        model = newModel(context.shown());
        if (place.asOpened()) {
            openHotPath(context.shown().whole());
        } else {
            opened = List.of();
            for (int[] path : place.expanded()) {
                CallTreeRow r = model.getRoot().at(path);
                if (r != null) tree.expandPath(CallTreeModel.pathTo(r));
            }
        }
        CallTreeRow sel = place.selected() == null ? null : model.getRoot().at(place.selected());
        if (sel != null) {
            int index = tree.getLayoutCache().getRowForPath(CallTreeModel.pathTo(sel));
            if (index >= 0) tree.getSelectionModel().setSelectionInterval(index, index);
        }
        Point at = place.scroll();
        EventQueue.invokeLater(() -> scroll.getViewport().setViewPosition(at));
    }

    private static boolean samePaths(List<int[]> a, List<int[]> b) {
        if (a.size() != b.size()) return false;
        java.util.Set<List<Integer>> left = new java.util.HashSet<>();
        for (int[] path : a) left.add(java.util.Arrays.stream(path).boxed().toList());
        for (int[] path : b) if (!left.contains(java.util.Arrays.stream(path).boxed().toList())) return false;
        return true;
    }

    /** The method a row shows, as its short signature ({@code Ticker.step(long)}); null past the rows. */
    public String methodAt(int row) {
        if (row < 0 || row >= tree.getRowCount()) return null;
        CallTreeRow r = (CallTreeRow) tree.getValueAt(row, 0);
        return MethodNames.shortSignature(snapshot.methods().get(r.node().methodId()));
    }
}
