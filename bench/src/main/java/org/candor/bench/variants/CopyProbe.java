package org.candor.bench.variants;

/** The bench-only copy of {@code org.candor.probe.Probe}, plus the entry points of the variants. */
public final class CopyProbe {

    static final ThreadLocal<CopyState> STATE = new ThreadLocal<>() {
        @Override protected CopyState initialValue() {
            return new CopyState();
        }
    };

    /** Variant "staticState": no ThreadLocal, one state in a plain static field (a lower bound, single-threaded). */
    static CopyState shared = new CopyState();

    private CopyProbe() {}

    public static CopyState state() {
        return STATE.get();
    }

    static CopyState enter(int methodId) {
        CopyState ts = STATE.get();
        ts.enter(methodId);
        return ts;
    }

    static void exit(CopyState ts, int frame) {
        ts.exit(frame);
    }

    static CopyState enterNoClock(int methodId) {
        CopyState ts = STATE.get();
        ts.enterNoClock(methodId);
        return ts;
    }

    static void exitNoClock(CopyState ts, int frame) {
        ts.exitNoClock(frame);
    }

    static CopyState enterStaticState(int methodId) {
        CopyState ts = shared;
        ts.enter(methodId);
        return ts;
    }

    static CopyState enterLastChild(int methodId) {
        CopyState ts = STATE.get();
        ts.enterLastChild(methodId);
        return ts;
    }
}
