package org.candor.ui.calltree;

import javax.swing.table.AbstractTableModel;
import org.candor.ui.model.snapshot.HotSpotRows;

/** The hot-spot table over ui-model's {@link HotSpotRows}: one row per method, the method first, then the values. */
final class HotSpotsTableModel extends AbstractTableModel {

    private final HotSpotRows rows;

    HotSpotsTableModel(HotSpotRows rows) {
        this.rows = rows;
    }

    HotSpotRows rows() { return rows; }

    @Override public int getRowCount() { return rows.rowCount(); }
    @Override public int getColumnCount() { return rows.columnCount(); }
    @Override public String getColumnName(int column) { return rows.columnName(column); }
    @Override public Class<?> getColumnClass(int column) { return rows.columnType(column); }
    @Override public Object getValueAt(int row, int column) { return rows.cell(row, column); }
}
