package org.candor.cli.targets;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Starts {@code THREADS} short threads, {@code AT_ONCE} at a time (default 1), named {@code storm-N}; each calls
 * {@code work} once, which calls {@code leaf} three times, and waits until every thread of its batch has, so that a
 * batch is alive at once. Prints how often {@code work} ran ({@code work N}).
 */
public final class ThreadStorm {

    static final AtomicLong WORKS = new AtomicLong();
    static volatile long sink;

    static long work(int i) {
        WORKS.incrementAndGet();
        return leaf(i) + leaf(i + 1) + leaf(i + 2);
    }

    static long leaf(int i) {
        return i * 31L + 1;
    }

    public static void main(String[] args) throws InterruptedException {
        int threads = Integer.parseInt(args[0]);
        int atOnce = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        for (int first = 0; first < threads; first += atOnce) {
            int size = Math.min(atOnce, threads - first);
            CountDownLatch worked = new CountDownLatch(size);
            Thread[] batch = new Thread[size];
            for (int k = 0; k < size; k++) {
                int i = first + k;
                batch[k] = new Thread(() -> {
                    sink += work(i);
                    worked.countDown();
                    try {
                        worked.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, "storm-" + i);
                batch[k].start();
            }
            for (Thread t : batch) t.join();
        }
        System.out.println("work " + WORKS.get());
    }
}
