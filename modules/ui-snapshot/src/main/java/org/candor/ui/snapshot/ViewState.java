package org.candor.ui.snapshot;

import java.util.Map;
import org.candor.ui.model.snapshot.ThreadChoice;

/**
 * Where a reader is in a snapshot's views: the threads shown, the view in front and each view's own place
 * ({@link org.candor.ui.snapshot.spi.SnapshotView#place}: expanded paths and selection as method ids from the top,
 * which stay the same across snapshots of one session; a zoom), and whether the keyboard was in the view in front (so
 * that it stays there: a live view replaces its panel at every refresh, about once a second). A live view keeps it
 * from one refresh to the next; the snapshot window across its raw/calibrated switch.
 */
public record ViewState(ThreadChoice thread, String view, Map<String, Object> places, boolean focused) {

    public ViewState {
        places = Map.copyOf(places);
    }
}
