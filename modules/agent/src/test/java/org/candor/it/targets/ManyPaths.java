package org.candor.it.targets;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Programs shaped like the ones that outgrow a call tree, each counting its own calls per method (the independent
 * count a profile is checked against), printed at the end as {@code calls NAME N}.
 * <ul>
 *   <li>{@code paths D}: ten methods call each other ten ways deep, down to depth D: 10^D distinct call paths.</li>
 *   <li>{@code recursion D}: a, b and c call each other in a cycle D deep, on a thread with a big stack, ten times.</li>
 *   <li>{@code workers N}: main makes a few calls, then N worker threads make almost all of them.</li>
 * </ul>
 */
public final class ManyPaths {

    static final String[] NAMES = {"m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9", "a", "b", "c", "work"};
    static final AtomicLongArray CALLS = new AtomicLongArray(NAMES.length);
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[1]);
        switch (args[0]) {
            case "paths": m0(n); break;
            case "recursion": onBigStack(() -> { for (int i = 0; i < 10; i++) a(n); }); break;
            case "workers": workers(n); break;
            default: throw new IllegalArgumentException(args[0]);
        }
        for (int i = 0; i < NAMES.length; i++) {
            if (CALLS.get(i) > 0) System.out.println("calls " + NAMES[i] + " " + CALLS.get(i));
        }
    }

    static void onBigStack(Runnable r) throws InterruptedException {
        Thread t = new Thread(null, r, "deep", 1L << 30);
        t.start();
        t.join();
    }

    static void workers(int n) throws InterruptedException {
        m0(1);
        Thread[] ts = new Thread[n];
        for (int i = 0; i < n; i++) {
            ts[i] = new Thread(ManyPaths::work, "worker-" + i);
            ts[i].start();
        }
        for (Thread t : ts) t.join();
    }

    static void work() {
        CALLS.incrementAndGet(13);
        m0(4);
    }

    /** Each method below calls all ten at the next level, so every sequence of methods is a path of its own. */
    static void next(int depth) {
        if (depth <= 1) {
            sink++;
            return;
        }
        m0(depth - 1); m1(depth - 1); m2(depth - 1); m3(depth - 1); m4(depth - 1);
        m5(depth - 1); m6(depth - 1); m7(depth - 1); m8(depth - 1); m9(depth - 1);
    }

    static void m0(int d) { CALLS.incrementAndGet(0); next(d); }
    static void m1(int d) { CALLS.incrementAndGet(1); next(d); }
    static void m2(int d) { CALLS.incrementAndGet(2); next(d); }
    static void m3(int d) { CALLS.incrementAndGet(3); next(d); }
    static void m4(int d) { CALLS.incrementAndGet(4); next(d); }
    static void m5(int d) { CALLS.incrementAndGet(5); next(d); }
    static void m6(int d) { CALLS.incrementAndGet(6); next(d); }
    static void m7(int d) { CALLS.incrementAndGet(7); next(d); }
    static void m8(int d) { CALLS.incrementAndGet(8); next(d); }
    static void m9(int d) { CALLS.incrementAndGet(9); next(d); }

    static void a(int d) { CALLS.incrementAndGet(10); if (d > 0) b(d - 1); else sink++; }
    static void b(int d) { CALLS.incrementAndGet(11); if (d > 0) c(d - 1); else sink++; }
    static void c(int d) { CALLS.incrementAndGet(12); if (d > 0) a(d - 1); else sink++; }
}
