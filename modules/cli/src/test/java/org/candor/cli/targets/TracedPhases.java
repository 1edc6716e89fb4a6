package org.candor.cli.targets;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.candor.api.Candor;

/**
 * Two threads, "ping" and "pong", each running {@code rounds} phases: a phase "work" of some 40 ms of CPU in its own
 * method ({@link #ping} or {@link #pong}), a marker "rested N", then 30 ms asleep. Markers through the public API
 * (org.candor.api.Candor). The last thing each thread does is to read its CPU time as the JVM counts it
 * (ThreadMXBean), which main prints on stderr at the end: {@code cpu NAME NANOS}; stdout depends on nothing but the
 * arguments.
 */
public final class TracedPhases {

    static volatile long sink;
    static final long[] cpu = new long[2];

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Thread ping = new Thread(() -> run(rounds, true), "ping");
        Thread pong = new Thread(() -> run(rounds, false), "pong");
        Candor.marker("start");
        ping.start();
        pong.start();
        ping.join();
        pong.join();
        Candor.marker("done");
        System.err.println("cpu ping " + cpu[0]);
        System.err.println("cpu pong " + cpu[1]);
        System.out.println("done " + rounds);
    }

    static void run(int rounds, boolean isPing) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long checksum = 0;
        for (int i = 0; i < rounds; i++) {
            Candor.begin("work");
            checksum += isPing ? ping(40) : pong(40);
            Candor.end("work");
            Candor.marker("rested " + i);
            try {
                Thread.sleep(30);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        sink += checksum;
        cpu[isPing ? 0 : 1] = mx.getCurrentThreadCpuTime();
    }

    /** About {@code ms} milliseconds of CPU time of this thread. */
    static long ping(int ms) {
        return spin(ms);
    }

    static long pong(int ms) {
        return spin(ms);
    }

    private static long spin(int ms) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = mx.getCurrentThreadCpuTime() + ms * 1_000_000L;
        long x = 1;
        while (mx.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 10_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
            sink = x;
        }
        return x;
    }
}
