package org.candor.ui.calltree;

import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.ValueColumns;
import org.netbeans.swing.outline.RowModel;

/** The value columns of the call-tree table. */
final class CallTreeColumns implements RowModel {

    private final ValueColumns columns;
    private final long whole;

    /** {@code whole}: what time shares are of, the root's value of the primary metric. */
    CallTreeColumns(ValueColumns columns, long whole) {
        this.columns = columns;
        this.whole = whole;
    }

    @Override public int getColumnCount() { return columns.count(); }
    @Override public String getColumnName(int column) { return columns.name(column); }
    @Override public Class<?> getColumnClass(int column) { return columns.type(column); }

    @Override public Object getValueFor(Object row, int column) {
        return columns.cell(column, ((CallTreeRow) row)::value, whole);
    }

    @Override public boolean isCellEditable(Object row, int column) { return false; }
    @Override public void setValueFor(Object row, int column, Object value) {
        throw new UnsupportedOperationException("the call tree is read-only");
    }
}
