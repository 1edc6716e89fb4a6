package org.candor.ui.calltree;

import java.awt.Component;
import javax.swing.JComponent;
import javax.swing.JTable;
import javax.swing.table.TableCellRenderer;
import org.candor.core.model.MethodInfo;
import org.openide.awt.HtmlRenderer;

/** A method in a plain table, written as in the call tree (see {@link MethodText}). */
final class MethodCellRenderer implements TableCellRenderer {

    private final HtmlRenderer.Renderer html = HtmlRenderer.createRenderer();

    MethodCellRenderer() {
        html.setIndent(4); // the outline's tree column has a gap before the text too
    }

    @Override
    public Component getTableCellRendererComponent(JTable table, Object value, boolean selected, boolean focused,
                                                   int row, int column) {
        MethodInfo m = (MethodInfo) value;
        html.setHtml(true);
        Component c = html.getTableCellRendererComponent(table, "<html>" + MethodText.html(m), selected, focused, row, column);
        if (c instanceof JComponent) ((JComponent) c).setToolTipText(MethodText.tooltip(m));
        return c;
    }
}
