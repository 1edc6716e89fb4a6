package org.candor.bench.sampling;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * A CPU-bound program with a known split, for the sampling-overhead benchmark ({@code bench/sampling-overhead.sh}).
 *
 * <p>Four hot methods run the same kernel (an xorshift loop with its own back edge) for 40 %, 30 %, 20 % and 10 % of
 * the work units; {@link #recurse} adds a recursive part (deep stacks, where stack walkers fail more often) that
 * bottoms out in {@link #hotD}. The work is interleaved in small chunks so that every method is spread over the whole
 * run. The amount of work is fixed, so what a profiler costs shows up as extra CPU time.
 *
 * <pre>
 *   java -cp CLASSES org.candor.bench.sampling.CpuWorkload [--threads N] [--units N]
 * </pre>
 * Each thread does all the units (two threads: twice the CPU time, about the same wall time on 2 cores). Prints
 * {@code CHECK <hex>} (the same with and without a profiler, for any thread count) and
 * {@code WORKER_CPU_NS <n>}, the CPU time of the worker threads alone.
 *
 * <p>Self time by design (kernel iterations; every method runs the same kernel): {@link #SPLIT}.
 */
public final class CpuWorkload {

    /** Kernel iterations per slice; a unit is ten slices: A 4, B 3, C 2, D 1 (half of D reached through recursion). */
    static final int CHUNK = 100_000;
    static final String SPLIT = "hotA 40%, hotB 30%, hotC 20%, hotD 10% (half of it under recurse)";

    private CpuWorkload() {}

    public static void main(String[] args) throws Exception {
        int threads = 1;
        long units = 2_000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--threads": threads = Integer.parseInt(args[++i]); break;
                case "--units": units = Long.parseLong(args[++i]); break;
                default:
                    System.err.println("usage: CpuWorkload [--threads N] [--units N]");
                    System.exit(2);
            }
        }
        final long n = units;
        long[] results = new long[threads];
        long[] cpu = new long[threads];
        Thread[] ts = new Thread[threads];
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            final int k = t;
            ts[t] = new Thread(() -> {
                results[k] = work(n);
                cpu[k] = mx.getCurrentThreadCpuTime();
            }, "worker-" + t);
            ts[t].start();
        }
        long check = 0;
        long workerCpu = 0;
        for (int t = 0; t < threads; t++) {
            ts[t].join();
            if (t > 0 && results[t] != results[0]) throw new AssertionError("threads disagree");
            check = results[t];
            workerCpu += cpu[t];
        }
        long wall = System.nanoTime() - start;
        System.out.println("CHECK " + Long.toHexString(check));
        System.out.println("WORKER_CPU_NS " + workerCpu);
        System.out.printf(Locale.ROOT, "WORKER_WALL_NS %d%n", wall);
    }

    static long work(long units) {
        long x = 0x9E3779B97F4A7C15L;
        for (long u = 0; u < units; u++) {
            // 10 slices per unit: A A A A B B B C C D
            x = hotA(x, 4 * CHUNK);
            x = hotB(x, 3 * CHUNK);
            x = hotC(x, 2 * CHUNK);
            x = recurse(x, 16, CHUNK / 2 / 16);
            x = hotD(x, CHUNK / 2);
        }
        return x;
    }

    static long hotA(long x, int n) {
        for (int i = 0; i < n; i++) {
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x += i;
        }
        return x;
    }

    static long hotB(long x, int n) {
        for (int i = 0; i < n; i++) {
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x += i;
        }
        return x;
    }

    static long hotC(long x, int n) {
        for (int i = 0; i < n; i++) {
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x += i;
        }
        return x;
    }

    static long hotD(long x, int n) {
        for (int i = 0; i < n; i++) {
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x += i;
        }
        return x;
    }

    /** depth levels of recursion, a slice of hotD at each level: deep, recursive stacks. */
    static long recurse(long x, int depth, int n) {
        if (depth == 0) return x;
        x = hotD(x, n);
        return recurse(x, depth - 1, n) + 1;
    }
}
