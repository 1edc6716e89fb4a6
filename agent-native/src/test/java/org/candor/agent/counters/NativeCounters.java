package org.candor.agent.counters;

/**
 * Test copy of the agent's NativeCounters (the natives behind {@code candor counters}), which libcandor.so binds
 * when loaded with the {@code counters} option. {@link #main} prints each catalogue row as {@code row=...} and, for
 * each available metric, {@code cost.NAME=ns per read} and {@code delta.NAME=} the change across 20 ms of CPU time spinning.
 */
public final class NativeCounters {
    private NativeCounters() {
    }

    static native String[] metrics0();

    static native boolean select0(String metric);

    static native long read0();

    public static void main(String[] args) {
        for (String row : metrics0()) {
            System.out.println("row=" + row);
            String[] f = row.split("\t", -1);
            if (!f[2].equals("available")) {
                System.out.println("select." + f[0] + "=" + select0(f[0]));
                continue;
            }
            System.out.println("select." + f[0] + "=" + select0(f[0]));
            long sink = 0;
            for (int i = 0; i < 20_000; i++) {
                sink += read0();
            }
            long t0 = System.nanoTime();
            for (int i = 0; i < 100_000; i++) {
                sink += read0();
            }
            long t1 = System.nanoTime();
            System.out.println("cost." + f[0] + "=" + (t1 - t0) / 100_000.0);
            long v0 = read0();
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            long until = threads.getCurrentThreadCpuTime() + 20_000_000L;
            while (threads.getCurrentThreadCpuTime() < until) {
                sink++;
            }
            System.out.println("delta." + f[0] + "=" + (read0() - v0));
            System.out.println("sink=" + sink);
        }
    }
}
