package org.candor.cli.targets;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * {@code threads} threads named "busy-N", each spinning until it has used {@code ms} milliseconds of CPU, all at once:
 * more busy threads than CPUs make the kernel take turns (run it under {@code taskset -c 0} for one CPU). Prints
 * "done N" when all have finished.
 */
public final class Oversubscribed {

    static volatile long sink;

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        long ms = Long.parseLong(args[1]);
        Thread[] busy = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            busy[i] = new Thread(() -> spin(ms), "busy-" + i);
            busy[i].start();
        }
        for (Thread t : busy) t.join();
        System.out.println("done " + threads);
    }

    static void spin(long ms) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + ms * 1_000_000L;
        long x = 1;
        while (mx.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 10_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
            sink = x;
        }
    }
}
