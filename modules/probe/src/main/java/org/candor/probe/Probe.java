package org.candor.probe;

/**
 * The entry points instrumented methods call. An instrumented method does, in effect:
 * <pre>
 *   ThreadState ts = Probe.enter(METHOD_ID); int frame = ts.frame;
 *   try { body; Probe.exit(ts, frame); return; }
 *   catch (Throwable t) { Probe.exit(ts, frame); throw t; }
 * </pre>
 * and each exception handler of the original code starts with {@code Probe.unwind(ts, frame)}.
 *
 * <p>With root methods (the Lazy and Eager schemes) a root calls {@link #enterRoot} and every other instrumented
 * method {@link #enterInner}: a call is recorded only while its thread is inside a root, that is while the thread
 * has a root's recorded frame open ({@code ThreadState.rootFrame}). Outside a root an inner method costs the thread
 * lookup and one field check, and its frame is 0, which makes its exit a no-op. While a delayed start waits, a
 * root's unrecorded frame counts as inside a root too, so its callees calibrate (and lazy expansion goes on); once
 * recording starts, only a recorded root does.
 */
public final class Probe {

    private static final ThreadLocal<ThreadState> STATE = new ThreadLocal<>() {
        @Override protected ThreadState initialValue() {
            ThreadState s = ThreadRegistry.register(Thread.currentThread());
            // a thread past the thread limit holds no slot: nothing would free it
            if (s.recording()) BY_ID.install(s);
            return s;
        }
    };

    /** Thread states by thread id, looked up before the thread local (whose hash lookup costs more). */
    static final StatesById BY_ID = new StatesById();

    private Probe() {}

    /** The calling thread's state: from its slot by thread id, else from the thread local. */
    static ThreadState state() {
        Thread t = Thread.currentThread();
        ThreadState s = BY_ID.get(t);
        return s != null ? s : STATE.get();
    }

    /** Total scheme: every call recorded. */
    public static ThreadState enter(int methodId) {
        ThreadState ts = state();
        ts.enter(methodId);
        return ts;
    }

    /** A root method: recorded always; its first run may instrument what it calls. */
    public static ThreadState enterRoot(int methodId) {
        ThreadState ts = state();
        if (FirstRun.pending(methodId)) FirstRun.run(ts, methodId);
        ts.enter(methodId);
        if (ts.rootFrame == 0) ts.rootFrame = ts.frame;
        return ts;
    }

    /** A method reached from roots: recorded only inside a root. */
    public static ThreadState enterInner(int methodId) {
        ThreadState ts = state();
        if (ts.rootFrame == 0) {
            ts.frame = 0;
            return ts;
        }
        if (FirstRun.pending(methodId)) FirstRun.run(ts, methodId);
        ts.enterInner(methodId);
        return ts;
    }

    public static void exit(ThreadState ts, int frame) {
        if (frame != 0) ts.exit(frame);
    }

    public static void unwind(ThreadState ts, int frame) {
        if (frame != 0) ts.unwind(frame);
    }
}
