package org.candor.it.targets;

/**
 * Two virtual threads (JDK 21+) that each call {@link Spinner#spin} the given number of times (default 4000, about half a
 * second of CPU here), then join. Built for release 17, so the virtual-thread API is reached by reflection.
 */
public final class VirtualSpinners {

    static volatile long sink;

    public static void main(String[] args) throws Exception {
        int calls = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        java.lang.reflect.Method start = Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class);
        Thread[] threads = new Thread[2];
        for (int i = 0; i < threads.length; i++) threads[i] = (Thread) start.invoke(builder, (Runnable) () -> work(calls));
        for (Thread t : threads) t.join();
        System.out.println("virtual threads done: " + threads.length);
    }

    static void work(int calls) {
        long x = 1;
        for (int i = 0; i < calls; i++) x = Spinner.spin(x);
        sink = x;
    }
}
