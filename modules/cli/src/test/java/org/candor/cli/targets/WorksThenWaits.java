package org.candor.cli.targets;

/**
 * Calls {@code step} as often as its first argument says, waits as many milliseconds as its second, calls it as often
 * again, and prints the sum: a run long enough to lose its profiling client half way.
 */
public final class WorksThenWaits {

    static long sum;

    static void step(int i) {
        sum += i;
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) step(i);
        Thread.sleep(Long.parseLong(args[1]));
        for (int i = 0; i < n; i++) step(i);
        System.out.println(sum);
    }
}
