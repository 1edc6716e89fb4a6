package org.candor.ui.calltree;

import javax.swing.JComponent;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.SnapshotViewProvider;
import org.candor.ui.snapshot.spi.ViewIds;
import org.openide.util.lookup.ServiceProvider;

/** The snapshot window's Hot spots tab: the methods that cost the most on their own ({@link HotSpotsView}). */
@ServiceProvider(service = SnapshotViewProvider.class)
public final class HotSpotsViewProvider implements SnapshotViewProvider {

    @Override public String id() { return ViewIds.HOT_SPOTS; }
    @Override public String displayName() { return "Hot spots"; }
    @Override public int position() { return 200; }
    @Override public JComponent create(SnapshotViewContext context) { return new HotSpotsView(context); }
}
