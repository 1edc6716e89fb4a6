package org.candor.it.targets;

/**
 * A CPU-bound program whose three leaf methods take 50 / 30 / 20 % of the time: each call of a, b and c does the
 * same work, and every round calls them 5, 3 and 2 times. It first times each leaf alone and prints the true
 * split, so a test can compare a profile against what really happened; the measured run is the thread "leaves".
 * Args: seconds to run (default 5).
 */
public final class ThreeLeaves {

    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        run(300); // warm all three up (compiled) before timing any of them
        long perCallA = Long.MAX_VALUE;
        long perCallB = Long.MAX_VALUE;
        long perCallC = Long.MAX_VALUE;
        for (int rep = 0; rep < 5; rep++) {
            perCallA = Math.min(perCallA, timePerCall('a'));
            perCallB = Math.min(perCallB, timePerCall('b'));
            perCallC = Math.min(perCallC, timePerCall('c'));
        }
        double ta = 5.0 * perCallA;
        double tb = 3.0 * perCallB;
        double tc = 2.0 * perCallC;
        double sum = ta + tb + tc;
        System.out.printf("TRUE a=%.2f b=%.2f c=%.2f%n", 100 * ta / sum, 100 * tb / sum, 100 * tc / sum);
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread leaves = new Thread(() -> {
            while (System.nanoTime() < end) run(50);
        }, "leaves");
        leaves.start();
        leaves.join();
        System.out.println("done " + (sink != 42));
    }

    static void run(int rounds) {
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < 5; i++) a();
            for (int i = 0; i < 3; i++) b();
            for (int i = 0; i < 2; i++) c();
        }
    }

    private static long timePerCall(char which) {
        int calls = 4_000;
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) call(which);
        return (System.nanoTime() - t0) / calls;
    }

    private static void call(char which) {
        if (which == 'a') a();
        else if (which == 'b') b();
        else c();
    }

    static void a() { sink += work(sink); }
    static void b() { sink += work(sink + 1); }
    static void c() { sink += work(sink + 2); }

    /** About 10 µs of arithmetic that the JIT cannot fold away. */
    static long work(long seed) {
        long x = seed | 1;
        for (int i = 0; i < 4000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
