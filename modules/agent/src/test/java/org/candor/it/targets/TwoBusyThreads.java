package org.candor.it.targets;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** Two threads busy on the CPU for the same time; prints each one's CPU time as "CPU name=nanos". */
public final class TwoBusyThreads {

    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[2];
        Thread[] threads = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int k = t;
            threads[t] = new Thread(() -> {
                long end = System.nanoTime() + (long) (seconds * 1e9);
                while (System.nanoTime() < end) sink += ThreeLeaves.work(sink);
                cpu[k] = mx.getCurrentThreadCpuTime();
            }, "busy-" + (t + 1));
            threads[t].start();
        }
        for (Thread t : threads) t.join();
        for (int t = 0; t < 2; t++) System.out.println("CPU busy-" + (t + 1) + "=" + cpu[t]);
    }
}
