package org.candor.ui.calltree;

import java.awt.Point;
import java.awt.Toolkit;
import java.awt.datatransfer.StringSelection;
import java.util.function.IntSupplier;
import javax.swing.JMenuItem;
import javax.swing.JPopupMenu;
import javax.swing.JTable;
import javax.swing.event.PopupMenuEvent;
import javax.swing.event.PopupMenuListener;
import org.candor.core.model.MethodTable;
import org.candor.ui.model.snapshot.MethodNames;
import org.candor.ui.snapshot.spi.SnapshotViewContext;

/** The context menu of a method, as the views of this module share it: to the other views, copy. */
public final class MethodMenu {

    private MethodMenu() {}

    public static JMenuItem item(String name, String text, Runnable action) {
        JMenuItem item = new JMenuItem(text);
        item.setName(name);
        item.addActionListener(e -> action.run());
        return item;
    }

    /** An item that shows the selected method in another view; none when the window has no such view. */
    public static void addGoTo(JPopupMenu menu, SnapshotViewContext context, String viewId, String name, String text,
                        IntSupplier method) {
        if (!context.hasView(viewId)) return;
        menu.add(item(name, text, () -> {
            int id = method.getAsInt();
            if (id >= 0) context.showMethod(viewId, id);
        }));
    }

    /** Copy Method Name: the class-qualified signature to the clipboard. */
    public static void addCopy(JPopupMenu menu, MethodTable methods, IntSupplier method) {
        menu.add(item("copy", "Copy Method Name", () -> {
            int id = method.getAsInt();
            if (id < 0) return;
            String text = MethodNames.qualified(methods.get(id));
            Toolkit.getDefaultToolkit().getSystemClipboard().setContents(new StringSelection(text), null);
        }));
    }

    /** The menu acts on the row it was opened on: that row is selected as the menu shows. */
    public static void selectRowOnRightClick(JTable table, JPopupMenu menu) {
        menu.addPopupMenuListener(new PopupMenuListener() {
            @Override public void popupMenuWillBecomeVisible(PopupMenuEvent e) {
                Point at = table.getMousePosition();
                int row = at == null ? -1 : table.rowAtPoint(at);
                if (row >= 0) table.getSelectionModel().setSelectionInterval(row, row);
            }
            @Override public void popupMenuWillBecomeInvisible(PopupMenuEvent e) {}
            @Override public void popupMenuCanceled(PopupMenuEvent e) {}
        });
    }
}
