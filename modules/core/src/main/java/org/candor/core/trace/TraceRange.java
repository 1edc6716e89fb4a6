package org.candor.core.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which samples of a trace a cut takes: those of the chosen threads (all when none are named) whose time lies in
 * [{@link #from}, {@link #to}), and, when a phase is named, inside one of their own thread's phases of that name
 * ({@link TracePhases}: from its begin marker to its end marker; one still open at the end of the trace runs to the
 * end). Times are the trace's clock (ns).
 */
public final class TraceRange {

    private final long from;
    private final long to;
    private final Set<Integer> tids;
    private final String phase;

    /** @param tids the threads (OS tids); empty: every thread. @param phase a phase name, or null for none. */
    public TraceRange(long from, long to, Set<Integer> tids, String phase) {
        if (to < from) throw new IllegalArgumentException("a range that ends (" + to + ") before it begins (" + from + ")");
        this.from = from;
        this.to = to;
        this.tids = Set.copyOf(tids);
        this.phase = phase;
    }

    /** Every sample of every thread. */
    public static TraceRange all() { return new TraceRange(Long.MIN_VALUE, Long.MAX_VALUE, Set.of(), null); }

    public long from() { return from; }
    public long to() { return to; }
    public Set<Integer> tids() { return tids; }
    public String phase() { return phase; }

    /**
     * The range in words, times after {@code start} (the trace's first record): {@code 1.20 s .. 1.45 s, threads ping,
     * pong, phase work}; {@code the whole trace} when nothing narrows it.
     */
    public String describe(long start, TraceMeta meta) {
        List<String> parts = new ArrayList<>();
        if (from != Long.MIN_VALUE || to != Long.MAX_VALUE) {
            parts.add((from == Long.MIN_VALUE ? "start" : seconds(from - start)) + " .. "
                    + (to == Long.MAX_VALUE ? "end" : seconds(to - start)));
        }
        if (!tids.isEmpty()) {
            List<String> names = new ArrayList<>();
            for (int tid : new java.util.TreeSet<>(tids)) {
                String name = meta.lastName(tid);
                names.add(name != null ? name : "tid " + tid);
            }
            parts.add("thread" + (names.size() == 1 ? " " : "s ") + String.join(", ", names));
        }
        if (phase != null) parts.add("phase " + phase);
        return parts.isEmpty() ? "the whole trace" : String.join(", ", parts);
    }

    private static String seconds(long ns) {
        return org.candor.core.report.HumanUnits.nanos(ns);
    }

    boolean takesThread(int tid) { return tids.isEmpty() || tids.contains(tid); }

    boolean takesTime(long time) { return time >= from && time < to; }

    /** Whether {@code time} lies in one of the intervals (a thread's phases); true when there are none to ask. */
    static boolean inside(List<long[]> intervals, long time) {
        if (intervals == null) return false;
        for (long[] i : intervals) if (time >= i[0] && time < i[1]) return true;
        return false;
    }

    /** The phase's intervals of each thread, from the trace's markers; empty without a phase. */
    Map<Integer, List<long[]>> phaseIntervals(TraceSource source) throws java.io.IOException {
        if (phase == null) return Collections.emptyMap();
        List<TraceRecord> markers = new ArrayList<>();
        source.forEach(r -> {
            if (TracePhases.isPhaseMarker(r) && phase.equals(r.text())) markers.add(r);
        });
        return TracePhases.intervals(TracePhases.pair(markers), phase);
    }
}
