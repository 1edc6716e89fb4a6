package org.candor.ui.calltree;

import java.awt.Point;
import java.util.List;

/**
 * Where a reader is in a snapshot window: the thread shown, the tab, the call paths expanded and selected (as method
 * ids from the top, which stay the same across snapshots of one session) and the scroll position. A live view keeps
 * it from one refresh to the next.
 */
public final class ViewState {

    final long threadId;
    final boolean merged;
    final int tab;
    final List<int[]> expanded;
    final int[] selected;
    final Point scroll;

    ViewState(long threadId, boolean merged, int tab, List<int[]> expanded, int[] selected, Point scroll) {
        this.threadId = threadId;
        this.merged = merged;
        this.tab = tab;
        this.expanded = expanded;
        this.selected = selected;
        this.scroll = scroll;
    }
}
