package org.candor.probe;

/**
 * Test copy of the probe's clock class with the same natives, which libcandor.so binds when the
 * class is prepared. {@link #main} runs in a child JVM started with -agentpath and prints
 * key=value lines for NativeAgentTest.
 */
public final class NativeClock {
    private NativeClock() {
    }

    static native long ticks0();

    static native long ticksEndingSection0();

    static native long ticksStartingSection0();

    static native int source0();

    static native String metric0();

    static native String counterStats0();

    public static void main(String[] args) throws InterruptedException {
        System.out.println("source=" + source0());
        System.out.println("metric=" + metric0());

        // Tick rate against System.nanoTime over its own interval, so the 50 ms check below is
        // not computed from the very readings it checks. The ticks are read inside the nanoTime pair.
        long calNanos0 = System.nanoTime();
        long calTicks0 = ticks0();
        Thread.sleep(200);
        long calTicks1 = ticks0();
        long calNanos1 = System.nanoTime();
        System.out.println("ticksPerSecond=" + (calTicks1 - calTicks0) * 1e9 / (calNanos1 - calNanos0));

        long ticks0 = ticks0();
        long nanos0 = System.nanoTime();
        Thread.sleep(50);
        long nanos1 = System.nanoTime();
        long ticks1 = ticks0();
        System.out.println("sleepTicks=" + (ticks1 - ticks0));
        System.out.println("sleepNanos=" + (nanos1 - nanos0));

        // the calibrated probes' ordered reads read the same clock
        long a = ticks0();
        long b = ticksEndingSection0();
        long c = ticksStartingSection0();
        long d = ticks0();
        System.out.println("orderedReadsInOrder=" + (a <= b && b <= c && c <= d));
    }
}
