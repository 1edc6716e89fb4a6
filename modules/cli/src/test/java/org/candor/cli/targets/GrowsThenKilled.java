package org.candor.cli.targets;

/**
 * Grows a tree too large to rewrite at every checkpoint (4^8 paths, two nodes a level), then calls {@code late} as
 * often as its first argument says, waits as many milliseconds as its second (checkpoints go on meanwhile) and kills
 * itself with SIGKILL: no shutdown hook, no snapshot at exit.
 */
public final class GrowsThenKilled {

    static long sum;

    private GrowsThenKilled() {}

    public static void main(String[] args) throws Exception {
        for (int path = 0; path < 1 << 16; path++) walk(8, path);
        int n = Integer.parseInt(args[0]);
        for (int i = 0; i < n; i++) late(i);
        System.out.println(sum);
        Thread.sleep(Long.parseLong(args[1]));
        new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
        Thread.sleep(60_000);  // not reached
    }

    static void walk(int depth, int choice) {
        if (depth == 0) {
            sum++;
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

    static void late(int i) {
        sum += i;
    }
}
