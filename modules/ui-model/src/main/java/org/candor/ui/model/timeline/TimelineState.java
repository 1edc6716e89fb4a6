package org.candor.ui.model.timeline;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What the user made of a trace's timeline: the span shown (or the whole trace, which then grows with a live one),
 * the selection, the threads chosen, the filter and the order. Kept per trace while the app runs, so a live window's
 * refresh, which builds the view anew from the grown trace, shows it as the user left it.
 */
public final class TimelineState {

    private static final int KEPT = 32;
    private static final Map<Path, TimelineState> BY_TRACE = new LinkedHashMap<Path, TimelineState>(16, 0.75f, true) {
        @Override protected boolean removeEldestEntry(Map.Entry<Path, TimelineState> eldest) { return size() > KEPT; }
    };

    /** The span shown was the whole trace: a grown trace is shown whole again. */
    public final boolean whole;
    public final long from;
    public final long to;
    /** The selected span; from &gt;= to: none. */
    public final long selectionFrom;
    public final long selectionTo;
    public final Set<Integer> threads;
    public final String filter;
    public final LaneOrder order;

    public TimelineState(boolean whole, long from, long to, long selectionFrom, long selectionTo, Set<Integer> threads,
            String filter, LaneOrder order) {
        this.whole = whole;
        this.from = from;
        this.to = to;
        this.selectionFrom = selectionFrom;
        this.selectionTo = selectionTo;
        this.threads = Set.copyOf(threads);
        this.filter = filter == null ? "" : filter;
        this.order = order == null ? LaneOrder.APPEARANCE : order;
    }

    /** The state last kept for this trace, or null. */
    public static synchronized TimelineState of(Path trace) { return BY_TRACE.get(trace.toAbsolutePath().normalize()); }

    public static synchronized void keep(Path trace, TimelineState state) { BY_TRACE.put(trace.toAbsolutePath().normalize(), state); }
}
