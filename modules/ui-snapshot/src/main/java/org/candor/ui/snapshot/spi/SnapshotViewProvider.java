package org.candor.ui.snapshot.spi;

import javax.swing.JComponent;

/**
 * A view of a snapshot: one tab of the snapshot window (and of Live Results), the tabs in {@link #position} order.
 * Register an implementation with {@code @ServiceProvider(service = SnapshotViewProvider.class)}; the window finds
 * the views by lookup, so a new view is a new class (in a package or module of its own) and changes no other file.
 */
public interface SnapshotViewProvider {

    /** How other views ask for this one ({@link SnapshotViewContext#showMethod}); {@link ViewIds} names Candor's. */
    String id();

    /** The tab's title. */
    String displayName();

    /** Where the tab goes: ascending, Candor's views at 100, 200, ... */
    int position();

    /** Whether the view has something to show for this snapshot (calibration: calibrated ones only). Cheap; event thread. */
    default boolean supports(SnapshotViewContext context) {
        return true;
    }

    /**
     * The view, made on the event thread once for each snapshot shown (a window's raw/calibrated switch and each live
     * refresh show a new one). It draws {@link SnapshotViewContext#shown()} as it changes, and may implement
     * {@link SnapshotView} to be asked for a method, find, a reader's place or whether it is ready.
     */
    JComponent create(SnapshotViewContext context);
}
