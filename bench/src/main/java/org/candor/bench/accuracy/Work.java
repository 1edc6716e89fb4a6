package org.candor.bench.accuracy;

/**
 * The work every method of {@link Nested} does: a dependent xorshift chain, so that nothing can be hoisted,
 * vectorised or overlapped with the next call's work. Not instrumented (the benchmark includes only Nested).
 */
public final class Work {

    private Work() {}

    public static long spin(long seed, int iterations) {
        long x = seed | 1;
        for (int i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
