package org.candor.ui.snapshot.calibration;

import java.awt.BorderLayout;
import java.awt.FontMetrics;
import javax.swing.BorderFactory;
import javax.swing.BoxLayout;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JTable;
import javax.swing.SwingConstants;
import javax.swing.table.AbstractTableModel;
import javax.swing.table.DefaultTableCellRenderer;
import org.candor.ui.model.snapshot.CalibrationRows;

/**
 * The calibration constants of a calibrated snapshot (ui-model's {@link CalibrationRows}): how the session
 * calibrated, then per category of event pair the sections seen and their minimum, median, floor and the correction
 * each section had taken off; the same table {@code candor report} prints. The figures do not depend on the thread.
 */
final class CalibrationView extends JPanel {

    CalibrationView(CalibrationRows rows) {
        super(new BorderLayout());
        JLabel summary = new JLabel(rows.summary());
        summary.setName("calibrationSummary");
        JLabel legend = new JLabel(rows.legend());
        legend.setName("calibrationLegend");
        JPanel top = new JPanel();
        top.setLayout(new BoxLayout(top, BoxLayout.Y_AXIS));
        top.setBorder(BorderFactory.createEmptyBorder(8, 10, 8, 10));
        for (JLabel l : new JLabel[] {summary, legend}) {
            l.setMinimumSize(new java.awt.Dimension(0, l.getPreferredSize().height));  // shortened, never widening
            l.setToolTipText(l.getText());
            top.add(l);
        }
        add(top, BorderLayout.NORTH);

        JTable table = new JTable(new AbstractTableModel() {
            @Override public int getRowCount() { return rows.rowCount(); }
            @Override public int getColumnCount() { return rows.columnCount(); }
            @Override public String getColumnName(int c) { return rows.columnName(c); }
            @Override public Object getValueAt(int r, int c) { return rows.cell(r, c); }
        });
        table.setName("calibration");
        table.setShowGrid(false);
        table.setFillsViewportHeight(true);
        table.getTableHeader().setReorderingAllowed(false);
        DefaultTableCellRenderer right = new DefaultTableCellRenderer();
        right.setHorizontalAlignment(SwingConstants.RIGHT);
        FontMetrics fm = table.getFontMetrics(table.getFont());
        for (int c = 1; c < table.getColumnCount(); c++) {
            table.getColumnModel().getColumn(c).setCellRenderer(right);
            table.getColumnModel().getColumn(c).setPreferredWidth(fm.stringWidth("999,999,999") + 24);
        }
        table.getColumnModel().getColumn(0).setPreferredWidth(fm.stringWidth("int-En-jit-Ex-int") * 2);
        JScrollPane scroll = new JScrollPane(table);
        scroll.setBorder(BorderFactory.createEmptyBorder());
        add(scroll, BorderLayout.CENTER);
    }
}
