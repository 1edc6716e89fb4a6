package org.candor.bench.accuracy;

/**
 * The work every method of {@link Nested} does, one of two kernels ({@code -Dcandor.bench.kernel=alu|memory}):
 * {@code alu} (the default), a dependent xorshift chain: nothing can be hoisted or vectorised, and everything
 * around it (the probes) can run in its shadow, the hardest case for subtracting a constant probe cost; and
 * {@code memory}, a chain through loads and stores of a 32 KiB table, closer to what most methods do. Not
 * instrumented (the benchmark includes only Nested).
 */
public final class Work {

    private static final boolean MEMORY = "memory".equals(System.getProperty("candor.bench.kernel"));
    private static final long[] TABLE = new long[4096];

    private Work() {}

    public static long spin(long seed, int iterations) {
        return MEMORY ? memory(seed, iterations) : xorshift(seed, iterations);
    }

    private static long xorshift(long seed, int iterations) {
        long x = seed | 1;
        for (int i = 0; i < iterations; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    private static long memory(long seed, int iterations) {
        long x = seed | 1;
        long[] t = TABLE;
        for (int i = 0; i < iterations; i++) {
            int k = (int) (x & (TABLE.length - 1));
            long v = t[k];
            t[k] = v + x;
            x = x * 0x9E37_79B9_7F4A_7C15L + v;
        }
        return x;
    }
}
