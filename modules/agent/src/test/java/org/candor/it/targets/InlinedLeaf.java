package org.candor.it.targets;

/**
 * A hot method the JIT inlines into its caller: {@code hotLeaf} is straight-line arithmetic (no loop, no call, so no
 * safepoint of its own) that takes nearly all the time; {@code caller} loops over it and adds one cheap step per
 * round through {@code tail}, also inlined. A sampler that maps a pc in compiled code to the nearest recorded
 * safepoint (no DebugNonSafepoints) names the loop's or tail's scope for time spent in hotLeaf's code.
 * The measured thread is "inlined". Args: seconds (default 4).
 */
public final class InlinedLeaf {

    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 4;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread t = new Thread(() -> {
            long x = 1;
            while (System.nanoTime() < end) x = caller(x);
            sink = x;
        }, "inlined");
        t.start();
        t.join();
        System.out.println("done " + (sink != 42));
    }

    static long caller(long x) {
        for (int i = 0; i < 100_000; i++) {
            x = hotLeaf(x);
            x = tail(x, i);
        }
        return x;
    }

    static long tail(long x, int i) {
        return x + i;
    }

    static long hotLeaf(long x) {
        x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x *= 0x9E3779B97F4A7C15L;
        x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x *= 0x9E3779B97F4A7C15L;
        x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x *= 0x9E3779B97F4A7C15L;
        x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x *= 0x9E3779B97F4A7C15L;
        x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x *= 0x9E3779B97F4A7C15L;
        x ^= x << 13; x ^= x >>> 7; x ^= x << 17; x *= 0x9E3779B97F4A7C15L;
        return x;
    }
}
