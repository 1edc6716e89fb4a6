package org.candor.probe;

/**
 * The entry points instrumented methods call. An instrumented method does, in effect:
 * <pre>
 *   ThreadState ts = Probe.enter(METHOD_ID); int frame = ts.depth;
 *   try { body; Probe.exit(ts, frame); return; }
 *   catch (Throwable t) { Probe.exit(ts, frame); throw t; }
 * </pre>
 * and each exception handler of the original code starts with {@code Probe.unwind(ts, frame)}.
 */
public final class Probe {

    private static final ThreadLocal<ThreadState> STATE = new ThreadLocal<>() {
        @Override protected ThreadState initialValue() {
            return ThreadRegistry.register(Thread.currentThread());
        }
    };

    private Probe() {}

    public static ThreadState enter(int methodId) {
        ThreadState ts = STATE.get();
        ts.enter(methodId);
        return ts;
    }

    public static void exit(ThreadState ts, int frame) {
        ts.exit(frame);
    }

    public static void unwind(ThreadState ts, int frame) {
        ts.unwind(frame);
    }
}
