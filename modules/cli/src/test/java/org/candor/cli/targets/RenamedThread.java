package org.candor.cli.targets;

/** A thread that renames itself while it runs: "loader" for its first ~0.4 s, then "server" for ~1.6 s. */
public final class RenamedThread {

    static volatile long sink;

    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            busy(400);
            Thread.currentThread().setName("server");
            busy(1_600);
        }, "loader");
        t.start();
        t.join();
        System.out.println("done");
    }

    private static void busy(long ms) {
        long end = System.nanoTime() + ms * 1_000_000L;
        long x = 1;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
            sink = x;
        }
    }
}
