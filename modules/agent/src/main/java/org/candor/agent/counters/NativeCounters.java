package org.candor.agent.counters;

/**
 * The natives behind {@code candor counters}, which libcandor.so binds (RegisterNatives) when it is loaded with its
 * {@code counters} option; without it the first call throws {@link UnsatisfiedLinkError}.
 */
final class NativeCounters {

    private NativeCounters() {}

    /**
     * One row per metric of the library's catalogue, in its order, tab-separated: name, unit ({@code ns} or
     * {@code events}), {@code available} or {@code unavailable}, how it is read (e.g. {@code perf_event read()}),
     * why it cannot be read (empty when it can), a description.
     */
    static native String[] metrics0();

    /** Binds {@link #read0()} to the metric's reader; false when this machine cannot read it. */
    static native boolean select0(String metric);

    /** One read of the selected metric (wall at first), exactly as the probes' clock reads it. */
    static native long read0();
}
