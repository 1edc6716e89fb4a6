package org.candor.it.targets;

/**
 * A thread that throws and catches one exception after another through compiled frames (a preallocated exception
 * without a stack trace, so the time goes into the unwinding): C1's code leaves a method that does not catch through
 * its unwind_exception stub, which asks the VM for the caller's handler by a leaf call (run with
 * {@code -XX:TieredStopAtLevel=1}). The measured thread is "unwind". Args: seconds (default 3).
 */
public final class Unwinding {

    static final RuntimeException STOP = new Stop();

    static final class Stop extends RuntimeException {
        Stop() {
            super("stop", null, false, false);
        }
    }
    static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        Thread t = new Thread(() -> {
            while (System.nanoTime() < end) sink += caught();
        }, "unwind");
        t.start();
        t.join();
        System.out.println("done " + (sink != 0));
    }

    static long caught() {
        long sum = 0;
        for (int i = 0; i < 1000; i++) {
            try {
                sum += middle(i);
            } catch (RuntimeException e) {
                sum++;
            }
        }
        return sum;
    }

    static long middle(int i) {
        return thrower(i) + 1;
    }

    static long thrower(int i) {
        if (i >= 0) throw STOP;
        return i;
    }
}
