package org.candor.app.inside;

import java.awt.Component;
import javax.swing.JLabel;
import javax.swing.JTable;

/**
 * A table's cells as the user reads them: the text its renderers draw (HTML taken out), or the value a column holds.
 * Event thread.
 */
final class ShownTable {

    private ShownTable() {}

    /** The text the cell's renderer draws, without HTML tags and entities. */
    static String text(JTable table, int row, int column) {
        Component c = table.prepareRenderer(table.getCellRenderer(row, column), row, column);
        String text = c instanceof JLabel ? ((JLabel) c).getText() : String.valueOf(table.getValueAt(row, column));
        return text == null ? "" : text.replaceAll("<[^>]*>", "").replace("&nbsp;", " ").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&").trim();
    }

    /** The first row whose cell in {@code column} reads as starting with {@code prefix}, or -1. */
    static int rowStartingWith(JTable table, int column, String prefix) {
        for (int r = 0; r < table.getRowCount(); r++) if (text(table, r, column).startsWith(prefix)) return r;
        return -1;
    }

    /** The index of the column headed {@code name}; fails when there is none. */
    static int column(JTable table, String name) {
        for (int c = 0; c < table.getColumnCount(); c++) if (table.getColumnName(c).equals(name)) return c;
        throw new AssertionError("no column \"" + name + "\" in table " + table.getName());
    }

    /** The value in the column headed {@code name}. */
    static Object value(JTable table, int row, String name) {
        return table.getValueAt(row, column(table, name));
    }

    /** Every row as it reads, one line each, for a failure message. */
    static String rows(JTable table) {
        StringBuilder b = new StringBuilder();
        for (int r = 0; r < table.getRowCount(); r++) {
            b.append('\n');
            for (int c = 0; c < table.getColumnCount(); c++) b.append(c == 0 ? "" : " | ").append(text(table, r, c));
        }
        return b.length() == 0 ? "(no rows)" : b.toString();
    }
}
