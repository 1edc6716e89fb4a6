package org.candor.ui.snapshot;

import java.util.Map;
import org.candor.ui.model.snapshot.ThreadChoice;

/**
 * Where a reader is in a snapshot's views: the threads shown, the view in front and each view's own place
 * ({@link org.candor.ui.snapshot.spi.SnapshotView#place}: expanded paths and selection as method ids from the top,
 * which stay the same across snapshots of one session; a zoom). A live view keeps it from one refresh to the next;
 * the snapshot window across its raw/calibrated switch.
 */
public record ViewState(ThreadChoice thread, String view, Map<String, Object> places) {

    public ViewState {
        places = Map.copyOf(places);
    }
}
