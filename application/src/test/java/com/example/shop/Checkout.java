package com.example.shop;

/**
 * The program the workflow tests inside the application profile, run from a class path of its own: a thread checks
 * out an order every few milliseconds ({@link #order}, which calls {@link #price} and {@link #tax}) until stdin
 * closes. Prints "ready" once the thread runs. No nested or anonymous classes: the test copies this one class file.
 * Not under org.candor: Candor leaves its own classes out of every session by default, as it should.
 */
public final class Checkout {

    static long total;

    public static void main(String[] args) throws Exception {
        Thread orders = new Thread(() -> {
            for (int n = 0; ; n++) {
                total += order(n);
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "orders");
        orders.setDaemon(true);
        orders.start();
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the test closes stdin
        }
    }

    static long order(int n) {
        long sum = 0;
        for (int line = 0; line < 5; line++) sum += price(n, line);
        return sum + tax(sum);
    }

    static long price(int n, int line) {
        return (n * 31L + line * 17L) % 1000;
    }

    static long tax(long sum) {
        return sum / 5;
    }
}
