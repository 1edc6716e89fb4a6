package org.candor.cli.targets;

/**
 * Calls {@code step} as often as its first argument says, waits as many milliseconds as its second (checkpoints are
 * taken meanwhile), then kills itself with SIGKILL: no shutdown hook, no snapshot at exit.
 */
public final class KilledAfterWork {

    static long sum;

    static void step(int i) {
        sum += i;
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) step(i);
        System.out.println(sum);
        Thread.sleep(Long.parseLong(args[1]));
        new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
        Thread.sleep(60_000);  // not reached
    }
}
