package org.candor.ui.model.timeline;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Which lanes the Threads timeline shows and in what order: threads whose name holds a text (any case; a tid too),
 * sorted by when they first ran, by name, or by what they did most (CPU time, time blocked, time descheduled). The
 * lane of the VM's own garbage collections stays last whatever the order, and is shown unless a filter names
 * something else.
 */
public enum LaneOrder {
    APPEARANCE("first seen"),
    NAME("name"),
    CPU("CPU time"),
    BLOCKED("time blocked"),
    DESCHEDULED("time descheduled");

    private final String label;

    LaneOrder(String label) { this.label = label; }

    @Override public String toString() { return label; }

    /** The lanes to show, in this order. */
    public List<ThreadLane> apply(List<ThreadLane> lanes, String filter) {
        String f = filter == null ? "" : filter.trim().toLowerCase(Locale.ROOT);
        List<ThreadLane> shown = new ArrayList<>();
        for (ThreadLane l : lanes) {
            if (f.isEmpty() || l.name().toLowerCase(Locale.ROOT).contains(f) || Integer.toString(l.tid()).equals(f)) shown.add(l);
        }
        shown.sort(Comparator.comparing((ThreadLane l) -> l.tid() == 0).thenComparing(comparator()));
        return shown;
    }

    private Comparator<ThreadLane> comparator() {
        Comparator<ThreadLane> appearance = Comparator.comparingLong(ThreadLane::firstTime).thenComparingInt(ThreadLane::tid);
        switch (this) {
            case NAME: return Comparator.comparing((ThreadLane l) -> l.name().toLowerCase(Locale.ROOT)).thenComparing(appearance);
            case CPU: return Comparator.comparingLong(ThreadLane::totalCpuTime).reversed().thenComparing(appearance);
            case BLOCKED: return Comparator.comparingLong((ThreadLane l) -> l.totalTime(ThreadLane.BLOCKED)).reversed().thenComparing(appearance);
            case DESCHEDULED:
                return Comparator.comparingLong((ThreadLane l) -> l.totalTime(ThreadLane.DESCHEDULED)).reversed().thenComparing(appearance);
            default: return appearance;
        }
    }
}
