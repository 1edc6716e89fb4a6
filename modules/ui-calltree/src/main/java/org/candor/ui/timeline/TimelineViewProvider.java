package org.candor.ui.timeline;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.swing.JComponent;
import org.candor.core.model.SnapshotInfo;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.candor.ui.snapshot.spi.SnapshotViewProvider;
import org.openide.util.lookup.ServiceProvider;

/**
 * The snapshot window's Threads timeline tab ({@link TimelineView}), for a snapshot of a traced run: one that names
 * its trace ({@code trace.directory}) where the trace still is.
 */
@ServiceProvider(service = SnapshotViewProvider.class)
public final class TimelineViewProvider implements SnapshotViewProvider {

    public static final String ID = "timeline";

    @Override public String id() { return ID; }
    @Override public String displayName() { return "Threads timeline"; }
    @Override public int position() { return 500; }

    @Override public boolean supports(SnapshotViewContext context) {
        Path trace = traceOf(context);
        return trace != null && Files.exists(trace);
    }

    @Override public JComponent create(SnapshotViewContext context) { return new TimelineView(traceOf(context)); }

    static Path traceOf(SnapshotViewContext context) {
        String dir = context.snapshot().info().get(SnapshotInfo.TRACE_DIRECTORY);
        return dir == null || dir.isEmpty() ? null : Path.of(dir);
    }
}
