package org.candor.cli.targets;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * For a sampling session: grows a sampled tree too large to rewrite at every checkpoint (4^6 paths of a dozen
 * frames, each spun on until sampled), then spins in {@code late} for as many ms of CPU time as its first argument
 * says, waits as many milliseconds as its second (checkpoints go on meanwhile) and kills itself with SIGKILL.
 */
public final class SampledGrowsThenKilled {

    static long sum;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private SampledGrowsThenKilled() {}

    public static void main(String[] args) throws Exception {
        for (int path = 0; path < 1 << 12; path++) walk(6, path);
        long until = cpu() + Long.parseLong(args[0]) * 1_000_000L;
        while (cpu() < until) late();
        System.out.println(sum);
        Thread.sleep(Long.parseLong(args[1]));
        new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
        Thread.sleep(60_000);  // not reached
    }

    private static long cpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    static void walk(int depth, int choice) {
        if (depth == 0) {
            spin(300_000);
            return;
        }
        switch (choice & 3) {
            case 0: a(depth, choice >>> 2); break;
            case 1: b(depth, choice >>> 2); break;
            case 2: c(depth, choice >>> 2); break;
            default: d(depth, choice >>> 2); break;
        }
    }

    static void a(int depth, int choice) { walk(depth - 1, choice); }
    static void b(int depth, int choice) { walk(depth - 1, choice); }
    static void c(int depth, int choice) { walk(depth - 1, choice); }
    static void d(int depth, int choice) { walk(depth - 1, choice); }

    /** Spins for about this many ns of CPU time. */
    static void spin(long nanos) {
        long until = cpu() + nanos;
        while (cpu() < until) sum++;
    }

    static void late() {
        for (int i = 0; i < 1000; i++) sum += i ^ sum;
    }
}
