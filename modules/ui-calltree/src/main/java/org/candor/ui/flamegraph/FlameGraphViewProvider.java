package org.candor.ui.flamegraph;

import javax.swing.JComponent;
import org.candor.ui.model.snapshot.ViewMetrics;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.SnapshotViewProvider;
import org.candor.ui.snapshot.spi.ViewIds;
import org.openide.util.lookup.ServiceProvider;

/**
 * The snapshot window's Flame graph tab ({@link FlameGraphView}). Widths nest only for an inclusive value (total
 * time, samples): a snapshot without one has no flame graph.
 */
@ServiceProvider(service = SnapshotViewProvider.class)
public final class FlameGraphViewProvider implements SnapshotViewProvider {

    @Override public String id() { return ViewIds.FLAME_GRAPH; }
    @Override public String displayName() { return "Flame graph"; }
    @Override public int position() { return 300; }

    @Override public boolean supports(SnapshotViewContext context) {
        return !context.snapshot().metrics().isEmpty() && new ViewMetrics(context.snapshot().metrics()).basisIsInclusive();
    }

    @Override public JComponent create(SnapshotViewContext context) { return new FlameGraphView(context); }
}
