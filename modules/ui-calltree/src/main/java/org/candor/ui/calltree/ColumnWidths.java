package org.candor.ui.calltree;

import java.awt.FontMetrics;
import javax.swing.JTable;
import javax.swing.table.TableColumn;
import javax.swing.table.TableColumnModel;
import org.candor.ui.model.snapshot.TimeShare;

/** Value columns as wide as their values and headers need; the method column takes the rest. */
final class ColumnWidths {

    private static final int METHOD_COLUMN_WIDTH = 560;

    private ColumnWidths() {}

    static void apply(JTable table) {
        FontMetrics cells = table.getFontMetrics(table.getFont());
        FontMetrics header = table.getFontMetrics(table.getTableHeader().getFont());
        TableColumnModel columns = table.getColumnModel();
        for (int i = 0; i < columns.getColumnCount(); i++) {
            TableColumn column = columns.getColumn(i);
            Class<?> type = table.getColumnClass(i);
            if (type == TimeShare.class || type == Long.class) {
                int values = type == TimeShare.class
                        ? TimeShareRenderer.preferredWidth(cells)
                        : cells.stringWidth("99,999,999,999") + 16;
                // room for the header text and the sort arrow
                int width = Math.max(values, header.stringWidth(String.valueOf(column.getHeaderValue())) + 32);
                column.setMinWidth(width * 3 / 4);
                column.setPreferredWidth(width);
                column.setMaxWidth(width * 2);
            } else {
                column.setPreferredWidth(METHOD_COLUMN_WIDTH);
            }
        }
    }
}
