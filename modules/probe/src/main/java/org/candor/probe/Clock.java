package org.candor.probe;

/**
 * The time stamps the probes take: the native clock when libcandor.so is loaded, else System.nanoTime. What a tick
 * is depends on the session's metric: wall time (TSC ticks or ns), the thread's CPU time (ns) or the thread's count
 * of some event (instructions, page faults...).
 */
public final class Clock {

    private static final int SOURCE = detectSource();
    /** Static final so that the JIT folds the choice into each probe. */
    private static final boolean NATIVE = SOURCE != NativeClock.SOURCE_NANO_TIME;
    private static final String METRIC = detectMetric();

    /** {@link #metric()} without libcandor.so, and its default. */
    public static final String WALL = "wall";

    private Clock() {}

    public static long now() {
        return NATIVE ? NativeClock.ticks0() : System.nanoTime();
    }

    /**
     * The calibrated probes' read on arrival, which ends the program's section: it waits for the program's work
     * before it, which a plain rdtsc would let finish during the probe (see libcandor.so's read_tsc_ending_section).
     */
    static long nowEndingSection() {
        return NATIVE ? NativeClock.ticksEndingSection0() : System.nanoTime();
    }

    /** The calibrated probes' read as they leave, which starts the next section: nothing after it runs earlier. */
    static long nowStartingSection() {
        return NATIVE ? NativeClock.ticksStartingSection0() : System.nanoTime();
    }

    /** One of the {@code NativeClock.SOURCE_*} constants. */
    public static int source() { return SOURCE; }

    /** How ticks are read: tsc, monotonic, nanotime (wall), thread-cputime (cpu) or perf (the counters). */
    public static String sourceName() {
        switch (SOURCE) {
            case NativeClock.SOURCE_TSC: return "tsc";
            case NativeClock.SOURCE_MONOTONIC: return "monotonic";
            case NativeClock.SOURCE_THREAD_NANOS: return METRIC.equals("cpu") ? "thread-cputime" : "perf";
            case NativeClock.SOURCE_THREAD_EVENTS: return "perf";
            default: return "nanotime";
        }
    }

    /** What the probes measure: {@code wall}, {@code cpu}, {@code task-clock}, {@code page-faults}, ... */
    public static String metric() { return METRIC; }

    /** True when one tick is one nanosecond, so no rate has to be measured. */
    public static boolean ticksAreNanos() {
        return SOURCE != NativeClock.SOURCE_TSC && SOURCE != NativeClock.SOURCE_THREAD_EVENTS;
    }

    /** True when ticks are TSC ticks, which convert to nanoseconds by a rate measured during the session. */
    public static boolean ticksNeedRate() { return SOURCE == NativeClock.SOURCE_TSC; }

    /** True when ticks count events (instructions, page faults...), not time. */
    public static boolean ticksAreEvents() { return SOURCE == NativeClock.SOURCE_THREAD_EVENTS; }

    /** The unit of a measured value once converted: {@code ns} or {@code events}. */
    public static String unit() { return ticksAreEvents() ? "events" : "ns"; }

    /**
     * True when each thread reads its own clock or counter (every metric but wall): values of different threads do
     * not compare, and a thread's open frames cannot be measured from another thread.
     */
    public static boolean perThread() {
        return SOURCE == NativeClock.SOURCE_THREAD_NANOS || SOURCE == NativeClock.SOURCE_THREAD_EVENTS;
    }

    /** Statistics of the per-thread perf counters, {@code key=value,...}; empty for the clocks. */
    public static String counterStats() {
        if (!perThread()) return "";
        try {
            String stats = NativeClock.counterStats0();
            return stats != null ? stats : "";
        } catch (UnsatisfiedLinkError notBound) {
            return "";
        }
    }

    private static int detectSource() {
        try {
            int s = NativeClock.source0();
            return s >= NativeClock.SOURCE_TSC && s <= NativeClock.SOURCE_THREAD_EVENTS ? s : NativeClock.SOURCE_NANO_TIME;
        } catch (UnsatisfiedLinkError notLoaded) {
            return NativeClock.SOURCE_NANO_TIME;
        }
    }

    private static String detectMetric() {
        if (SOURCE == NativeClock.SOURCE_NANO_TIME) return WALL;
        try {
            String m = NativeClock.metric0();
            return m != null ? m : WALL;
        } catch (UnsatisfiedLinkError notBound) {
            return WALL;
        }
    }
}
