package org.candor.it.targets;

/** One thread sleeps, one computes, for the same wall time: wall-clock sampling must see both. */
public final class SleepAndWork {

    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread sleeper = new Thread(() -> nap(end), "sleeper");
        Thread worker = new Thread(() -> spin(end), "worker");
        sleeper.start();
        worker.start();
        sleeper.join();
        worker.join();
        System.out.println("done " + (sink != 42));
    }

    static void nap(long end) {
        try {
            while (System.nanoTime() < end) Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void spin(long end) {
        while (System.nanoTime() < end) sink += ThreeLeaves.work(sink);
    }
}
