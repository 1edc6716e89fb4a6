package org.candor.it.targets;

/** Spins in {@link #spin} for the given milliseconds (default 500), so a sampler has something to find. */
public final class Spinner {

    static volatile long sink;

    public static void main(String[] args) {
        long end = System.nanoTime() + (args.length > 0 ? Long.parseLong(args[0]) : 500) * 1_000_000L;
        long x = 1;
        while (System.nanoTime() < end) x = spin(x);
        sink = x;
        System.out.println("done");
    }

    static long spin(long x) {
        for (int i = 0; i < 100_000; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
