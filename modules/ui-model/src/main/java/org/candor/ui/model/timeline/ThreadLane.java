package org.candor.ui.model.timeline;

import java.util.Arrays;

/**
 * One thread's lane of a timeline: its periods in time order (each running, blocked or descheduled beyond its CPU
 * time, with its top method and counters), its markers and its phases. Primitive arrays, so a lane of a million
 * periods costs tens of megabytes, not an object each.
 */
public final class ThreadLane {

    /** What a period's time beyond its CPU time was ({@link org.candor.core.trace.TraceJudgement}). */
    public static final byte RUNNING = 0;
    public static final byte BLOCKED = 1;
    public static final byte DESCHEDULED = 2;

    private final int tid;
    private final String name;
    final long[] starts;
    final long[] ends;
    final byte[] states;
    final int[] methods;
    final long[] cpuTimes;     // -1: not known
    final long[] counters;     // k a period
    final int counterCount;
    final long[] markerTimes;
    final byte[] markerKinds;
    final String[] markerTexts;
    final long[] phaseBegins;
    final long[] phaseEnds;
    final String[] phaseNames;
    private final long[] totals;   // CPU time, time blocked, time descheduled (TraceJudgement's), by state

    /** @param totals the lane's CPU time, time blocked and time descheduled, as TraceJudgement judged its periods */
    ThreadLane(int tid, String name, long[] starts, long[] ends, byte[] states, int[] methods, long[] cpuTimes,
            long[] counters, int counterCount, long[] markerTimes, byte[] markerKinds, String[] markerTexts, long[] phaseBegins, long[] phaseEnds, String[] phaseNames,
            long[] totals) {
        this.tid = tid;
        this.name = name;
        this.starts = starts;
        this.ends = ends;
        this.states = states;
        this.methods = methods;
        this.cpuTimes = cpuTimes;
        this.counters = counters;
        this.counterCount = counterCount;
        this.markerTimes = markerTimes;
        this.markerKinds = markerKinds;
        this.markerTexts = markerTexts;
        this.phaseBegins = phaseBegins;
        this.phaseEnds = phaseEnds;
        this.phaseNames = phaseNames;
        this.totals = totals;
    }

    /** The thread's CPU time over its periods (0 when the trace has no task-clock). */
    public long totalCpuTime() { return totals[RUNNING]; }

    /** Its time blocked or descheduled ({@link #BLOCKED}, {@link #DESCHEDULED}); {@link #RUNNING}: its CPU time. */
    public long totalTime(byte state) { return totals[state]; }

    public int tid() { return tid; }
    public String name() { return name; }

    public int periods() { return starts.length; }
    public long start(int period) { return starts[period]; }
    public long end(int period) { return ends[period]; }
    public byte state(int period) { return states[period]; }
    /** The period's top method (the trace meta's id); 0: none. */
    public int method(int period) { return methods[period]; }
    /** The period's CPU time (task-clock); -1 when the trace has no such counter. */
    public long cpuTime(int period) { return cpuTimes[period]; }
    public long counter(int period, int index) { return counters[period * counterCount + index]; }

    public int markers() { return markerTimes.length; }
    public long markerTime(int marker) { return markerTimes[marker]; }
    /** The marker's kind, as {@code org.candor.core.trace.TraceFormat.MARKER_*} numbers it. */
    public int markerKind(int marker) { return markerKinds[marker]; }
    public String markerText(int marker) { return markerTexts[marker]; }

    public int phases() { return phaseBegins.length; }
    public long phaseBegin(int phase) { return phaseBegins[phase]; }
    /** A phase still open at the trace's end ends at the lane's last time. */
    public long phaseEnd(int phase) { return phaseEnds[phase]; }
    public String phaseName(int phase) { return phaseNames[phase]; }

    /** The lane's first time (its first period or marker); Long.MAX_VALUE for an empty lane. */
    public long firstTime() {
        long t = Long.MAX_VALUE;
        if (starts.length > 0) t = starts[0];
        if (markerTimes.length > 0) t = Math.min(t, markerTimes[0]);
        return t;
    }

    /** The lane's last time; Long.MIN_VALUE for an empty lane. */
    public long lastTime() {
        long t = Long.MIN_VALUE;
        if (ends.length > 0) t = ends[ends.length - 1];
        if (markerTimes.length > 0) t = Math.max(t, markerTimes[markerTimes.length - 1]);
        return t;
    }

    /** The first period that ends after {@code time} (the first one a view from {@code time} on shows). */
    public int firstPeriodEndingAfter(long time) {
        int i = Arrays.binarySearch(ends, time);
        if (i < 0) return -i - 1;
        while (i < ends.length && ends[i] <= time) i++;
        return i;
    }

    /** The period that holds {@code time}; -1 when none does. */
    public int periodAt(long time) {
        int i = firstPeriodEndingAfter(time);
        return i < starts.length && starts[i] <= time ? i : -1;
    }

    /** The first marker at or after {@code time}. */
    public int firstMarkerFrom(long time) {
        int i = Arrays.binarySearch(markerTimes, time);
        if (i < 0) return -i - 1;
        while (i > 0 && markerTimes[i - 1] == time) i--;
        return i;
    }
}
