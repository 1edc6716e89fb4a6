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

    /** Variant "tidArray": states indexed by thread id, checked by owner id; misses fall back to the ThreadLocal. */
    private static final CopyState[] BY_TID = new CopyState[1 << 12];

    private CopyProbe() {}

    static CopyState enterTidArray(int methodId) {
        long id = Thread.currentThread().getId();
        CopyState ts = BY_TID[(int) id & (BY_TID.length - 1)];
        if (ts == null || ts.ownerId != id) ts = installTid(id);
        ts.enter(methodId);
        return ts;
    }

    /** Variants "tidArray" and "lastChild" together. */
    static CopyState enterTidLastChild(int methodId) {
        long id = Thread.currentThread().getId();
        CopyState ts = BY_TID[(int) id & (BY_TID.length - 1)];
        if (ts == null || ts.ownerId != id) ts = installTid(id);
        ts.enterLastChild(methodId);
        return ts;
    }

    private static CopyState installTid(long id) {
        CopyState ts = STATE.get();
        BY_TID[(int) id & (BY_TID.length - 1)] = ts;
        return ts;
    }

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

    static CopyState enterFfm(int methodId) {
        CopyState ts = STATE.get();
        ts.enterFfm(methodId);
        return ts;
    }

    static void exitFfm(CopyState ts, int frame) {
        ts.exitFfm(frame);
    }
}
