package org.candor.bench.accuracy;

/**
 * Nested methods of known self cost for the calibration accuracy benchmark: leaves of about 50 ns, 200 ns, 1 µs and
 * 10 µs, callers that add their own work. Every call takes the previous call's result as its seed, so the calls
 * form one dependent chain, the same in a timing loop as under the profiler.
 *
 * <pre>
 *   root ─ top ×R ─┬─ own work (TOP)
 *                  ├─ mid ×3 ─┬─ own work (MID)
 *                  │          ├─ leaf200 ×2
 *                  │          └─ leaf50 ×4
 *                  ├─ leaf1us
 *                  └─ leaf10us
 * </pre>
 *
 * Under the profiler, {@code run} goes through {@code warmup} and then {@code measured}: the benchmark compares the
 * second call path only, when everything runs compiled as in the uninstrumented timing loops.
 *
 * {@code Nested tune} finds the iteration counts for the target costs; {@code Nested measure COUNTS} measures each
 * method's true self cost without instrumentation; {@code Nested run COUNTS ROUNDS} is what gets profiled.
 */
public final class Nested {

    static int n50, n200, n1us, n10us, nMid, nTop;
    static volatile long sink;

    private Nested() {}

    static long leaf50(long s) { return Work.spin(s, n50); }
    static long leaf200(long s) { return Work.spin(s, n200); }
    static long leaf1us(long s) { return Work.spin(s, n1us); }
    static long leaf10us(long s) { return Work.spin(s, n10us); }

    static long mid(long s) {
        s = Work.spin(s, nMid);
        s = leaf200(s);
        s = leaf200(s);
        for (int i = 0; i < 4; i++) s = leaf50(s);
        return s;
    }

    static long top(long s) {
        s = Work.spin(s, nTop);
        for (int i = 0; i < 3; i++) s = mid(s);
        s = leaf1us(s);
        return leaf10us(s);
    }

    static long root(long s, int rounds) {
        for (int r = 0; r < rounds; r++) s = top(s);
        return s;
    }

    public static void main(String[] args) {
        switch (args.length == 0 ? "" : args[0]) {
            case "tune": tune(); break;
            case "measure": counts(args[1]); measure(); break;
            case "run": counts(args[1]); warmup(Integer.parseInt(args[2])); measured(Integer.parseInt(args[2])); break;
            default:
                System.err.println("usage: Nested tune | measure N50,N200,N1US,N10US,NMID,NTOP | run COUNTS ROUNDS");
                System.exit(2);
        }
    }

    private static void counts(String csv) {
        String[] c = csv.split(",");
        n50 = Integer.parseInt(c[0]);
        n200 = Integer.parseInt(c[1]);
        n1us = Integer.parseInt(c[2]);
        n10us = Integer.parseInt(c[3]);
        nMid = Integer.parseInt(c[4]);
        nTop = Integer.parseInt(c[5]);
    }

    /** Iterations of Work.spin per ns, then the counts: leaves 50/200/1000/10000 ns, mid 300 ns, top 2 µs own work. */
    private static void tune() {
        double nsPerIteration = spinCost(2000);
        int[] targets = {50, 200, 1000, 10000, 300, 2000};
        StringBuilder s = new StringBuilder("COUNTS ");
        for (int i = 0; i < targets.length; i++) {
            if (i > 0) s.append(',');
            s.append(Math.max(1, Math.round(targets[i] / nsPerIteration)));
        }
        System.out.println(s);
    }

    private static double spinCost(int iterations) {
        long seed = 42;
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 40; round++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 2000; i++) seed = Work.spin(seed, iterations);
            long t = System.nanoTime() - t0;
            if (round >= 10) best = Math.min(best, (double) t / 2000 / iterations);
        }
        sink = seed;
        return best;
    }

    /** Each method's self cost per call, measured in the same dependent chain, median of repetitions. */
    private static void measure() {
        run(2000);  // warm-up: compile everything as it will be compiled under the profiler
        for (int i = 0; i < 3; i++) for (int k = 0; k < KINDS; k++) once(k);
        String[] names = {"leaf50", "leaf200", "leaf1us", "leaf10us", "mid.own", "top.own", "top"};
        for (int k = 0; k < KINDS; k++) {
            double[] t = new double[15];
            for (int i = 0; i < t.length; i++) t[i] = once(k);
            java.util.Arrays.sort(t);
            report(names[k], t[t.length / 2]);
        }
    }

    private static final int KINDS = 7;

    /** One timing loop of method kind k; ns per call. Plain loops, no lambdas: the calls are as direct as in top(). */
    private static double once(int k) {
        long s = sink;
        int calls = k == 0 ? 200_000 : k == 1 ? 100_000 : k == 2 ? 20_000 : k == 3 ? 2_000 : k == 4 ? 100_000
                : k == 5 ? 20_000 : 1_000;
        long t0 = System.nanoTime();
        switch (k) {
            case 0: for (int i = 0; i < calls; i++) s = leaf50(s); break;
            case 1: for (int i = 0; i < calls; i++) s = leaf200(s); break;
            case 2: for (int i = 0; i < calls; i++) s = leaf1us(s); break;
            case 3: for (int i = 0; i < calls; i++) s = leaf10us(s); break;
            case 4: for (int i = 0; i < calls; i++) s = Work.spin(s, nMid); break;
            case 5: for (int i = 0; i < calls; i++) s = Work.spin(s, nTop); break;
            default: for (int i = 0; i < calls; i++) s = top(s); break;
        }
        long t = System.nanoTime() - t0;
        sink = s;
        return (double) t / calls;
    }

    private static void run(int rounds) {
        long t0 = System.nanoTime();
        sink = root(7, rounds);
        System.out.println("RUN " + rounds + " rounds in " + (System.nanoTime() - t0) + " ns");
    }

    /** Under the profiler: the same calls twice, on two call paths; only the second, compiled by then, is compared. */
    static void warmup(int rounds) { run(rounds); }

    static void measured(int rounds) { run(rounds); }

    private static void report(String name, double nsPerCall) {
        System.out.printf(java.util.Locale.ROOT, "TRUE %s %.2f%n", name, nsPerCall);
    }
}
