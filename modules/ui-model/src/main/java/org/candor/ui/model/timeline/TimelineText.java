package org.candor.ui.model.timeline;

import java.util.Locale;
import org.candor.client.ClientException;
import org.candor.client.Durations;
import org.candor.core.report.HumanUnits;
import org.candor.core.trace.TraceFormat;

/** What the Threads timeline says in words: a period or marker under the pointer, a time, a range typed by the user. */
public final class TimelineText {

    private TimelineText() {}

    /** A time as an offset from the trace's start: {@code 1.25 s}. */
    public static String offset(Timeline timeline, long time) {
        return HumanUnits.nanos(time - timeline.start());
    }

    /** {@code ping: blocked 30.1 ms (ran 0.12 ms) on CPU 1 at 1.25 s, in java.lang.Thread.sleep(J)V; page-faults 3, ...}. */
    public static String period(Timeline timeline, ThreadLane lane, int p) {
        StringBuilder s = new StringBuilder(lane.name()).append(": ");
        long duration = lane.end(p) - lane.start(p);
        s.append(state(lane.state(p))).append(' ').append(HumanUnits.nanos(duration));
        if (lane.cpuTime(p) >= 0) s.append(" (ran ").append(HumanUnits.nanos(lane.cpuTime(p))).append(')');
        s.append(" at ").append(offset(timeline, lane.start(p)));
        if (lane.method(p) != 0) s.append(", in ").append(timeline.meta().display(lane.method(p)));
        StringBuilder counters = new StringBuilder();
        for (int c = 0; c < timeline.counterNames().size(); c++) {
            String name = timeline.counterNames().get(c);
            if (name.equals("task-clock")) continue;
            counters.append(counters.length() == 0 ? "" : ", ").append(name).append(' ')
                    .append(String.format(Locale.ROOT, "%,d", lane.counter(p, c)));
        }
        if (counters.length() > 0) s.append("; ").append(counters);
        return s.toString();
    }

    /** {@code ping: marker "rested 0" at 141.68 ms}, {@code ping: phase work begins at 1.00 s}. */
    public static String marker(Timeline timeline, ThreadLane lane, int m) {
        String at = " at " + offset(timeline, lane.markerTime(m));
        String text = lane.markerText(m);
        switch (lane.markerKind(m)) {
            case TraceFormat.MARKER_PHASE_BEGIN: return lane.name() + ": phase " + text + " begins" + at;
            case TraceFormat.MARKER_PHASE_END: return lane.name() + ": phase " + text + " ends" + at;
            case TraceFormat.MARKER_GC_BEGIN: return "garbage collection begins" + at;
            case TraceFormat.MARKER_GC_END: return "garbage collection ends" + at;
            default: return lane.name() + ": marker \"" + text + "\"" + at;
        }
    }

    public static String state(byte state) {
        switch (state) {
            case ThreadLane.BLOCKED: return "blocked";
            case ThreadLane.DESCHEDULED: return "descheduled";
            default: return "running";
        }
    }

    /**
     * A range typed as two times after the trace's start, {@code 1.2s-1.5s}, {@code 1.2s..1.5s} or
     * {@code 1.2s to 1.5s}: the absolute times [from, to].
     *
     * @throws IllegalArgumentException with one line saying what is wrong
     */
    public static long[] parseRange(Timeline timeline, String text) {
        String t = text.trim();
        String[] parts = t.split("\\s*(\\.\\.|\\bto\\b|-|–)\\s*");
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new IllegalArgumentException("type a range as FROM-TO, e.g. 1.2s-1.5s or 120ms..180ms");
        }
        long from = nanos(parts[0]);
        long to = nanos(parts[1]);
        if (to <= from) throw new IllegalArgumentException("the range ends (" + parts[1] + ") before it begins (" + parts[0] + ")");
        return new long[] {timeline.start() + from, timeline.start() + to};
    }

    private static long nanos(String text) {
        try {
            return Durations.parseNanos(text);
        } catch (ClientException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }
}
