package org.candor.ui.calltree;

import java.awt.Color;
import javax.swing.Icon;
import org.candor.core.model.MethodTable;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.netbeans.swing.outline.RenderDataProvider;

/** What the tree column of the call-tree table shows for a row: the method, its package dimmed. */
final class MethodColumnData implements RenderDataProvider {

    /** The outline draws folder and file icons for rows without one; methods have no icon. */
    private static final Icon NO_ICON = new javax.swing.ImageIcon(
            new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_ARGB));

    private final MethodTable methods;

    MethodColumnData(MethodTable methods) {
        this.methods = methods;
    }

    @Override public String getDisplayName(Object row) {
        CallTreeRow r = (CallTreeRow) row;
        return r.isRoot() ? "All calls" : MethodText.html(methods.get(r.methodId()));
    }

    @Override public boolean isHtmlDisplayName(Object row) { return true; }

    @Override public String getTooltipText(Object row) {
        CallTreeRow r = (CallTreeRow) row;
        return r.isRoot() ? null : MethodText.tooltip(methods.get(r.methodId()));
    }

    @Override public Color getBackground(Object row) { return null; }
    @Override public Color getForeground(Object row) { return null; }
    @Override public Icon getIcon(Object row) { return NO_ICON; }
}
