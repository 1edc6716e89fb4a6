package org.candor.ui.calltree;

import javax.swing.ListSelectionModel;
import org.candor.core.model.MethodTable;
import org.candor.ui.model.snapshot.TimeShare;
import org.netbeans.swing.outline.Outline;

/** How every call-tree table looks (the snapshot's tree, back traces): method column, share bars, counts. */
final class CallTreeOutline {

    private CallTreeOutline() {}

    static Outline create(String name, MethodTable methods) {
        Outline tree = new Outline();
        tree.setName(name);
        tree.setRootVisible(false);
        tree.setRenderDataProvider(new MethodColumnData(methods));
        tree.setDefaultRenderer(TimeShare.class, new TimeShareRenderer());
        tree.setDefaultRenderer(Long.class, new CountRenderer());
        tree.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        tree.setFillsViewportHeight(true);
        tree.setShowGrid(false);
        tree.getTableHeader().setReorderingAllowed(false);
        return tree;
    }
}
