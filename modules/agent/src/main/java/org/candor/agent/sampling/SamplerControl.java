package org.candor.agent.sampling;

/**
 * What the control channel does to libcandor.so's running sampler: pause and resume it, empty its trees, leave the
 * agent's own threads out, and read the figures a status shows. Snapshots are {@link SamplingSnapshots#writeNow}.
 */
public final class SamplerControl {

    private SamplerControl() {}

    /** No signal reaches the program until {@link #resume()}: every timer is closed. False when sampling has ended. */
    public static boolean pause() { return NativeSampler.pause0(); }

    /** Samples again (true at once when not paused). False when sampling has ended. */
    public static boolean resume() { return NativeSampler.resume0(); }

    /** Empties every tree; later snapshots hold what is sampled from now on. False when sampling has ended. */
    public static boolean reset() { return NativeSampler.reset0(); }

    /**
     * The calling thread, one of the agent's own, is not sampled (a control channel's server waiting on its socket).
     * Nothing to do where the library did not bind the sampler: nothing samples the thread then either.
     */
    public static void ignoreCurrentThread() {
        try {
            NativeSampler.ignoreCurrentThread0();
        } catch (LinkageError noSampler) {
            // no native method bound: no sampler in this JVM
        }
    }

    public static Figures figures() { return new Figures(NativeSampler.counters0()); }

    /** The sampler's figures now; the counts are since the last reset. */
    public static final class Figures {
        /** Samples in the trees. */
        public final long samples;
        /** Sampling signals handled on sampled threads. */
        public final long delivered;
        /** Stack walks that failed or faulted (their samples are kept under a frame that says why). */
        public final long failed;
        /** Samples lost for lack of room in the buffer (past the trees' node budget they count beyond it). */
        public final long dropped;
        /** Threads with samples in the trees. */
        public final long threads;
        /** Threads registered for sampling now. */
        public final long threadsSampled;
        public final boolean paused;
        public final boolean wall;
        public final long intervalNanos;
        public final long requestedIntervalNanos;
        /** How the threads are signalled: perf-sigtrap, perf-fasync, ctimer (thread CPU timers) or wall. */
        public final String timer;
        public final long nodes;

        Figures(long[] c) {
            samples = c[NativeSampler.COUNTER_SAMPLES];
            delivered = c[NativeSampler.COUNTER_DELIVERED];
            failed = c[NativeSampler.COUNTER_FAILED];
            dropped = c[NativeSampler.COUNTER_DROPPED];
            threads = c[NativeSampler.COUNTER_THREADS];
            threadsSampled = c[NativeSampler.COUNTER_THREADS_LIVE];
            paused = c[NativeSampler.COUNTER_PAUSED] != 0;
            wall = c[NativeSampler.COUNTER_WALL] != 0;
            intervalNanos = c[NativeSampler.COUNTER_INTERVAL_NS];
            requestedIntervalNanos = c[NativeSampler.COUNTER_INTERVAL_REQUESTED_NS];
            timer = TIMERS[(int) Math.max(0, Math.min(TIMERS.length - 1, c[NativeSampler.COUNTER_TIMER]))];
            nodes = c[NativeSampler.COUNTER_NODES];
        }

        /** By libcandor.so's TimerKind. */
        private static final String[] TIMERS = {"none", "perf-sigtrap", "perf-fasync", "ctimer", "wall"};
    }
}
