package org.candor.cli.targets;

/**
 * A program with more call paths than a small tree budget holds: each round walks ten levels down through one of
 * four methods a level, chosen by a pseudo-random number (4^10 paths), and ends in {@code leaf()}, where nearly all
 * of its time goes. Runs for as many milliseconds as its argument says.
 */
public final class ManyPaths {

    static volatile double sink;

    private ManyPaths() {}

    public static void main(String[] args) {
        long until = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000L;
        long seed = 1;
        while (System.nanoTime() < until) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            walk(10, seed >>> 8);
        }
        System.out.println("done");
    }

    static void walk(int depth, long choice) {
        if (depth == 0) {
            leaf();
            return;
        }
        switch ((int) (choice & 3)) {
            case 0: a(depth, choice >>> 2); break;
            case 1: b(depth, choice >>> 2); break;
            case 2: c(depth, choice >>> 2); break;
            default: d(depth, choice >>> 2); break;
        }
    }

    static void a(int depth, long choice) { walk(depth - 1, choice); }
    static void b(int depth, long choice) { walk(depth - 1, choice); }
    static void c(int depth, long choice) { walk(depth - 1, choice); }
    static void d(int depth, long choice) { walk(depth - 1, choice); }

    static void leaf() {
        double x = 0;
        for (int i = 1; i < 20_000; i++) x += Math.sqrt(i) / (1 + (i & 7));
        sink = x;
    }
}
