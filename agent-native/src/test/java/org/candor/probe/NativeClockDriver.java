package org.candor.probe;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.VirtualMachine;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;

/** Further child-JVM scenarios for NativeAgentTest; prints key=value lines. */
public final class NativeClockDriver {
    private static final int CALLS = 10_000_000;

    private NativeClockDriver() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "bench" -> bench();
            case "attach" -> attach(args[1], args[2]);
            case "loaders" -> loaders(args[1]);
            case "metric" -> metric();
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    /** ns per NativeClock.ticks0() call from Java, next to System.nanoTime for scale. */
    private static void bench() {
        long sink = 0;
        for (int i = 0; i < 5; i++) {
            sink += ticksLoop(CALLS) + nanoTimeLoop(CALLS);
        }
        double[] ticks = new double[5];
        double[] nanoTime = new double[5];
        for (int i = 0; i < ticks.length; i++) {
            long t0 = System.nanoTime();
            sink += ticksLoop(CALLS);
            long t1 = System.nanoTime();
            sink += nanoTimeLoop(CALLS);
            long t2 = System.nanoTime();
            ticks[i] = (double) (t1 - t0) / CALLS;
            nanoTime[i] = (double) (t2 - t1) / CALLS;
        }
        Arrays.sort(ticks);
        Arrays.sort(nanoTime);
        System.out.println("ticksNsPerCallMin=" + ticks[0]);
        System.out.println("ticksNsPerCallMedian=" + ticks[ticks.length / 2]);
        System.out.println("nanoTimeNsPerCallMedian=" + nanoTime[nanoTime.length / 2]);
        System.out.println("sink=" + sink);
    }

    private static long ticksLoop(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += NativeClock.ticks0();
        }
        return sum;
    }

    private static long nanoTimeLoop(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += System.nanoTime();
        }
        return sum;
    }

    /**
     * What ticks0() measures under metric=...: across touching 16 MiB of fresh memory, two reads in a row, 50 ms
     * of CPU time spinning and a 50 ms sleep; and the first read of a new thread (its own counter starts near 0).
     */
    private static void metric() throws Exception {
        System.out.println("source=" + NativeClock.source0());
        System.out.println("metric=" + NativeClock.metric0());
        long t0 = NativeClock.ticks0();
        java.nio.ByteBuffer memory = java.nio.ByteBuffer.allocateDirect(16 << 20);
        for (int i = 0; i < memory.capacity(); i += 4096) {
            memory.put(i, (byte) 1);
        }
        long t1 = NativeClock.ticks0();
        System.out.println("touchDelta=" + (t1 - t0));
        long a = NativeClock.ticks0();
        long b = NativeClock.ticks0();
        System.out.println("idleDelta=" + (b - a));
        // 50 ms of CPU time by the JVM's own thread clock, however busy the machine is.
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long s0 = NativeClock.ticks0();
        long until = threads.getCurrentThreadCpuTime() + 50_000_000L;
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            sink++;
        }
        long s1 = NativeClock.ticks0();
        System.out.println("spinDelta=" + (s1 - s0));
        long z0 = NativeClock.ticks0();
        Thread.sleep(50);
        long z1 = NativeClock.ticks0();
        System.out.println("sleepDelta=" + (z1 - z0));
        long[] first = new long[1];
        Thread other = new Thread(() -> first[0] = NativeClock.ticks0());
        other.start();
        other.join();
        System.out.println("otherThreadFirst=" + first[0]);
        System.out.println("mainNow=" + NativeClock.ticks0());
        System.out.println("stats=" + NativeClock.counterStats0());
        System.out.println("sink=" + sink + memory.get(4096));
    }

    /** NativeClock is prepared before the agent arrives; the attach must find it among the loaded classes. */
    private static void attach(String library, String options) throws Exception {
        try {
            NativeClock.ticks0();
            System.out.println("beforeAttach=bound");
        } catch (UnsatisfiedLinkError expected) {
            System.out.println("beforeAttach=unbound");
        }
        VirtualMachine vm = VirtualMachine.attach(String.valueOf(ProcessHandle.current().pid()));
        try {
            try {
                vm.loadAgentPath(library, "bogus");
                System.out.println("badOptions=accepted");
            } catch (AgentInitializationException e) {
                System.out.println("badOptions=rejected");
            }
            vm.loadAgentPath(library, options);
        } finally {
            vm.detach();
        }
        System.out.println("source=" + NativeClock.source0());
        long t0 = NativeClock.ticks0();
        Thread.sleep(20);
        System.out.println("ticksAdvanced=" + (NativeClock.ticks0() - t0 > 0));
    }

    /** A second copy of NativeClock in a loader that does not delegate to the application loader. */
    private static void loaders(String testClasses) throws Exception {
        long appTicks = NativeClock.ticks0();
        URL[] path = {Path.of(testClasses).toUri().toURL()};
        try (URLClassLoader isolated = new URLClassLoader(path, ClassLoader.getPlatformClassLoader())) {
            Class<?> copy = Class.forName(NativeClock.class.getName(), true, isolated);
            System.out.println("distinctCopy=" + (copy != NativeClock.class));
            Method source = copy.getDeclaredMethod("source0");
            Method ticks = copy.getDeclaredMethod("ticks0");
            source.setAccessible(true);
            ticks.setAccessible(true);
            System.out.println("copySource=" + source.invoke(null));
            System.out.println("copyTicksNotBeforeApp=" + ((long) ticks.invoke(null) >= appTicks));
        }
        System.out.println("appSource=" + NativeClock.source0());
    }
}
