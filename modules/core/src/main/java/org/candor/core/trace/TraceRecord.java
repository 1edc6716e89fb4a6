package org.candor.core.trace;

import java.util.Arrays;

/**
 * One record of a trace: a <em>period</em> (a thread ran on a CPU from {@link #start} for {@link #duration}, with the
 * change of each counter) or a <em>marker</em> (a point in time with a kind and a text). Immutable; the thread is
 * kept as stored, negated in a period where the thread yielded or blocked.
 */
public final class TraceRecord {

    private static final long[] NO_COUNTERS = new long[0];

    private final int type;
    private final int flags;
    private final int thread;
    private final long time;
    private final long duration;
    private final int methodId;
    private final int stackId;
    private final int cpu;
    private final int startCpu;
    private final long[] counters;
    private final String text;

    private TraceRecord(int type, int flags, int thread, long time, long duration, int methodId, int stackId, int cpu,
            int startCpu, long[] counters, String text) {
        this.type = type;
        this.flags = flags;
        this.thread = thread;
        this.time = time;
        this.duration = duration;
        this.methodId = methodId;
        this.stackId = stackId;
        this.cpu = cpu;
        this.startCpu = startCpu;
        this.counters = counters;
        this.text = text;
    }

    /**
     * A period.
     *
     * @param thread   the tid, negated when the thread yielded or blocked during the period
     * @param methodId the top method at the period's end as the meta numbers it (unsigned), 0 when not known
     * @param counters the change of each counter, in the meta's order (copied)
     */
    public static TraceRecord period(int flags, int thread, long start, long duration, int methodId, int cpu,
            int startCpu, long[] counters) {
        return period(flags, thread, start, duration, methodId, 0, cpu, startCpu, counters);
    }

    /** A period whose end is a sample with this stack (the meta's stack id; 0: none). */
    public static TraceRecord period(int flags, int thread, long start, long duration, int methodId, int stackId, int cpu,
            int startCpu, long[] counters) {
        if (counters.length > TraceFormat.MAX_COUNTERS) throw new IllegalArgumentException(counters.length + " counters (at most 16)");
        return new TraceRecord(TraceFormat.TYPE_PERIOD, flags & 0xFF, thread, start, duration, methodId, stackId,
                cpu & 0xFFFF, startCpu & 0xFFFF, counters.length == 0 ? NO_COUNTERS : counters.clone(), null);
    }

    /** A marker; {@code kind} is one of {@code TraceFormat.MARKER_*} (stored in the record's flags). */
    public static TraceRecord marker(int kind, int thread, long time, int cpu, String text) {
        return new TraceRecord(TraceFormat.TYPE_MARKER, kind & 0xFF, thread, time, 0, 0, 0, cpu & 0xFFFF, cpu & 0xFFFF,
                NO_COUNTERS, text == null ? "" : text);
    }

    /** A period built by the reader, which hands over a fresh array. */
    static TraceRecord periodOwning(int flags, int thread, long start, long duration, int methodId, int stackId, int cpu,
            int startCpu, long[] counters) {
        return new TraceRecord(TraceFormat.TYPE_PERIOD, flags, thread, start, duration, methodId, stackId, cpu, startCpu,
                counters, null);
    }

    public int type() { return type; }
    public boolean isPeriod() { return type == TraceFormat.TYPE_PERIOD; }
    public boolean isMarker() { return type == TraceFormat.TYPE_MARKER; }
    public int flags() { return flags; }

    /** The thread as stored: negative in a period where the thread yielded or blocked. */
    public int thread() { return thread; }
    /** The OS thread id. */
    public int tid() { return Math.abs(thread); }
    /** The thread made a voluntary context switch during this period (it blocked, slept, waited, parked). */
    public boolean yielded() { return thread < 0; }

    public boolean isFirst() { return isPeriod() && (flags & TraceFormat.FLAG_FIRST) != 0; }
    public boolean isLast() { return isPeriod() && (flags & TraceFormat.FLAG_LAST) != 0; }
    public boolean isTick() { return isPeriod() && (flags & TraceFormat.FLAG_TICK) != 0; }
    /** Ends where the kernel switched the thread out (a period cut at a context switch). */
    public boolean isSwitch() { return isPeriod() && (flags & TraceFormat.FLAG_SWITCH) != 0; }
    /** The thread ran on no CPU in this period: from a switch out to its switch back in. */
    public boolean isOffCpu() { return isPeriod() && (flags & TraceFormat.FLAG_OFF_CPU) != 0; }

    /** A period's start, a marker's time. */
    public long time() { return time; }
    public long start() { return time; }
    /** A period's real time; 0 for a marker. */
    public long duration() { return duration; }
    public long end() { return time + duration; }

    /** The top method's id (unsigned; 0 when the stack could not be walked). */
    public int methodId() { return methodId; }
    /** The stack of the sample taken at the period's end (the meta's {@link TraceStacks} id); 0 when none. */
    public int stackId() { return stackId; }
    /** The CPU at the period's end, or the marker's. */
    public int cpu() { return cpu; }
    /** The CPU at the period's start (differs from {@link #cpu} when the thread migrated). */
    public int startCpu() { return startCpu; }

    public int counterCount() { return counters.length; }
    public long counter(int index) { return counters[index]; }
    /** A copy of the counters' changes. */
    public long[] counters() { return counters.clone(); }

    /** A marker's kind ({@code TraceFormat.MARKER_*}); 0 for a period. */
    public int markerKind() { return isMarker() ? flags : 0; }
    /** A marker's text; null for a period. */
    public String text() { return text; }

    @Override public boolean equals(Object o) {
        if (!(o instanceof TraceRecord)) return false;
        TraceRecord r = (TraceRecord) o;
        return type == r.type && flags == r.flags && thread == r.thread && time == r.time && duration == r.duration
                && methodId == r.methodId && stackId == r.stackId && cpu == r.cpu && startCpu == r.startCpu && Arrays.equals(counters, r.counters)
                && (text == null ? r.text == null : text.equals(r.text));
    }

    @Override public int hashCode() {
        return ((Long.hashCode(time) * 31 + thread) * 31 + type) * 31 + Arrays.hashCode(counters);
    }

    @Override public String toString() {
        if (isMarker()) {
            return "marker " + TraceFormat.markerKind(flags) + " @" + time + " cpu " + cpu + " thread " + thread + " \""
                    + TraceText.printable(text) + "\"";
        }
        return "period @" + time + "+" + duration + " cpu " + startCpu + ">" + cpu + " thread " + thread + " flags " + flags
                + " method " + Integer.toUnsignedString(methodId) + " " + Arrays.toString(counters);
    }
}
