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
    private final int primaryMetric;
    private final int selfMetric;
    private final ValueColumns treeColumns;
    private final ValueColumns hotSpotColumns;
    private final JComboBox<ThreadChoice> threadSelector = new JComboBox<>();
    private final JLabel status = new JLabel();
    private final Outline callTree = new Outline();
    private final JTable hotSpots = new JTable();
    private final Map<ThreadChoice, ThreadView> views = new HashMap<>();
    private ThreadChoice shown;

    public CallTreePanel(Snapshot snapshot) {
        super(new BorderLayout());
        this.snapshot = snapshot;
        this.primaryMetric = ValueColumns.primaryMetric(snapshot);
        this.selfMetric = ValueColumns.selfMetric(snapshot);
        this.treeColumns = ValueColumns.forTree(snapshot);
        this.hotSpotColumns = ValueColumns.forHotSpots(snapshot);

        configureCallTree();
        configureHotSpots();
        JTabbedPane tabs = new JTabbedPane();
        tabs.setName("views");
        tabs.addTab("Call tree", scrolled(callTree));
        tabs.addTab("Hot spots", scrolled(hotSpots));
        add(new SnapshotHeader(snapshot, threadSelector, status), BorderLayout.NORTH);
        add(tabs, BorderLayout.CENTER);

        fillThreadSelector();
        threadSelector.addActionListener(e -> showSelected());
        showSelected();
    }

    /** True when the tables show the selected thread choice (false while its view is being computed). */
    boolean isUpToDate() {
        return shown != null && shown == threadSelector.getSelectedItem();
    }

    private void configureCallTree() {
        callTree.setName("callTree");
        callTree.setRootVisible(false);
        callTree.setRenderDataProvider(new MethodColumnData(snapshot.methods()));
        callTree.setDefaultRenderer(TimeShare.class, new TimeShareRenderer());
        callTree.setDefaultRenderer(Long.class, new CountRenderer());
        callTree.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        callTree.setFillsViewportHeight(true);
        callTree.setShowGrid(false);
        callTree.getTableHeader().setReorderingAllowed(false);
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
        callTree.setModel(DefaultOutlineModel.createOutlineModel(
                tree, new CallTreeColumns(treeColumns, whole), true, "Method"));
        ColumnWidths.apply(callTree);
        expandHotPath(tree, whole);

        hotSpots.setModel(new HotSpotsTableModel(view.hotSpots(), hotSpotColumns, whole));
        ColumnWidths.apply(hotSpots);
        hotSpots.getRowSorter().setSortKeys(List.of(new RowSorter.SortKey(1, SortOrder.DESCENDING)));

        shown = choice;
        status.setText("");
    }

    /** What shares are of: the root's primary value, or the sum over its children where a root carries none. */
    private long whole(CallNode root) {
        long v = root.value(primaryMetric);
        if (v != 0) return v;
        for (CallNode c : root.children()) v += c.value(primaryMetric);
        return v;
    }

    private void expandHotPath(CallTreeModel tree, long whole) {
        CallTreeRow row = tree.getRoot();
        for (int depth = 0; depth < HOT_PATH_MAX_DEPTH && !row.isLeaf(); depth++) {
            CallTreeRow hottest = row.child(0);
            if (hottest.node().value(primaryMetric) < HOT_PATH_MIN_SHARE * whole) break;
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
