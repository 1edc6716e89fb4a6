package org.candor.ui.live.program;

/** The program the live-session test attaches to: {@link #tick} a few hundred times a second until stdin closes. */
public final class Ticker {

    static long total;

    public static void main(String[] args) throws Exception {
        Thread ticking = new Thread(() -> {
            while (true) {
                total += tick(total);
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "ticker");
        ticking.setDaemon(true);
        ticking.start();
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the test closes stdin
        }
    }

    static long tick(long seed) {
        long x = seed;
        for (int i = 0; i < 100; i++) x = step(x);
        return x & 0xFF;
    }

    static long step(long x) {
        return x * 6364136223846793005L + 1442695040888963407L;
    }
}
