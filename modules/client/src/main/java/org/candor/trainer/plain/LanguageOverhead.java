package org.candor.trainer.plain;

import java.util.Arrays;
import org.candor.probe.Clock;

/**
 * What a call costs with no instrumentation at all, by the kinds of caller and callee, in the probes' clock
 * ticks: the language overhead that calibration keeps as the floor of its corrections. Measured in the trainer's
 * JVM, where {@link Interpreted} is never compiled; this package is not instrumented. A compiled caller inlines a
 * compiled callee, so that pair costs nothing.
 */
public final class LanguageOverhead {

    private static final int CALLS = 20_000;
    private static final int REPEATS = 31;

    private LanguageOverhead() {}

    /** {@code cost[caller][callee]} for interpreted (0) and compiled (1). */
    public static long[][] measure() {
        for (int i = 0; i < 200; i++) {  // compile Compiled's loops (Interpreted's never are)
            Compiled.callInterpreted(CALLS / 10);
            Compiled.empty(CALLS / 10);
        }
        long intInt = perCall(() -> Interpreted.callInterpreted(CALLS), () -> Interpreted.empty(CALLS));
        long intJit = perCall(() -> Interpreted.callCompiled(CALLS), () -> Interpreted.empty(CALLS));
        long jitInt = perCall(() -> Compiled.callInterpreted(CALLS), () -> Compiled.empty(CALLS));
        return new long[][] {{intInt, intJit}, {jitInt, 0}};
    }

    /** Median ticks per call of {@code calls} minus the same loop without the call; never negative. */
    private static long perCall(Runnable calls, Runnable loop) {
        long[] with = new long[REPEATS];
        long[] without = new long[REPEATS];
        for (int r = 0; r < REPEATS; r++) {
            long t0 = Clock.now();
            calls.run();
            long t1 = Clock.now();
            loop.run();
            long t2 = Clock.now();
            with[r] = t1 - t0;
            without[r] = t2 - t1;
        }
        Arrays.sort(with);
        Arrays.sort(without);
        return Math.max(0, (with[REPEATS / 2] - without[REPEATS / 2]) / CALLS);
    }

    /** Kept out of the JIT by candor calibrate's -XX:CompileCommand=exclude. */
    public static final class Interpreted {
        static int sink;

        private Interpreted() {}

        static void target() { sink++; }

        static void callInterpreted(int n) { for (int i = 0; i < n; i++) target(); }
        static void callCompiled(int n) { for (int i = 0; i < n; i++) Compiled.target(); }
        static void empty(int n) { for (int i = 0; i < n; i++) sink++; }
    }

    /** Compiled as usual. */
    public static final class Compiled {
        static int sink;

        private Compiled() {}

        static void target() { sink++; }

        static void callInterpreted(int n) { for (int i = 0; i < n; i++) Interpreted.target(); }
        static void empty(int n) { for (int i = 0; i < n; i++) Interpreted.sink++; }
    }
}
