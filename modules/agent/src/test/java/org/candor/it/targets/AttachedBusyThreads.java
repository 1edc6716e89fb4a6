package org.candor.it.targets;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

/**
 * For a dynamic attach: two threads ("busy-1", "busy-2") are busy on the CPU before any agent is there. Prints
 * "READY" once both run, then reads a line from stdin (the test sends it right after loading libcandor.so) and from
 * then keeps them busy for the given seconds (default 3); reads a second line (sent once the Java agent is loaded)
 * before it stops them. Prints each one's user-mode CPU time between the first line and its end as
 * "CPU name=nanos", then "DONE".
 */
public final class AttachedBusyThreads {

    static volatile boolean stop;
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] end = new long[2];
        Thread[] threads = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int k = t;
            threads[t] = new Thread(() -> {
                busy();
                end[k] = mx.getCurrentThreadUserTime();
            }, "busy-" + (t + 1));
            threads[t].start();
        }
        while (mx.getThreadUserTime(threads[0].getId()) <= 0 || mx.getThreadUserTime(threads[1].getId()) <= 0) {
            Thread.sleep(10);
        }
        System.out.println("READY");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        in.readLine();
        long[] start = new long[2];
        for (int t = 0; t < 2; t++) start[t] = mx.getThreadUserTime(threads[t].getId());
        Thread.sleep((long) (seconds * 1000));
        in.readLine();
        stop = true;
        for (Thread t : threads) t.join();
        for (int t = 0; t < 2; t++) System.out.println("CPU busy-" + (t + 1) + "=" + (end[t] - start[t]));
        System.out.println("DONE");
    }

    static void busy() {
        while (!stop) sink += ThreeLeaves.work(sink);
    }
}
