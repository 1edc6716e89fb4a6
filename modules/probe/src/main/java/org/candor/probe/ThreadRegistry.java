package org.candor.probe;

/** Every thread state the probes created, so that a snapshot can read them all. */
public final class ThreadRegistry {

    private static final Object LOCK = new Object();
    private static ThreadState[] states = new ThreadState[16];
    private static int count;
    private static long threadsNotRecorded;

    private ThreadRegistry() {}

    static ThreadState register(Thread t) {
        synchronized (LOCK) {
            boolean recording = count < ProbeLimits.maxThreads;
            ThreadState s = new ThreadState(t, recording);
            if (!recording) {
                threadsNotRecorded++;
                return s;
            }
            if (count == states.length) {
                ThreadState[] bigger = new ThreadState[count * 2];
                System.arraycopy(states, 0, bigger, 0, count);
                states = bigger;
            }
            states[count++] = s;
            return s;
        }
    }

    /** The recorded threads, in the order they first ran a probe. */
    public static ThreadState[] all() {
        synchronized (LOCK) {
            ThreadState[] copy = new ThreadState[count];
            System.arraycopy(states, 0, copy, 0, count);
            return copy;
        }
    }

    /** The recorded threads that ran a recorded call since the last reset: what a snapshot shows. */
    public static ThreadState[] current() {
        ThreadState[] all = all();
        int n = 0;
        for (ThreadState s : all) if (s.current()) n++;
        ThreadState[] current = new ThreadState[n];
        n = 0;
        for (ThreadState s : all) if (s.current()) current[n++] = s;
        return current;
    }

    /** Threads past {@link ProbeLimits#maxThreads()}, whose calls are not recorded. */
    public static long threadsNotRecorded() {
        synchronized (LOCK) { return threadsNotRecorded; }
    }

    public static boolean nodeLimitReached() { return NodeBudget.exhausted(); }

    /** True when growing a tree once failed for lack of heap, and recording new call paths stopped there. */
    public static boolean heapLimitReached() { return NodeBudget.heapFull(); }
}
