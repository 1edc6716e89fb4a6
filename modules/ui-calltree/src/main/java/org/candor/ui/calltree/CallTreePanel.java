package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.BorderFactory;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import javax.swing.RowSorter;
import javax.swing.SortOrder;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.HotSpots;
import org.candor.core.analysis.PercentBasis;
import org.candor.core.analysis.SortMetric;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.netbeans.swing.outline.DefaultOutlineModel;
import org.netbeans.swing.outline.Outline;
import org.openide.util.RequestProcessor;

/**
 * Everything one snapshot window shows: a summary, a thread selector, the call tree and the hot spots. Views of a
 * thread choice (a merged tree, hot spots) are computed in the background once and kept.
 */
public final class CallTreePanel extends JPanel {

    private static final Logger LOG = Logger.getLogger(CallTreePanel.class.getName());
    private static final RequestProcessor COMPUTE = new RequestProcessor("Candor call-tree views", 1);
    /** The hottest path is expanded at opening down to the first node under this share of the whole. */
    private static final double HOT_PATH_MIN_SHARE = 0.1;
    private static final int HOT_PATH_MAX_DEPTH = 16;

    private final Snapshot snapshot;
    /** What the tree is sorted by. */
    private final int primaryMetric;
    /** What the hot spots are ranked by. */
    private final int selfMetric;
    /** What shares compare: {@link #whole} is its total. */
    private final int basisMetric;
    private final ValueColumns treeColumns;
    private final ValueColumns hotSpotColumns;
    private final JComboBox<ThreadChoice> threadSelector = new JComboBox<>();
    private final JLabel status = new JLabel();
    private final Outline callTree;
    private final JTable hotSpots = new JTable();
    private final JTabbedPane tabs = new JTabbedPane();
    private final FindBar findBar;
    /** The tree shown now (null while the first view is computed). */
    private CallTreeModel treeModel;
    private final Map<ThreadChoice, ThreadView> views = new HashMap<>();
    private ThreadChoice shown;
    /** A reader's place to take up once the view it names is shown (a live refresh), or null. */
    private ViewState pending;
    private JScrollPane treeScroll;

    public CallTreePanel(Snapshot snapshot) {
        super(new BorderLayout());
        this.snapshot = snapshot;
        this.primaryMetric = SortMetric.tree(snapshot.metrics());
        this.selfMetric = SortMetric.hotSpots(snapshot.metrics(), primaryMetric);
        this.basisMetric = PercentBasis.metric(snapshot.metrics(), primaryMetric);
        this.treeColumns = ValueColumns.forTree(snapshot);
        this.hotSpotColumns = ValueColumns.forHotSpots(snapshot);

        callTree = CallTreeOutline.create("callTree", snapshot.methods());
        configureHotSpots();
        findBar = new FindBar(this::findNext);
        tabs.setName("views");
        JPanel treeTab = new JPanel(new BorderLayout());
        treeTab.add(findBar, BorderLayout.NORTH);
        treeScroll = scrolled(callTree);
        treeTab.add(treeScroll, BorderLayout.CENTER);
        tabs.addTab("Call tree", treeTab);
        tabs.addTab("Hot spots", scrolled(hotSpots));
        add(new SnapshotHeader(snapshot, threadSelector, status), BorderLayout.NORTH);
        add(tabs, BorderLayout.CENTER);

        fillThreadSelector();
        threadSelector.addActionListener(e -> showSelected());
        showSelected();

        // Ctrl+F: the tables' own bindings first (a table would take the key for itself), then the panel's
        javax.swing.KeyStroke ctrlF = javax.swing.KeyStroke.getKeyStroke(java.awt.event.KeyEvent.VK_F,
                java.awt.Toolkit.getDefaultToolkit().getMenuShortcutKeyMaskEx());
        javax.swing.Action find = findAction();
        for (javax.swing.JComponent c : new javax.swing.JComponent[] {callTree, hotSpots, this}) {
            c.getInputMap(c == this ? WHEN_ANCESTOR_OF_FOCUSED_COMPONENT : WHEN_FOCUSED).put(ctrlF, "candor-find");
            c.getActionMap().put("candor-find", find);
        }
        callTree.setComponentPopupMenu(treeMenu());
        hotSpots.setComponentPopupMenu(hotSpotsMenu());
    }

    /** Opens the find bar: for Ctrl+F here and for the platform's Edit &gt; Find in the window's action map. */
    javax.swing.Action findAction() {
        return new javax.swing.AbstractAction() {
            @Override public void actionPerformed(java.awt.event.ActionEvent e) { openFind(); }
        };
    }

    /** Find in the call tree (Ctrl+F): the bar above the tree. */
    void openFind() {
        tabs.setSelectedIndex(0);
        findBar.open();
    }

    /** The next call path, after the selected row, through a method whose name contains {@code text}. */
    public boolean findNext(String text) {
        if (treeModel == null) return false;
        java.util.function.Predicate<String> matches = FindBar.matching(text);
        CallTreeRow found = TreeSearch.next(treeModel.getRoot(), selectedTreeRow(), node -> {
            MethodInfo m = snapshot.methods().get(node.methodId());
            return matches.test(m.className() + "." + MethodText.shortSignature(m));
        });
        if (found == null) return false;
        showTreeRow(found);
        return true;
    }

    private CallTreeRow selectedTreeRow() {
        int row = callTree.getSelectedRow();
        return row < 0 ? null : (CallTreeRow) callTree.getValueAt(row, 0);
    }

    /** Expands the row's path, selects it and scrolls to it. */
    private void showTreeRow(CallTreeRow row) {
        if (row.parent() != null && row.parent() != treeModel.getRoot()) callTree.expandPath(CallTreeModel.pathTo(row.parent()));
        int index = callTree.getLayoutCache().getRowForPath(CallTreeModel.pathTo(row));
        if (index < 0) return;
        callTree.getSelectionModel().setSelectionInterval(index, index);
        callTree.scrollRectToVisible(callTree.getCellRect(index, 0, true));
    }

    private javax.swing.JPopupMenu treeMenu() {
        javax.swing.JPopupMenu menu = new javax.swing.JPopupMenu();
        menu.setName("treeMenu");
        menu.add(item("backTraces", "Back Traces", () -> backTraces(selectedTreeMethod())));
        menu.add(item("findInHotSpots", "Find in Hot Spots", () -> findInHotSpots(selectedTreeMethod())));
        menu.add(item("copy", "Copy Method Name", () -> copy(selectedTreeMethod())));
        menu.addSeparator();
        menu.add(item("find", "Find…", this::openFind));
        selectRowOnRightClick(callTree, menu);
        return menu;
    }

    private javax.swing.JPopupMenu hotSpotsMenu() {
        javax.swing.JPopupMenu menu = new javax.swing.JPopupMenu();
        menu.setName("hotSpotsMenu");
        menu.add(item("backTraces", "Back Traces", () -> backTraces(selectedHotSpot())));
        menu.add(item("findInCallTree", "Find in Call Tree", () -> findInCallTree(selectedHotSpot())));
        menu.add(item("copy", "Copy Method Name", () -> copy(selectedHotSpot())));
        selectRowOnRightClick(hotSpots, menu);
        return menu;
    }

    private static javax.swing.JMenuItem item(String name, String text, Runnable action) {
        javax.swing.JMenuItem item = new javax.swing.JMenuItem(text);
        item.setName(name);
        item.addActionListener(e -> action.run());
        return item;
    }

    /** The menu acts on the row it was opened on: that row is selected as the menu shows. */
    private static void selectRowOnRightClick(JTable table, javax.swing.JPopupMenu menu) {
        menu.addPopupMenuListener(new javax.swing.event.PopupMenuListener() {
            @Override public void popupMenuWillBecomeVisible(javax.swing.event.PopupMenuEvent e) {
                java.awt.Point at = table.getMousePosition();
                int row = at == null ? -1 : table.rowAtPoint(at);
                if (row >= 0) table.getSelectionModel().setSelectionInterval(row, row);
            }
            @Override public void popupMenuWillBecomeInvisible(javax.swing.event.PopupMenuEvent e) {}
            @Override public void popupMenuCanceled(javax.swing.event.PopupMenuEvent e) {}
        });
    }

    /** The method of the selected call-tree row, or -1. */
    private int selectedTreeMethod() {
        CallTreeRow row = selectedTreeRow();
        return row == null ? -1 : row.node().methodId();
    }

    /** The method of the selected hot spot, or -1. */
    private int selectedHotSpot() {
        int row = hotSpots.getSelectedRow();
        if (row < 0) return -1;
        return ((MethodInfo) hotSpots.getValueAt(row, HotSpotsTableModel.METHOD_COLUMN)).id();
    }

    /** Back traces of the method over the threads shown now, in a window of their own. */
    void backTraces(int methodId) {
        if (methodId < 0 || shown == null) return;
        List<ThreadProfile> threads = shown.isMerged() ? snapshot.threads() : List.of(shown.thread());
        BackTracesTopComponent.open(snapshot, threads, shown.label(), methodId);
    }

    private void findInHotSpots(int methodId) {
        if (methodId < 0) return;
        for (int row = 0; row < hotSpots.getRowCount(); row++) {
            if (((MethodInfo) hotSpots.getValueAt(row, HotSpotsTableModel.METHOD_COLUMN)).id() == methodId) {
                tabs.setSelectedIndex(1);
                hotSpots.getSelectionModel().setSelectionInterval(row, row);
                hotSpots.scrollRectToVisible(hotSpots.getCellRect(row, 0, true));
                return;
            }
        }
    }

    private void findInCallTree(int methodId) {
        if (methodId < 0 || treeModel == null) return;
        CallTreeRow found = TreeSearch.next(treeModel.getRoot(), null, node -> node.methodId() == methodId);
        if (found == null) return;
        tabs.setSelectedIndex(0);
        showTreeRow(found);
    }

    private void copy(int methodId) {
        if (methodId < 0) return;
        MethodInfo m = snapshot.methods().get(methodId);
        String text = m.className() + "." + MethodText.shortSignature(m);
        java.awt.Toolkit.getDefaultToolkit().getSystemClipboard().setContents(new java.awt.datatransfer.StringSelection(text), null);
    }

    /** True when the tables show the selected thread choice (false while its view is being computed). */
    boolean isUpToDate() {
        return shown != null && shown == threadSelector.getSelectedItem();
    }

    private void configureHotSpots() {
        hotSpots.setName("hotSpots");
        hotSpots.setDefaultRenderer(TimeShare.class, new TimeShareRenderer());
        hotSpots.setDefaultRenderer(Long.class, new CountRenderer());
        hotSpots.setDefaultRenderer(MethodInfo.class, new MethodCellRenderer());
        hotSpots.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        hotSpots.setFillsViewportHeight(true);
        hotSpots.setShowGrid(false);
        hotSpots.setAutoCreateRowSorter(true);
        hotSpots.getTableHeader().setReorderingAllowed(false);
    }

    private void fillThreadSelector() {
        List<ThreadChoice> threads = new ArrayList<>();
        long all = 0;
        for (ThreadProfile t : snapshot.threads()) {
            long total = whole(t.root());
            threads.add(ThreadChoice.of(t, total));
            all += total;
        }
        threads.sort(Comparator.comparingLong(ThreadChoice::total).reversed());
        threadSelector.addItem(ThreadChoice.merged(all));
        threads.forEach(threadSelector::addItem);
    }

    private void showSelected() {
        ThreadChoice choice = (ThreadChoice) threadSelector.getSelectedItem();
        if (choice == null || choice == shown) return;
        ThreadView ready = views.get(choice);
        if (ready != null) {
            show(choice, ready);
            return;
        }
        status.setText("Computing\u2026");
        COMPUTE.post(() -> {
            try {
                ThreadView view = compute(choice);
                EventQueue.invokeLater(() -> {
                    views.put(choice, view);
                    if (threadSelector.getSelectedItem() == choice) show(choice, view);
                });
            } catch (RuntimeException | OutOfMemoryError e) {
                LOG.log(Level.WARNING, "Cannot compute the view of " + choice, e);
                EventQueue.invokeLater(() -> status.setText("Cannot show this thread: " + e));
            }
        });
    }

    private ThreadView compute(ThreadChoice choice) {
        CallNode root = choice.isMerged()
                ? CallTrees.mergeThreads(snapshot.threads(), snapshot.metrics().size()).root()
                : choice.thread().root();
        // the threads' exact flat profiles where the snapshot has them (FLAT), else computed from their trees
        List<HotSpot> spots = HotSpots.compute(snapshot, choice.isMerged() ? snapshot.threads() : List.of(choice.thread()));
        spots.sort(HotSpot.byValueDescending(selfMetric));
        return new ThreadView(root, spots);
    }

    private void show(ThreadChoice choice, ThreadView view) {
        long whole = whole(view.root());
        CallTreeModel tree = new CallTreeModel(view.root(), primaryMetric);
        treeModel = tree;
        callTree.setModel(DefaultOutlineModel.createOutlineModel(
                tree, new CallTreeColumns(treeColumns, whole), true, "Method"));
        ColumnWidths.apply(callTree);
        if (pending != null) {
            takeUp(tree, pending);
            pending = null;
        } else {
            expandHotPath(tree, whole);
        }

        hotSpots.setModel(new HotSpotsTableModel(view.hotSpots(), hotSpotColumns, whole));
        ColumnWidths.apply(hotSpots);
        hotSpots.getRowSorter().setSortKeys(List.of(new RowSorter.SortKey(1, SortOrder.DESCENDING)));

        shown = choice;
        status.setText("");
    }

    /** Where the reader is now: to take up in the next snapshot of the same session ({@link #restore}). */
    public ViewState viewState() {
        ThreadChoice choice = (ThreadChoice) threadSelector.getSelectedItem();
        List<int[]> expanded = new ArrayList<>();
        int[] selected = null;
        if (treeModel != null) {
            for (int row = 0; row < callTree.getRowCount(); row++) {
                CallTreeRow r = (CallTreeRow) callTree.getValueAt(row, 0);
                javax.swing.tree.TreePath path = CallTreeModel.pathTo(r);
                if (callTree.isExpanded(path)) expanded.add(idPath(r));
            }
            CallTreeRow sel = selectedTreeRow();
            if (sel != null) selected = idPath(sel);
        }
        return new ViewState(choice == null || choice.isMerged() ? -1 : choice.thread().threadId(),
                choice == null || choice.isMerged(), tabs.getSelectedIndex(), expanded, selected,
                treeScroll.getViewport().getViewPosition());
    }

    /** Takes up a reader's place from another panel over an earlier snapshot of the same session. Event thread. */
    public void restore(ViewState state) {
        tabs.setSelectedIndex(Math.min(state.tab, tabs.getTabCount() - 1));
        for (int i = 0; i < threadSelector.getItemCount(); i++) {
            ThreadChoice c = threadSelector.getItemAt(i);
            boolean same = state.merged ? c.isMerged() : !c.isMerged() && c.thread().threadId() == state.threadId;
            if (!same) continue;
            pending = state;
            if (shown != null && c == shown) {
                takeUp(treeModel, state);
                pending = null;
            } else if (threadSelector.getSelectedIndex() != i) {
                threadSelector.setSelectedIndex(i);  // its view is computed, then shown with the place taken up
            }
            return;
        }
    }

    private void takeUp(CallTreeModel tree, ViewState state) {
        for (int[] path : state.expanded) {
            CallTreeRow r = rowAt(tree, path);
            if (r != null) callTree.expandPath(CallTreeModel.pathTo(r));
        }
        CallTreeRow sel = state.selected == null ? null : rowAt(tree, state.selected);
        if (sel != null) {
            int index = callTree.getLayoutCache().getRowForPath(CallTreeModel.pathTo(sel));
            if (index >= 0) callTree.getSelectionModel().setSelectionInterval(index, index);
        }
        java.awt.Point at = state.scroll;
        EventQueue.invokeLater(() -> treeScroll.getViewport().setViewPosition(at));
    }

    /** The method ids from the top down to this row. */
    private static int[] idPath(CallTreeRow row) {
        java.util.ArrayDeque<Integer> ids = new java.util.ArrayDeque<>();
        for (CallTreeRow r = row; r != null && r.parent() != null; r = r.parent()) ids.push(r.node().methodId());
        return ids.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The row at these method ids from the top, or null when this tree has no such path. */
    private static CallTreeRow rowAt(CallTreeModel tree, int[] ids) {
        CallTreeRow r = tree.getRoot();
        for (int id : ids) {
            CallTreeRow next = null;
            for (int i = 0; i < r.childCount() && next == null; i++) if (r.child(i).node().methodId() == id) next = r.child(i);
            if (next == null) return null;
            r = next;
        }
        return r;
    }

    /** The method a call-tree row shows, as its short signature ({@code Ticker.step(long)}); null past the rows. */
    public String methodAt(int row) {
        if (row < 0 || row >= callTree.getRowCount()) return null;
        CallTreeRow r = (CallTreeRow) callTree.getValueAt(row, 0);
        return MethodText.shortSignature(snapshot.methods().get(r.node().methodId()));
    }

    /** True once the panel shows a view (its first thread choice is computed). */
    public boolean isReady() {
        return isUpToDate() && pending == null;
    }

    /** What shares are of, as in the text report: the tree's total of the basis over its outermost calls. */
    private long whole(CallNode root) {
        return PercentBasis.whole(root, snapshot.metrics(), basisMetric);
    }

    private void expandHotPath(CallTreeModel tree, long whole) {
        CallTreeRow row = tree.getRoot();
        for (int depth = 0; depth < HOT_PATH_MAX_DEPTH && !row.isLeaf(); depth++) {
            CallTreeRow hottest = row.child(0);
            if (hottest.node().value(basisMetric) < HOT_PATH_MIN_SHARE * whole) break;
            if (depth > 0) callTree.expandPath(CallTreeModel.pathTo(row));
            row = hottest;
        }
        if (callTree.getRowCount() > 0) callTree.getSelectionModel().setSelectionInterval(0, 0);
    }

    private static JScrollPane scrolled(JTable table) {
        JScrollPane scroll = new JScrollPane(table);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        return scroll;
    }
}
