package org.candor.ui.live;

import java.util.ArrayList;
import java.util.List;
import javax.swing.table.AbstractTableModel;
import org.candor.client.LocalJvms;

/** The local JVMs: pid, Candor session state, what runs there. */
final class JvmTableModel extends AbstractTableModel {

    private static final String[] COLUMNS = {"PID", "Session", "Main class"};
    private List<LocalJvms.Jvm> jvms = new ArrayList<>();

    void set(List<LocalJvms.Jvm> list) {
        jvms = new ArrayList<>(list);
        fireTableDataChanged();
    }

    LocalJvms.Jvm at(int row) {
        return row >= 0 && row < jvms.size() ? jvms.get(row) : null;
    }

    int rowOf(long pid) {
        for (int i = 0; i < jvms.size(); i++) if (jvms.get(i).pid == pid) return i;
        return -1;
    }

    @Override public int getRowCount() { return jvms.size(); }
    @Override public int getColumnCount() { return COLUMNS.length; }
    @Override public String getColumnName(int c) { return COLUMNS[c]; }

    @Override
    public Object getValueAt(int row, int column) {
        LocalJvms.Jvm j = jvms.get(row);
        switch (column) {
            case 0: return Long.toString(j.pid);
            case 1: return j.session;
            default: return j.displayName;
        }
    }
}
