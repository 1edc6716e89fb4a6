package org.candor.probe;

/** The time stamps the probes take: the native clock when libcandor.so is loaded, else System.nanoTime. */
public final class Clock {

    private static final int SOURCE = detectSource();
    /** Static final so that the JIT folds the choice into each probe. */
    private static final boolean NATIVE = SOURCE != NativeClock.SOURCE_NANO_TIME;

    private Clock() {}

    public static long now() {
        return NATIVE ? NativeClock.ticks0() : System.nanoTime();
    }

    /** One of the {@code NativeClock.SOURCE_*} constants. */
    public static int source() { return SOURCE; }

    public static String sourceName() {
        switch (SOURCE) {
            case NativeClock.SOURCE_TSC: return "tsc";
            case NativeClock.SOURCE_MONOTONIC: return "monotonic";
            default: return "nanotime";
        }
    }

    /** True when one tick is one nanosecond, so no rate has to be measured. */
    public static boolean ticksAreNanos() { return SOURCE != NativeClock.SOURCE_TSC; }

    private static int detectSource() {
        try {
            int s = NativeClock.source0();
            return s == NativeClock.SOURCE_TSC || s == NativeClock.SOURCE_MONOTONIC ? s : NativeClock.SOURCE_NANO_TIME;
        } catch (UnsatisfiedLinkError notLoaded) {
            return NativeClock.SOURCE_NANO_TIME;
        }
    }
}
