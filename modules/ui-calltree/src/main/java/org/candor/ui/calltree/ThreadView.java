package org.candor.ui.calltree;

import java.util.List;
import org.candor.core.analysis.HotSpot;
import org.candor.core.model.CallNode;

/** What the window shows for one thread choice: its tree and its hot spots. Computed off the event thread. */
final class ThreadView {

    private final CallNode root;
    private final List<HotSpot> hotSpots;

    ThreadView(CallNode root, List<HotSpot> hotSpots) {
        this.root = root;
        this.hotSpots = List.copyOf(hotSpots);
    }

    CallNode root() { return root; }
    List<HotSpot> hotSpots() { return hotSpots; }
}
