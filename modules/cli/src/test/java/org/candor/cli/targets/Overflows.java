package org.candor.cli.targets;

/**
 * Overflows its stack and catches the error, then does measurable work; on the main thread and on threads with small
 * stacks, from a different depth each round so that the overflow strikes at different places (in the program, in a
 * probe). Two kinds: one catch at the bottom ({@code recurse}), and a catch in every frame that rethrows
 * ({@code rethrow}). Prints each thread's wall time ({@code wall NAME NS}, from the start of its first call to the
 * end of its last) and how often {@code leaf} ran ({@code leaf N}).
 */
public final class Overflows {

    private static final int ROUNDS = 40;
    private static final int LEAVES = 20_000;

    static long sink;
    static long leaves;

    static long recurse(long n) {
        return recurse(n + 1) + 1;
    }

    static long rethrow(long n) {
        try {
            return rethrow(n + 1) + 1;
        } catch (IllegalStateException never) {
            return 0;
        }
    }

    static long pad(int k, boolean rethrow) {
        if (k > 0) return pad(k - 1, rethrow) + 1;
        try {
            return rethrow ? rethrow(0) : recurse(0);
        } catch (StackOverflowError expected) {
            return work();
        }
    }

    static long work() {
        long s = 0;
        for (int i = 0; i < LEAVES; i++) s += leaf(i);
        return s;
    }

    static long leaf(int i) {
        synchronized (Overflows.class) {
            leaves++;
        }
        return (i * 31L) ^ (i >>> 3);
    }

    static void rounds() {
        long start = System.nanoTime();
        for (int round = 0; round < ROUNDS; round++) sink += pad(round * 7, round % 2 == 1);
        long wall = System.nanoTime() - start;
        synchronized (Overflows.class) {
            System.out.println("wall " + Thread.currentThread().getName() + " " + wall);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        long start = System.nanoTime();
        rounds();
        for (int stack : new int[] {192, 256, 320}) {
            Thread t = new Thread(null, Overflows::rounds, "small-" + stack, stack * 1024L);
            t.start();
            t.join();
        }
        System.out.println("leaf " + leaves);
        System.out.println("wall main() " + (System.nanoTime() - start));
    }
}
