package org.candor.ui.calltree;

import javax.swing.JComponent;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.SnapshotViewProvider;
import org.candor.ui.snapshot.spi.ViewIds;
import org.openide.util.lookup.ServiceProvider;

/** The snapshot window's Call tree tab: the call tree of the threads shown ({@link CallTreeView}). */
@ServiceProvider(service = SnapshotViewProvider.class)
public final class CallTreeViewProvider implements SnapshotViewProvider {

    @Override public String id() { return ViewIds.CALL_TREE; }
    @Override public String displayName() { return "Call tree"; }
    @Override public int position() { return 100; }
    @Override public JComponent create(SnapshotViewContext context) { return new CallTreeView(context); }
}
