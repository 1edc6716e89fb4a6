package org.candor.bench.live;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A throughput-bound program for bench/live-refresh.sh and bench/sampling-stopped.sh: THREADS workers do operations
 * as fast as they can, in windows the script asks for on stdin. An operation is, with WORK {@code expr} (the
 * default), the evaluation of a random expression tree (virtual calls, recursion, a few thousand distinct call paths
 * per thread, so an instrumented session and a sampled one both grow trees of some size); with {@code loop}, a fixed
 * arithmetic loop of about a microsecond that the JIT compiles the same way in every JVM (to compare JVMs).
 *
 * <pre>
 *   java org.candor.bench.live.LiveTarget THREADS [expr|loop] [DEPTH] [HOPS] [EXPRESSIONS]
 *
 * DEPTH (default 9): how deep the expressions grow. HOPS (default 0): each node is reached through one of that many
 * (at most 8) distinct static methods, chosen at random, which multiplies the distinct call paths. EXPRESSIONS
 * (default 64, a power of two): how many each worker evaluates in turn. Together they set the trees' size.
 * </pre>
 *
 * <pre>
 *   run SECONDS   all workers work for SECONDS; prints "ops N wall_ns W cpu_ns C process_cpu_ns P" (C: the workers'
 *                 CPU time, P: the whole process's, agent threads, JIT and GC included)
 *   quit          ends
 * </pre>
 *
 * It prints "ready" once the workers exist. The workers live across windows, so a session's trees stay.
 */
public final class LiveTarget {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    static volatile long sink;

    private static volatile long deadline;
    private static final AtomicLong OPS = new AtomicLong();
    private static final AtomicLong CPU = new AtomicLong();

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        boolean loop = args.length > 1 && args[1].equals("loop");
        int depth = args.length > 2 ? Integer.parseInt(args[2]) : 9;
        Expr.hops = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        int expressions = args.length > 4 ? Integer.highestOneBit(Integer.parseInt(args[4])) : 64;
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        CyclicBarrier done = new CyclicBarrier(threads + 1);
        for (int i = 0; i < threads; i++) {
            int seed = i;
            Thread t = new Thread(() -> work(seed, loop, depth, expressions, start, done), "worker-" + i);
            t.setDaemon(true);
            t.start();
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("ready");
        System.out.flush();
        for (String line; (line = in.readLine()) != null; ) {
            String[] words = line.trim().split("\\s+");
            if (words[0].equals("quit")) break;
            if (!words[0].equals("run")) {
                System.out.println("? " + line);
                continue;
            }
            OPS.set(0);
            CPU.set(0);
            long process = processCpu();
            long wall = System.nanoTime();
            deadline = wall + (long) (Double.parseDouble(words[1]) * 1e9);
            start.await();
            done.await();
            wall = System.nanoTime() - wall;
            process = processCpu() - process;
            System.out.println("ops " + OPS.get() + " wall_ns " + wall + " cpu_ns " + CPU.get() + " process_cpu_ns " + process);
            System.out.flush();
        }
    }

    static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static void work(int seed, boolean loop, int depth, int expressions, CyclicBarrier start, CyclicBarrier done) {
        Random random = new Random(seed);
        Expr[] exprs = new Expr[expressions];
        int mask = expressions - 1;
        for (int i = 0; i < exprs.length; i++) exprs[i] = Expr.random(random, depth);
        try {
            while (true) {
                start.await();
                long cpu = THREADS.getCurrentThreadCpuTime();
                long ops = 0;
                long x = seed;
                while (System.nanoTime() < deadline) {
                    if (loop) {
                        x = spin(x);
                        ops++;
                    } else {
                        for (int i = 0; i < 16; i++) x += exprs[(int) (ops++ & mask)].eval(x);
                    }
                }
                sink = x;
                OPS.addAndGet(ops);
                CPU.addAndGet(THREADS.getCurrentThreadCpuTime() - cpu);
                done.await();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** About a microsecond of arithmetic the JIT cannot fold. */
    static long spin(long x) {
        for (int i = 0; i < 1000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    /** A node of an expression: evaluated by a virtual call per node. */
    abstract static class Expr {
        static int hops;

        abstract long eval(long x);

        static Expr random(Random r, int depth) {
            Expr e = node(r, depth);
            return hops > 0 ? new Hop(r.nextInt(Math.min(hops, 8)), e) : e;
        }

        private static Expr node(Random r, int depth) {
            if (depth == 0) return r.nextBoolean() ? new Const(r.nextInt(100)) : new Var();
            switch (r.nextInt(6)) {
                case 0: return new Add(random(r, depth - 1), random(r, depth - 1));
                case 1: return new Mul(random(r, depth - 1), random(r, depth - 1));
                case 2: return new Neg(random(r, depth - 1));
                case 3: return new IfPositive(random(r, depth - 1), random(r, depth - 1), random(r, depth - 1));
                case 4: return new Var();
                default: return new Const(r.nextInt(100));
            }
        }
    }

    /** Reaches its node through one of eight static methods: another call path for each. */
    static final class Hop extends Expr {
        final int via;
        final Expr e;
        Hop(int via, Expr e) { this.via = via; this.e = e; }
        @Override long eval(long x) {
            switch (via) {
                case 0: return hop0(e, x);
                case 1: return hop1(e, x);
                case 2: return hop2(e, x);
                case 3: return hop3(e, x);
                case 4: return hop4(e, x);
                case 5: return hop5(e, x);
                case 6: return hop6(e, x);
                default: return hop7(e, x);
            }
        }
        static long hop0(Expr e, long x) { return e.eval(x); }
        static long hop1(Expr e, long x) { return e.eval(x); }
        static long hop2(Expr e, long x) { return e.eval(x); }
        static long hop3(Expr e, long x) { return e.eval(x); }
        static long hop4(Expr e, long x) { return e.eval(x); }
        static long hop5(Expr e, long x) { return e.eval(x); }
        static long hop6(Expr e, long x) { return e.eval(x); }
        static long hop7(Expr e, long x) { return e.eval(x); }
    }

    static final class Const extends Expr {
        final long value;
        Const(long value) { this.value = value; }
        @Override long eval(long x) { return value; }
    }

    static final class Var extends Expr {
        @Override long eval(long x) { return x; }
    }

    static final class Add extends Expr {
        final Expr a;
        final Expr b;
        Add(Expr a, Expr b) { this.a = a; this.b = b; }
        @Override long eval(long x) { return a.eval(x) + b.eval(x); }
    }

    static final class Mul extends Expr {
        final Expr a;
        final Expr b;
        Mul(Expr a, Expr b) { this.a = a; this.b = b; }
        @Override long eval(long x) { return a.eval(x) * b.eval(x) + 1; }
    }

    static final class Neg extends Expr {
        final Expr a;
        Neg(Expr a) { this.a = a; }
        @Override long eval(long x) { return -a.eval(x); }
    }

    static final class IfPositive extends Expr {
        final Expr c;
        final Expr a;
        final Expr b;
        IfPositive(Expr c, Expr a, Expr b) { this.c = c; this.a = a; this.b = b; }
        @Override long eval(long x) { return c.eval(x) > 0 ? a.eval(x) : b.eval(x); }
    }
}
