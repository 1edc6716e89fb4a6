package org.candor.probe;

/**
 * Every thread state the probes created, so that a snapshot can read them all. Threads past the thread limit are
 * not recorded, but counted and named (the first {@link #NAMES_KEPT} names). Each registration looks at a few of
 * the states registered before, for threads that have ended: the first {@link ProbeLimits#endedKept} (at most half
 * the thread limit) keep their trees, shrunk to what they hold, their unused node allowance given back; later ones are
 * folded into one tree per name ({@link EndedThreads}) and leave the registry, so that the thread limit is there for
 * live threads, and a thread storm's memory stays bounded.
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
    /** Ended threads kept with their own trees. */
    private static int endedKept;
    /** While a snapshot is written no tree is folded (it would be read twice or not at all). */
    private static int foldingPaused;
    private static final EndedThreads ENDED = new EndedThreads();
    private static long threadsNotRecorded;
    private static final String[] notRecordedNames = new String[NAMES_KEPT];

    private ThreadRegistry() {}

    static ThreadState register(Thread t) {
        synchronized (LOCK) {
            retireSome();
            boolean recording = count < ProbeLimits.maxThreads;
            ThreadState s = new ThreadState(t, recording, recording ? ENDED.spare() : null);
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

    /**
     * Under the lock: a few registered states are checked. An ended thread's tree shrinks to what it holds, or is
     * folded into its name's group; one that recorded nothing since the last reset just goes.
     */
    private static void retireSome() {
        // kept ended threads are passed over (a glance at a flag each), so that a storm's threads are found soon
        for (int checked = 0, seen = 0; checked < RETIRE_CHECKS && seen < count; seen++) {
            if (retireCursor >= count) retireCursor = 0;
            int k = retireCursor++;
            ThreadState s = states[k];
            if (retired[k]) {
                if (s.current()) continue;
                // kept, but from before a reset: nothing of its tree is shown any more
                endedKept--;
                ENDED.keepSections(s);
                removeAt(k);
                continue;
            }
            checked++;
            if (!s.ended()) continue;
            Probe.BY_ID.remove(s);
            if (!s.current()) {
                // its tree is from before a reset, which took its allowance back with the rest
                ENDED.keepSections(s);
                removeAt(k);
                continue;
            }
            if (endedKept >= ProbeLimits.endedKept()) {
                if (foldingPaused > 0) continue;  // looked at again later
                if (ENDED.fold(s)) {
                    removeAt(k);
                    continue;
                }
            }
            TreeStorage.retire(s);
            retired[k] = true;
            endedKept++;
        }
    }

    private static void removeAt(int k) {
        System.arraycopy(states, k + 1, states, k, count - k - 1);
        System.arraycopy(retired, k + 1, retired, k, count - k - 1);
        count--;
        states[count] = null;
        retired[count] = false;
        retireCursor = k;
    }

    /**
     * The recorded threads, in the order they first ran a probe, then the groups of folded ended threads, then one
     * without a tree that holds the calibration sections of threads gone without theirs (for the session's
     * calibration statistics, which count every thread's sections).
     */
    public static ThreadState[] all() {
        synchronized (LOCK) {
            ThreadState[] groups = ENDED.groups();
            ThreadState[] all = copy(states, count + groups.length + 1);
            System.arraycopy(groups, 0, all, count, groups.length);
            all[all.length - 1] = ENDED.gone;
            return all;
        }
    }

    /** The recorded threads that ran a recorded call since the last reset, and the groups: what a snapshot shows. */
    public static ThreadState[] current() {
        ThreadState[] all = all();
        int n = 0;
        for (ThreadState s : all) if (shown(s)) n++;
        ThreadState[] current = new ThreadState[n];
        n = 0;
        for (ThreadState s : all) if (shown(s)) current[n++] = s;
        return current;
    }

    private static boolean shown(ThreadState s) {
        return s.current() && s != ENDED.gone;
    }

    /**
     * No ended thread is folded until {@link #resumeFolding()}: a snapshot reads every tree once, none moved from a
     * thread to its group while it reads. Calls pair up; they nest.
     */
    public static void pauseFolding() {
        synchronized (LOCK) { foldingPaused++; }
    }

    public static void resumeFolding() {
        synchronized (LOCK) { foldingPaused = Math.max(0, foldingPaused - 1); }
    }

    /** Ended threads folded into the groups since the last reset. */
    public static long threadsFolded() {
        synchronized (LOCK) { return ENDED.folded(); }
    }

    /** The names of the groups of folded ended threads, as their threads are named in a snapshot. */
    public static String[] foldedGroupNames() {
        synchronized (LOCK) {
            ThreadState[] groups = ENDED.groups();
            String[] names = new String[groups.length];
            for (int i = 0; i < groups.length; i++) names[i] = groups[i].threadName;
            return names;
        }
    }

    /** Per group of {@link #foldedGroupNames()}: how many ended threads it holds. */
    public static long[] foldedGroupThreads() {
        synchronized (LOCK) { return ENDED.threadsPerGroup(); }
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
