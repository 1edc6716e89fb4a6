package org.candor.it.targets;

/**
 * Pointer chasing through 128 MB: every load misses the caches and nearly all the time is that load, in
 * {@code load}, inlined into {@code caller} together with the cheap {@code next}. A sampler interrupts the
 * instruction after the stalled load, which belongs to the caller's or next's code; naming the inlined method of
 * the interrupted instruction itself charges the load's time to them. The measured thread is "chase".
 * Args: seconds (default 3). Needs about 200 MB of heap.
 */
public final class CacheMissLoad {

    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        int n = 1 << 24;
        long[] big = new long[n];
        java.util.Random random = new java.util.Random(1);
        for (int i = 0; i < n; i++) big[i] = random.nextInt(n);
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread t = new Thread(() -> {
            long x = 0;
            while (System.nanoTime() < end) x += caller(big);
            sink = x;
        }, "chase");
        t.start();
        t.join();
        System.out.println("done " + (sink != 42));
    }

    static long caller(long[] big) {
        long sum = 0;
        int index = 0;
        for (int k = 0; k < 100_000; k++) {
            long v = load(big, index);
            index = next(v, index, big.length);
            sum += v;
        }
        return sum;
    }

    static long load(long[] a, int i) {
        return a[i];
    }

    static int next(long v, int i, int n) {
        return (int) ((v + i) & (n - 1));
    }
}
