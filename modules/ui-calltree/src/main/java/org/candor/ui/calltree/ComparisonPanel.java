package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.FlowLayout;
import java.io.IOException;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.BorderFactory;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.RowSorter;
import javax.swing.SortOrder;
import javax.swing.SwingConstants;
import javax.swing.table.AbstractTableModel;
import javax.swing.table.DefaultTableCellRenderer;
import org.candor.core.analysis.SnapshotComparison;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.ui.snapshot.Problems;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.ComparedValue;
import org.candor.ui.model.snapshot.ComparisonFigures;
import org.netbeans.swing.outline.DefaultOutlineModel;
import org.netbeans.swing.outline.Outline;
import org.netbeans.swing.outline.RowModel;

/**
 * Two snapshots side by side (core's {@link SnapshotComparison}): the methods with A, B, B - A and the change, by the
 * figure chosen, largest change first; and the call paths of both merged into one tree by total time. Both files are
 * read in place: what the panel first shows is read by {@link #prepare} off the event thread, another figure's
 * methods and a row's children in the background as they are asked for.
 */
final class ComparisonPanel extends JPanel {

    /** What the panel shows at first, read off the event thread. */
    static final class Prepared {
        final SnapshotFile a;
        final SnapshotFile b;
        final ComparisonFigures figures;
        final SnapshotComparison methods;
        final List<SnapshotComparison.Row> rows;
        final SnapshotComparison byTree;
        final CallTreeRow root;

        private Prepared(SnapshotFile a, SnapshotFile b) throws IOException {
            this.a = a;
            this.b = b;
            this.figures = new ComparisonFigures(a, b);
            this.methods = new SnapshotComparison(a, b, figures.comparable().get(0).key());
            this.rows = methods.flat();
            this.byTree = new SnapshotComparison(a, b, figures.treeMetric().key());
            this.root = CallTreeRow.root(byTree);
        }
    }

    /**
     * Reads what the panel shows first. Any thread (the event thread only for small files in memory).
     *
     * @throws IllegalArgumentException when the two have no figure in common
     */
    static Prepared prepare(SnapshotFile a, SnapshotFile b) throws IOException {
        if (new ComparisonFigures(a, b).comparable().isEmpty()) {
            throw new IllegalArgumentException("they have no figure in common (A has " + keys(a) + ", B has " + keys(b) + ")");
        }
        return new Prepared(a, b);
    }

    private static String keys(SnapshotFile f) {
        List<String> out = new java.util.ArrayList<>();
        for (Metric m : f.metrics()) out.add(m.key());
        return String.join(", ", out);
    }

    private static final Logger LOG = Logger.getLogger(ComparisonPanel.class.getName());

    private final SnapshotFile a;
    private final SnapshotFile b;
    private final ComparisonFigures figures;
    private final JTable methods = new JTable();
    private final Outline tree;
    /** The figure the methods are compared by: the last one asked for wins. */
    private volatile String methodsBy;

    ComparisonPanel(Prepared prepared, String nameA, String nameB) {
        super(new BorderLayout());
        this.a = prepared.a;
        this.b = prepared.b;
        this.figures = prepared.figures;
        JLabel header = new JLabel("A: " + nameA + " (baseline)   \u00b7   B: " + nameB);
        header.setName("comparisonHeader");
        header.setMinimumSize(new java.awt.Dimension(0, header.getPreferredSize().height));
        JComboBox<Metric> metric = new JComboBox<>(figures.comparable().toArray(new Metric[0]));
        metric.setRenderer(new javax.swing.DefaultListCellRenderer() {
            @Override public java.awt.Component getListCellRendererComponent(javax.swing.JList<?> list, Object value,
                                                                         int index, boolean selected, boolean focused) {
                return super.getListCellRendererComponent(list, ((Metric) value).label(), index, selected, focused);
            }
        });
        metric.setName("comparisonMetric");
        JPanel top = new JPanel(new BorderLayout());
        top.setBorder(BorderFactory.createEmptyBorder(8, 10, 8, 10));
        top.add(header, BorderLayout.NORTH);
        JPanel row = new JPanel(new FlowLayout(FlowLayout.LEADING, 0, 4));
        row.add(new JLabel("Methods by: "));
        row.add(metric);
        top.add(row, BorderLayout.SOUTH);
        add(top, BorderLayout.NORTH);

        methods.setName("comparedMethods");
        methods.setDefaultRenderer(MethodInfo.class, new MethodCellRenderer());
        DefaultTableCellRenderer right = new DefaultTableCellRenderer();
        right.setHorizontalAlignment(SwingConstants.RIGHT);
        methods.setDefaultRenderer(ComparedValue.class, right);
        methods.setDefaultRenderer(ComparedValue.Change.class, right);
        methods.setAutoCreateRowSorter(true);
        methods.setShowGrid(false);
        methods.setFillsViewportHeight(true);
        metric.addActionListener(e -> readMethods(((Metric) metric.getSelectedItem()).key()));
        methodsBy = prepared.methods.metricKey();
        showMethods(prepared.rows, prepared.methods.metric().unit());

        SnapshotComparison byTotal = prepared.byTree;
        tree = CallTreeOutline.create("comparedTree", byTotal.methods());
        CallTreeModel model = new CallTreeModel(prepared.root);
        tree.setModel(DefaultOutlineModel.createOutlineModel(model, new Columns(byTotal.metric().unit()), true, "Method"));
        RowExpansion.watch(tree);
        widths(tree);
        DefaultTableCellRenderer treeRight = new DefaultTableCellRenderer();
        treeRight.setHorizontalAlignment(SwingConstants.RIGHT);
        tree.setDefaultRenderer(ComparedValue.class, treeRight);
        tree.setDefaultRenderer(ComparedValue.Change.class, treeRight);

        JTabbedPane tabs = new JTabbedPane();
        tabs.setName("comparisonViews");
        tabs.addTab("Methods", new JScrollPane(methods));
        tabs.addTab("Call tree (" + byTotal.metric().label().toLowerCase(java.util.Locale.ROOT) + ")", new JScrollPane(tree));
        add(tabs, BorderLayout.CENTER);
    }

    JTable methodsTable() { return methods; }
    Outline tree() { return tree; }

    /** Reads the methods' figures of another metric in the background, then shows them. */
    private void readMethods(String metricKey) {
        if (metricKey.equals(methodsBy)) return;
        methodsBy = metricKey;
        RowExpansion.READS.post(() -> {
            try {
                SnapshotComparison c = new SnapshotComparison(a, b, metricKey);
                List<SnapshotComparison.Row> rows = c.flat();
                EventQueue.invokeLater(() -> {
                    if (metricKey.equals(methodsBy)) showMethods(rows, c.metric().unit());
                });
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "Cannot compare the methods by " + metricKey, e);
                Problems.notify("Cannot compare the snapshots", "The methods cannot be compared by " + metricKey + ": " + e.getMessage());
            }
        });
    }

    private void showMethods(List<SnapshotComparison.Row> rows, Metric.Unit unit) {
        methods.setModel(new MethodsModel(rows, unit));
        widths(methods);
        methods.getRowSorter().setSortKeys(List.of());  // the comparison's own order: largest change first
    }

    /** The method column takes the room; the four figures are as wide as their numbers. */
    private static void widths(JTable table) {
        int figure = table.getFontMetrics(table.getFont()).stringWidth("+999.9 ms") + 24;
        for (int i = 0; i < table.getColumnCount(); i++) {
            javax.swing.table.TableColumn c = table.getColumnModel().getColumn(i);
            if (i == 0) {
                c.setPreferredWidth(480);
            } else {
                c.setMinWidth(figure * 3 / 4);
                c.setPreferredWidth(figure);
                c.setMaxWidth(figure * 2);
            }
        }
    }

    private static final class MethodsModel extends AbstractTableModel {
        private final List<SnapshotComparison.Row> rows;
        private final Metric.Unit unit;

        MethodsModel(List<SnapshotComparison.Row> rows, Metric.Unit unit) {
            this.rows = rows;
            this.unit = unit;
        }

        @Override public int getRowCount() { return rows.size(); }
        @Override public int getColumnCount() { return 1 + ComparisonFigures.COLUMNS.size(); }
        @Override public String getColumnName(int c) { return c == 0 ? "Method" : ComparisonFigures.COLUMNS.get(c - 1); }
        @Override public Class<?> getColumnClass(int c) { return c == 0 ? MethodInfo.class : ComparisonFigures.type(c - 1); }

        @Override public Object getValueAt(int row, int c) {
            SnapshotComparison.Row r = rows.get(row);
            return c == 0 ? r.method() : ComparisonFigures.cell(c - 1, r.a(), r.b(), unit);
        }
    }

    /** The diff tree's value columns: each node holds A at 0 and B at 1. */
    private static final class Columns implements RowModel {
        private final Metric.Unit unit;

        Columns(Metric.Unit unit) {
            this.unit = unit;
        }

        @Override public int getColumnCount() { return ComparisonFigures.COLUMNS.size(); }
        @Override public String getColumnName(int c) { return ComparisonFigures.COLUMNS.get(c); }
        @Override public Class<?> getColumnClass(int c) { return ComparisonFigures.type(c); }

        @Override public Object getValueFor(Object row, int c) {
            CallTreeRow r = (CallTreeRow) row;
            return ComparisonFigures.cell(c, r.value(0), r.value(1), unit);
        }

        @Override public boolean isCellEditable(Object row, int c) { return false; }
        @Override public void setValueFor(Object row, int c, Object value) {
            throw new UnsupportedOperationException("read-only");
        }
    }
}
