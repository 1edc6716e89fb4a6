package org.candor.agent.counters;

import java.util.Locale;

/**
 * What {@code candor counters} runs in a small JVM of its own, started with {@code -agentpath:libcandor.so=counters}:
 * prints one tab-separated line per metric, {@code name unit status ns-per-read read-by reason description}, where
 * ns-per-read is the cost of one read through JNI (what a probe pays, twice per call), measured over
 * {@value #READS} reads, or {@code -} when the metric cannot be read or was not measured.
 *
 * <p>Arguments: none (every metric, measured), or {@code check NAME} (that metric only, not measured: the
 * command line asks this before it starts a session with a metric other than wall).
 */
public final class CounterTable {

    static final int READS = 100_000;
    private static final int WARM_UP_READS = 10_000;

    private CounterTable() {}

    public static void main(String[] args) {
        String only = args.length == 2 && args[0].equals("check") ? args[1] : null;
        if (args.length != 0 && only == null) {
            System.err.println("usage: CounterTable [check METRIC]");
            System.exit(2);
        }
        String[] rows;
        try {
            rows = NativeCounters.metrics0();
        } catch (UnsatisfiedLinkError e) {
            System.err.println("candor: error: libcandor.so was not loaded with its counters option");
            System.exit(1);
            return;
        }
        boolean found = false;
        if (only == null) warmUp();
        for (String row : rows) {
            String[] f = row.split("\t", -1);
            if (only != null && !f[0].equals(only)) continue;
            found = true;
            String cost = "-";
            if (only == null && f[2].equals("available") && NativeCounters.select0(f[0])) {
                cost = String.format(Locale.ROOT, "%.0f", nanosPerRead());
            }
            System.out.println(f[0] + "\t" + f[1] + "\t" + f[2] + "\t" + cost + "\t" + f[3] + "\t" + f[4] + "\t" + f[5]);
        }
        if (only != null && !found) {
            System.err.println("candor: error: unknown metric '" + only + "'");
            System.exit(2);
        }
    }

    /** Compiles the read loop once, with the cheapest metric (wall), so every metric is timed in compiled code. */
    private static void warmUp() {
        long sink = 0;
        for (int i = 0; i < 50; i++) sink += reads(WARM_UP_READS);
        if (sink == 42) System.out.print("");
    }

    /**
     * The best of three timings of {@value #READS} reads (other processes only ever add time), after a few reads
     * that open the thread's counter.
     */
    private static double nanosPerRead() {
        long sink = reads(WARM_UP_READS / 2);
        long best = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            sink += reads(READS);
            best = Math.min(best, System.nanoTime() - t0);
        }
        if (sink == 42) System.out.print("");
        return (double) best / READS;
    }

    private static long reads(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) sum += NativeCounters.read0();
        return sum;
    }
}
