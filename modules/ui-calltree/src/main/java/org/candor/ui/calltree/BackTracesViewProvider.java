package org.candor.ui.calltree;

import javax.swing.JComponent;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.SnapshotViewProvider;
import org.candor.ui.snapshot.spi.ViewIds;
import org.openide.util.lookup.ServiceProvider;

/** The snapshot window's Back traces tab: who called a method, by which paths ({@link BackTracesView}). */
@ServiceProvider(service = SnapshotViewProvider.class)
public final class BackTracesViewProvider implements SnapshotViewProvider {

    @Override public String id() { return ViewIds.BACK_TRACES; }
    @Override public String displayName() { return "Back traces"; }
    @Override public int position() { return 400; }
    @Override public JComponent create(SnapshotViewContext context) { return new BackTracesView(context); }
}
