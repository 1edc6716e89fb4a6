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
}
