package org.candor.probe;

/**
 * Every thread state the probes created, so that a snapshot can read them all. Threads past the thread limit are
 * not recorded, but counted and named (the first {@link #NAMES_KEPT} names). Each registration looks at a few of
 * the states registered before: those whose thread has ended give their unused node allowance back and shrink.
 */
public final class ThreadRegistry {

    static final int NAMES_KEPT = 100;
    /** States looked at per registration for having ended. */
    private static final int RETIRE_CHECKS = 4;

    private static final Object LOCK = new Object();
    private static ThreadState[] states = new ThreadState[16];
    private static boolean[] retired = new boolean[16];
    private static int count;
    private static int retireCursor;
    private static long threadsNotRecorded;
    private static final String[] notRecordedNames = new String[NAMES_KEPT];

    private ThreadRegistry() {}

    static ThreadState register(Thread t) {
        synchronized (LOCK) {
            retireSome();
            boolean recording = count < ProbeLimits.maxThreads;
            ThreadState s = new ThreadState(t, recording);
            if (!recording) {
                if (threadsNotRecorded < NAMES_KEPT) notRecordedNames[(int) threadsNotRecorded] = t.getName();
                threadsNotRecorded++;
                return s;
            }
            if (count == states.length) {
                states = copy(states, count * 2);
                retired = copy(retired, count * 2);
            }
            states[count++] = s;
            return s;
        }
    }

    /** Under the lock: a few registered states are checked; an ended thread's tree shrinks to what it holds. */
    private static void retireSome() {
        for (int i = 0; i < RETIRE_CHECKS && count > 0; i++) {
            int k = retireCursor++ % count;
            if (!retired[k] && states[k].ended()) {
                TreeStorage.retire(states[k]);
                Probe.BY_ID.remove(states[k]);
                retired[k] = true;
            }
        }
    }

    /** The recorded threads, in the order they first ran a probe. */
    public static ThreadState[] all() {
        synchronized (LOCK) {
            return copy(states, count);
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

    /** The names of the first {@link #NAMES_KEPT} threads that were not recorded. */
    public static String[] notRecordedNames() {
        synchronized (LOCK) {
            int n = (int) Math.min(threadsNotRecorded, NAMES_KEPT);
            String[] names = new String[n];
            System.arraycopy(notRecordedNames, 0, names, 0, n);
            return names;
        }
    }

    public static boolean nodeLimitReached() { return NodeBudget.exhausted(); }

    /** True when growing a tree once failed for lack of heap, and recording new call paths stopped there. */
    public static boolean heapLimitReached() { return NodeBudget.heapFull(); }

    private static ThreadState[] copy(ThreadState[] a, int n) {
        ThreadState[] b = new ThreadState[n];
        System.arraycopy(a, 0, b, 0, Math.min(a.length, n));
        return b;
    }

    private static boolean[] copy(boolean[] a, int n) {
        boolean[] b = new boolean[n];
        System.arraycopy(a, 0, b, 0, Math.min(a.length, n));
        return b;
    }
}
