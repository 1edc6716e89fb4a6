package org.candor.core.imports;

import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;

/** A JFR recording made by the JDK in the test's own JVM while one method, {@link #spinFor}, keeps a CPU busy. */
public final class BusyRecording {

    static volatile long sink;

    private BusyRecording() {}

    /** Records execution samples every 10 ms for {@code nanos} of spinning, with the settings that name the period. */
    public static Path record(Path file, long nanos) throws Exception {
        try (Recording r = new Recording()) {
            r.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            r.enable("jdk.ActiveSetting"); // as every recording with the JDK's settings has: the period to read
            r.start();
            sink = spinFor(nanos);
            r.stop();
            r.dump(file);
        }
        return file;
    }

    /**
     * The CPU-busy method: integer arithmetic until this thread has had {@code nanos} of CPU time (its clock read once
     * per million rounds). CPU time, not elapsed time: on a loaded machine the thread, and JFR's sampler with it, get
     * a share of a CPU only, and a fixed elapsed time gave too few samples to judge.
     */
    public static long spinFor(long nanos) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + nanos;
        long x = 1;
        while (true) {
            for (int i = 0; i < 1_000_000; i++) x = x * 6364136223846793005L + 1442695040888963407L;
            if (threads.getCurrentThreadCpuTime() >= end) return x;
        }
    }
}
