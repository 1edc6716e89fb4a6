package org.candor.bench.variants;

import org.candor.bench.floor.FloorLeaf;
import org.candor.probe.Clock;
import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The leaf ({@code x * 31 + 1}) with hand-inserted probes of the investigation: each method has the shape the agent
 * gives an instrumented method (enter; read depth; body; exit before the return; exit and rethrow on an exception),
 * with one part of the probe changed. All out of line, like every leaf of the benchmarks.
 */
public final class VariantLeaves {

    private VariantLeaves() {}

    /** The bench copy of the real probe, unchanged: must cost what the agent's probe costs. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int copy(int x) {
        CopyState ts = CopyProbe.enter(11);
        int frame = ts.depth;
        try {
            int r = x * 31 + 1;
            CopyProbe.exit(ts, frame);
            return r;
        } catch (Throwable t) {
            CopyProbe.exit(ts, frame);
            throw t;
        }
    }

    /** The copy with both clock reads replaced by a constant: ThreadLocal + call tree, no time. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int copyNoClock(int x) {
        CopyState ts = CopyProbe.enterNoClock(12);
        int frame = ts.depth;
        try {
            int r = x * 31 + 1;
            CopyProbe.exitNoClock(ts, frame);
            return r;
        } catch (Throwable t) {
            CopyProbe.exitNoClock(ts, frame);
            throw t;
        }
    }

    /** The copy with the ThreadLocal lookup replaced by a static field. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int copyStaticState(int x) {
        CopyState ts = CopyProbe.enterStaticState(13);
        int frame = ts.depth;
        try {
            int r = x * 31 + 1;
            CopyProbe.exit(ts, frame);
            return r;
        } catch (Throwable t) {
            CopyProbe.exit(ts, frame);
            throw t;
        }
    }

    /** The copy with the ThreadLocal replaced by an array indexed by thread id (ThreadLocal on a miss). */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int copyTidArray(int x) {
        CopyState ts = CopyProbe.enterTidArray(17);
        int frame = ts.depth;
        try {
            int r = x * 31 + 1;
            CopyProbe.exit(ts, frame);
            return r;
        } catch (Throwable t) {
            CopyProbe.exit(ts, frame);
            throw t;
        }
    }

    /** The copy with both the thread-id array and the last-child cache. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int copyTidLastChild(int x) {
        CopyState ts = CopyProbe.enterTidLastChild(18);
        int frame = ts.depth;
        try {
            int r = x * 31 + 1;
            CopyProbe.exit(ts, frame);
            return r;
        } catch (Throwable t) {
            CopyProbe.exit(ts, frame);
            throw t;
        }
    }

    /** The copy with a per-node last-child cache in front of the (parent, method) hash index. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int copyLastChild(int x) {
        CopyState ts = CopyProbe.enterLastChild(14);
        int frame = ts.depth;
        try {
            int r = x * 31 + 1;
            CopyProbe.exit(ts, frame);
            return r;
        } catch (Throwable t) {
            CopyProbe.exit(ts, frame);
            throw t;
        }
    }

    /** Only the two clock reads (JNI rdtsc via Clock.now), nothing stored. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int clockOnly(int x) {
        long t0 = Clock.now();
        int r = x * 31 + 1;
        long t1 = Clock.now();
        return r ^ (int) (t1 - t0);
    }

    /** Only two System.nanoTime reads. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int nanoTimeOnly(int x) {
        long t0 = System.nanoTime();
        int r = x * 31 + 1;
        long t1 = System.nanoTime();
        return r ^ (int) (t1 - t0);
    }

    /** Only the ThreadLocal lookup of the probe state, and a depth++ / depth-- on it. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int threadLocalOnly(int x) {
        CopyState ts = CopyProbe.STATE.get();
        ts.depth++;
        int r = x * 31 + 1;
        ts.depth--;
        return r;
    }

    /** The floor without its two clock reads: ThreadLocal buffer, two records. */
    public static int floorNoClock(int x) {
        return FloorLeaf.leafNoClock(x);
    }

    // ---- JDK 22+ only (ProbeVariantsFfm) ----

    /** The copy of the real probe with the FFM critical rdtsc instead of the JNI one. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int copyFfmClock(int x) {
        CopyState ts = CopyProbe.enterFfm(15);
        int frame = ts.depth;
        try {
            int r = x * 31 + 1;
            CopyProbe.exitFfm(ts, frame);
            return r;
        } catch (Throwable t) {
            CopyProbe.exitFfm(ts, frame);
            throw t;
        }
    }

    /** Only two FFM critical rdtsc reads. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int ffmClockOnly(int x) {
        long t0 = FfmClock.now();
        int r = x * 31 + 1;
        long t1 = FfmClock.now();
        return r ^ (int) (t1 - t0);
    }

    /** The floor (ThreadLocal buffer + two time stamps) with the FFM critical rdtsc. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public static int floorFfm(int x) {
        org.candor.bench.floor.FloorBuffer b = org.candor.bench.floor.FloorBuffer.current();
        b.record(16, FfmClock.now());
        int r = x * 31 + 1;
        b.record(~16, FfmClock.now());
        return r;
    }
}
