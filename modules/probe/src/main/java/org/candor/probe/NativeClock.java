package org.candor.probe;

/**
 * The fast clock of libcandor.so. The library registers these natives (JNI RegisterNatives) when this class is
 * prepared; without the library the first call throws {@link UnsatisfiedLinkError} and {@link Clock} falls back to
 * {@link System#nanoTime()}.
 */
public final class NativeClock {

    /** No native clock: {@link System#nanoTime()}. */
    public static final int SOURCE_NANO_TIME = 0;
    /** rdtsc on an invariant TSC; ticks convert to ns by a rate measured during the session. */
    public static final int SOURCE_TSC = 1;
    /** clock_gettime(CLOCK_MONOTONIC) in the library; ticks are nanoseconds. */
    public static final int SOURCE_MONOTONIC = 2;

    private NativeClock() {}

    static native long ticks0();

    static native int source0();
}
