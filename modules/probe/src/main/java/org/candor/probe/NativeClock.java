package org.candor.probe;

/**
 * The fast clock of libcandor.so. The library registers these natives (JNI RegisterNatives) when this class is
 * prepared; without the library the first call throws {@link UnsatisfiedLinkError} and {@link Clock} falls back to
 * {@link System#nanoTime()}. {@link #ticks0()} reads the session's metric (the library's {@code metric=} option):
 * wall time by default, or the calling thread's CPU time or one of its perf counters.
 */
public final class NativeClock {

    /** No native clock: {@link System#nanoTime()}. */
    public static final int SOURCE_NANO_TIME = 0;
    /** Wall: rdtsc on an invariant TSC; ticks convert to ns by a rate measured during the session. */
    public static final int SOURCE_TSC = 1;
    /** Wall: clock_gettime(CLOCK_MONOTONIC) in the library; ticks are nanoseconds. */
    public static final int SOURCE_MONOTONIC = 2;
    /** The reading thread's CPU time (metric cpu or task-clock); ticks are nanoseconds. */
    public static final int SOURCE_THREAD_NANOS = 3;
    /** The reading thread's perf counter (metric page-faults, instructions, ...); ticks are events. */
    public static final int SOURCE_THREAD_EVENTS = 4;

    private NativeClock() {}

    static native long ticks0();

    /** {@link #ticks0()} after everything before it has run (lfence; rdtsc): the read that ends a program section. */
    static native long ticksEndingSection0();

    /** {@link #ticks0()} before anything after it may run (rdtsc; lfence): the read that starts a program section. */
    static native long ticksStartingSection0();

    static native int source0();

    /** The metric's name: {@code wall}, {@code cpu}, {@code page-faults}, ... */
    static native String metric0();

    /** Statistics of the per-thread counters, {@code key=value,...}; empty unless the metric is a perf counter. */
    static native String counterStats0();
}
