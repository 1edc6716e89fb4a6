package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.BorderFactory;
import javax.swing.JPanel;
import javax.swing.JPopupMenu;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.ListSelectionModel;
import javax.swing.RowSorter;
import javax.swing.SortOrder;
import javax.swing.ToolTipManager;
import org.candor.core.model.MethodInfo;
import org.candor.ui.model.snapshot.HotSpotRows;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.candor.ui.model.snapshot.ThreadChoice;
import org.candor.ui.model.snapshot.TimeShare;
import org.candor.ui.snapshot.Problems;
import org.candor.ui.snapshot.spi.SnapshotView;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.ViewIds;
import org.openide.util.RequestProcessor;

/**
 * The hot spots of the threads shown: every method with its own cost, largest first, sortable by any column. They are
 * made in the background for each thread choice once and kept: from the snapshot's exact flat profiles (its FLAT
 * sections, a few rows a method however large the trees), else from the trees.
 */
final class HotSpotsView extends JPanel implements SnapshotView {

    private static final Logger LOG = Logger.getLogger(HotSpotsView.class.getName());
    static final RequestProcessor COMPUTE = new RequestProcessor("Candor snapshot views", 1);

    private final SnapshotViewContext context;
    private final SnapshotSource snapshot;
    private final JTable table = new JTable();
    private final Map<ThreadChoice, HotSpotRows> made = new HashMap<>();
    /** The rows shown now, or null while those of the threads shown are made. */
    private HotSpotRows shown;
    /** A method another view asked for before the rows were made, or -1. */
    private int wanted = -1;

    HotSpotsView(SnapshotViewContext context) {
        super(new BorderLayout());
        this.context = context;
        this.snapshot = context.snapshot();
        table.setName("hotSpots");
        table.setDefaultRenderer(TimeShare.class, new TimeShareRenderer());
        table.setDefaultRenderer(Long.class, new CountRenderer());
        table.setDefaultRenderer(MethodInfo.class, new MethodCellRenderer());
        table.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        table.setFillsViewportHeight(true);
        table.setShowGrid(false);
        table.setAutoCreateRowSorter(true);
        table.setTableHeader(new javax.swing.table.JTableHeader(table.getColumnModel()) {
            @Override public String getToolTipText(java.awt.event.MouseEvent e) {
                int column = columnAtPoint(e.getPoint());
                return shown == null || column < 0 ? null : shown.columnHint(table.convertColumnIndexToModel(column));
            }
        });
        ToolTipManager.sharedInstance().registerComponent(table.getTableHeader());
        table.getTableHeader().setReorderingAllowed(false);
        JScrollPane scroll = new JScrollPane(table);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        add(scroll, BorderLayout.CENTER);
        table.setComponentPopupMenu(menu());
        context.onShown(this::show);
        if (context.shown() != null) show(context.shown());
    }

    private void show(SelectedThreads threads) {
        HotSpotRows ready = made.get(threads.choice());
        if (ready != null) {
            fill(ready);
            return;
        }
        shown = null;
        COMPUTE.post(() -> {
            try {
                HotSpotRows rows = HotSpotRows.of(snapshot, threads);
                EventQueue.invokeLater(() -> {
                    made.put(threads.choice(), rows);
                    if (context.shown() == threads) fill(rows);
                });
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                LOG.log(Level.WARNING, "Cannot make the hot spots of " + threads.choice().label(), e);
                Problems.notify("Cannot show the hot spots", "The hot spots of " + threads.choice().label()
                        + " cannot be read: " + e.getMessage());
            }
        });
    }

    private void fill(HotSpotRows rows) {
        shown = rows;
        table.setModel(new HotSpotsTableModel(rows));
        ColumnWidths.apply(table);
        table.getRowSorter().setSortKeys(List.of(new RowSorter.SortKey(1, SortOrder.DESCENDING)));
        if (wanted >= 0) {
            int method = wanted;
            wanted = -1;
            showMethod(method);
        }
    }

    @Override public boolean isReady() {
        return shown != null;
    }

    /** Find in Hot Spots: selects the method's row; once the rows are made when they are not yet. */
    @Override public boolean showMethod(int methodId) {
        if (shown == null) {
            wanted = methodId;
            return true;
        }
        int model = shown.rowOf(methodId);
        if (model < 0) return false;
        int row = table.convertRowIndexToView(model);
        table.getSelectionModel().setSelectionInterval(row, row);
        table.scrollRectToVisible(table.getCellRect(row, 0, true));
        return true;
    }

    private JPopupMenu menu() {
        JPopupMenu menu = new JPopupMenu();
        menu.setName("hotSpotsMenu");
        MethodMenu.addGoTo(menu, context, ViewIds.BACK_TRACES, "backTraces", "Back Traces", this::selectedMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.CALL_TREE, "findInCallTree", "Find in Call Tree", this::selectedMethod);
        MethodMenu.addGoTo(menu, context, ViewIds.FLAME_GRAPH, "findInFlameGraph", "Find in Flame Graph", this::selectedMethod);
        MethodMenu.addCopy(menu, snapshot.methods(), this::selectedMethod);
        MethodMenu.selectRowOnRightClick(table, menu);
        return menu;
    }

    /** The method of the selected row, or -1. */
    private int selectedMethod() {
        int row = table.getSelectedRow();
        return row < 0 || shown == null ? -1 : shown.method(table.convertRowIndexToModel(row)).id();
    }
}
