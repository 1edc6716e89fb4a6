package org.candor.ui.calltree;

import java.util.List;
import javax.swing.table.AbstractTableModel;
import org.candor.core.analysis.HotSpot;
import org.candor.core.model.MethodInfo;

/** The hot-spot table: one row per method, the method first, then the value columns. */
final class HotSpotsTableModel extends AbstractTableModel {

    static final int METHOD_COLUMN = 0;

    private final List<HotSpot> spots;
    private final ValueColumns columns;
    private final long whole;

    HotSpotsTableModel(List<HotSpot> spots, ValueColumns columns, long whole) {
        this.spots = spots;
        this.columns = columns;
        this.whole = whole;
    }

    @Override public int getRowCount() { return spots.size(); }
    @Override public int getColumnCount() { return 1 + columns.count(); }

    @Override public String getColumnName(int column) {
        return column == METHOD_COLUMN ? "Method" : columns.name(column - 1);
    }

    @Override public Class<?> getColumnClass(int column) {
        return column == METHOD_COLUMN ? MethodInfo.class : columns.type(column - 1);
    }

    @Override public Object getValueAt(int row, int column) {
        HotSpot spot = spots.get(row);
        return column == METHOD_COLUMN ? spot.method() : columns.cell(column - 1, spot::value, whole);
    }
}
