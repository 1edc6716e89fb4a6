package org.candor.probe;

/**
 * The first recorded run of a method, which the Lazy and Eager schemes wait for: the agent marks a method when it
 * instruments it, and the first thread to run it inside a root calls the agent's {@link Hook} (which instruments
 * what the method may call) before the call is recorded, so even that first call's callees are measured. While the
 * hook runs, the thread's own probes record nothing, and the time it takes is counted as probe overhead.
 */
public final class FirstRun {

    /** Implemented by the agent's scheme; called once or more per marked method, never concurrently with itself. */
    public interface Hook {
        void firstRun(int methodId);
    }

    private static final Object LOCK = new Object();
    private static volatile byte[] marks = new byte[1024];
    private static volatile Hook hook;

    private FirstRun() {}

    public static void install(Hook h) {
        hook = h;
    }

    /** Marks a method: its next recorded run calls the hook first. */
    public static void mark(int methodId) {
        synchronized (LOCK) {
            byte[] m = marks;
            if (methodId >= m.length) {
                m = Grow.copy(m, Math.max(methodId + 1, m.length * 2));
            }
            m[methodId] = 1;
            marks = m;
        }
    }

    /** Unmarks every method: a new scheme replaces the one that marked them. */
    public static void clearAll() {
        synchronized (LOCK) {
            marks = new byte[1024];
        }
    }

    /** Unmarks a method (the hook has dealt with it). */
    public static void clear(int methodId) {
        byte[] m = marks;
        if (methodId < m.length) m[methodId] = 0;
    }

    static boolean pending(int methodId) {
        byte[] m = marks;
        return methodId < m.length && m[methodId] != 0;
    }

    static void run(ThreadState ts, int methodId) {
        Hook h = hook;
        if (h == null) return;
        long start = Clock.now();
        ts.paused++;
        try {
            h.firstRun(methodId);
        } catch (Throwable ignored) {
            // the scheme counts its own failures; the target must never see one
        } finally {
            ts.paused--;
            ts.excludeAgentTime(Clock.now() - start);
        }
    }
}
