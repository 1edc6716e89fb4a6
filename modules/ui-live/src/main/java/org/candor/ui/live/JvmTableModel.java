package org.candor.ui.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.swing.JTable;
import javax.swing.table.AbstractTableModel;
import org.candor.client.JvmDetails;
import org.candor.client.LocalJvms;

/** The local JVMs: pid, what runs there (main class, its arguments), the JDK, the owner, and the Candor session. */
final class JvmTableModel extends AbstractTableModel {

    /** The session first after the pid: in a narrow window it is what a user looks for. */
    static final String[] COLUMNS = {"PID", "Session", "Main class", "JDK", "Owner", "Arguments"};
    static final int SESSION = 1;
    static final int MAIN_CLASS = 2;
    static final int JDK = 3;
    private List<LocalJvms.Jvm> jvms = new ArrayList<>();
    /** By pid. */
    private final Map<Long, JvmDetails> details = new HashMap<>();

    /** The JVMs now, with what /proc told of each. */
    void set(List<LocalJvms.Jvm> list, Map<Long, JvmDetails> read) {
        jvms = new ArrayList<>(list);
        details.clear();
        details.putAll(read);
        fireTableDataChanged();
    }

    LocalJvms.Jvm at(int row) {
        return row >= 0 && row < jvms.size() ? jvms.get(row) : null;
    }

    int rowOf(long pid) {
        for (int i = 0; i < jvms.size(); i++) if (jvms.get(i).pid == pid) return i;
        return -1;
    }

    /** The main class (or jar) as the command line tells, else what the Attach API calls the JVM. */
    String mainClass(int row) {
        LocalJvms.Jvm j = at(row);
        if (j == null) return "";
        JvmDetails d = details.get(j.pid);
        String main = d == null ? "" : d.mainClass();
        if (!main.isEmpty()) return main;
        int space = j.displayName.indexOf(' ');
        return space < 0 ? j.displayName : j.displayName.substring(0, space);
    }

    /** Column widths for a side panel: the pid and session narrow, the main class widest. */
    void layOut(JTable table) {
        int[] widths = {60, 80, 240, 64, 70, 240};
        for (int c = 0; c < widths.length; c++) table.getColumnModel().getColumn(c).setPreferredWidth(widths[c]);
        table.getColumnModel().getColumn(0).setMinWidth(56);
        table.getColumnModel().getColumn(SESSION).setMinWidth(72);
    }

    @Override public int getRowCount() { return jvms.size(); }
    @Override public int getColumnCount() { return COLUMNS.length; }
    @Override public String getColumnName(int c) { return COLUMNS[c]; }

    @Override
    public Object getValueAt(int row, int column) {
        LocalJvms.Jvm j = jvms.get(row);
        JvmDetails d = details.get(j.pid);
        switch (column) {
            case 0: return Long.toString(j.pid);
            case SESSION: return j.session;
            case MAIN_CLASS: return mainClass(row);
            case JDK: return d == null || d.javaVersion().isEmpty() ? "?" : d.javaVersion();
            case 4: return d == null ? "" : d.owner();
            default: return d == null ? "" : String.join(" ", d.arguments());
        }
    }
}
