package org.candor.it.targets;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.TreeMap;

/**
 * Safepoint bias, shown: the worker spends nearly all its time in a long counted loop ({@link #countedLoop}), then
 * calls {@link #elsewhere}. A sampler built on thread dumps (ThreadMXBean, what JMX-based profilers do) can only
 * see the worker at a safepoint, and a counted loop without safepoint polls has none, so it blames the code that
 * runs after the loop. Run with -XX:-UseCountedLoopSafepoints -XX:LoopStripMiningIter=0 (no polls in counted
 * loops, as JVMs before 10 compiled them). Prints the dump-based sampler's top frames as "SAFEPOINT method=count".
 */
public final class SafepointBias {

    static volatile long sink;
    static volatile boolean running = true;
    static final int[] DATA = new int[1 << 22];

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 4;
        for (int i = 0; i < DATA.length; i++) DATA[i] = i * 2654435761L > 0 ? i : -i;
        Thread worker = new Thread(SafepointBias::drive, "biased-worker");
        worker.start();
        Map<String, Integer> dumpSamples = dumpSampler(worker, seconds);
        running = false;
        worker.join();
        for (Map.Entry<String, Integer> e : dumpSamples.entrySet()) {
            System.out.println("SAFEPOINT " + e.getKey() + "=" + e.getValue());
        }
        System.out.println("done " + (sink != 42));
    }

    static void drive() {
        while (running) {
            long r = countedLoop(DATA);
            elsewhere(r);
        }
    }

    /** No calls, no allocation: compiled without safepoint polls when counted-loop safepoints are off. */
    static long countedLoop(int[] data) {
        long s = 0;
        for (int rep = 0; rep < 8; rep++) {
            for (int i = 0; i < data.length; i++) s += (data[i] ^ rep) * 31L;
        }
        return s;
    }

    static void elsewhere(long r) {
        sink += r & 7;
    }

    /** Samples the worker's top frame every millisecond through ThreadMXBean, as JMX-based samplers do. */
    static Map<String, Integer> dumpSampler(Thread worker, double seconds) throws InterruptedException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<String, Integer> counts = new TreeMap<>();
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            ThreadInfo info = mx.getThreadInfo(worker.getId(), 1);
            if (info != null && info.getStackTrace().length > 0) {
                counts.merge(info.getStackTrace()[0].getMethodName(), 1, Integer::sum);
            }
            Thread.sleep(1);
        }
        return counts;
    }
}
