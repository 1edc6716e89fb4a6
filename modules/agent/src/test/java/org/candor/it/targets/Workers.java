package org.candor.it.targets;

/** Two named threads, each doing a known number of calls. */
public final class Workers {
    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> work(100), "worker-a");
        Thread b = new Thread(() -> work(250), "worker-b");
        a.start();
        b.start();
        a.join();
        b.join();
        System.out.println("done " + (sink > 0));
    }

    static void work(int n) {
        for (int i = 0; i < n; i++) step(i);
    }

    static void step(int i) { sink += i; }
}
