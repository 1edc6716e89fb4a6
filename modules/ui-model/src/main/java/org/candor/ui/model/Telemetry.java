package org.candor.ui.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A session's telemetry over time, from successive {@code status} readings: heap used and committed, the process's
 * CPU load and the share of time in GC (of the machine's processors and of wall time, over each interval), live
 * threads, and the calls recorded per second, or samples taken per second in a sampling session (Candor's own load on
 * the program; {@link SessionStatus#recordedUnit()} names which). Keeps the last {@link #KEPT}
 * points; rates need two readings, so the first reading gives none.
 */
public final class Telemetry {

    public static final int KEPT = 300;

    /** One interval's figures; {@code NaN} where the session did not say (a runtime without java.management). */
    public static final class Point {
        public final double seconds;
        public final double heapUsedMb;
        public final double heapCommittedMb;
        public final double cpuPercent;
        public final double gcPercent;
        public final double threads;
        /** Calls recorded a second, or samples taken a second in a sampling session. */
        public final double callsPerSecond;

        Point(double seconds, double heapUsedMb, double heapCommittedMb, double cpuPercent, double gcPercent,
              double threads, double callsPerSecond) {
            this.seconds = seconds;
            this.heapUsedMb = heapUsedMb;
            this.heapCommittedMb = heapCommittedMb;
            this.cpuPercent = cpuPercent;
            this.gcPercent = gcPercent;
            this.threads = threads;
            this.callsPerSecond = callsPerSecond;
        }
    }

    private final Deque<Point> points = new ArrayDeque<>();
    private long firstNanos = -1;
    private long lastNanos;
    private SessionStatus last;

    /** A reading taken at {@code nanos} (System.nanoTime); returns the point it made, or null for the first. */
    public Point add(SessionStatus status, long nanos) {
        if (firstNanos < 0) firstNanos = nanos;
        Point p = null;
        if (last != null && nanos > lastNanos) {
            double seconds = (nanos - lastNanos) / 1e9;
            p = new Point((nanos - firstNanos) / 1e9, mb(status.count("jvm.heap.used")),
                    mb(status.count("jvm.heap.committed")), cpuPercent(status, seconds), gcPercent(status, seconds),
                    orNaN(status.count("jvm.threads.live")), callsPerSecond(status, seconds));
            points.addLast(p);
            if (points.size() > KEPT) points.removeFirst();
        }
        last = status;
        lastNanos = nanos;
        return p;
    }

    public List<Point> points() {
        return new ArrayList<>(points);
    }

    private double cpuPercent(SessionStatus now, double seconds) {
        long cpu = now.count("jvm.process.cpu_ns");
        long before = last.count("jvm.process.cpu_ns");
        long processors = now.count("jvm.processors");
        if (cpu < 0 || before < 0 || processors <= 0) return Double.NaN;
        return Math.max(0, (cpu - before) / 1e9 / seconds / processors * 100);
    }

    private double gcPercent(SessionStatus now, double seconds) {
        long gc = now.count("jvm.gc.ms");
        long before = last.count("jvm.gc.ms");
        if (gc < 0 || before < 0) return Double.NaN;
        return Math.min(100, Math.max(0, (gc - before) / 1e3 / seconds * 100));
    }

    /**
     * Calls recorded a second, or samples taken a second in a sampling session ({@link SessionStatus#recorded()}). A
     * reset between the readings counts what came since the reset over the whole interval (a lower bound).
     */
    private double callsPerSecond(SessionStatus now, double seconds) {
        long calls = now.recorded();
        long before = last.recorded();
        if (calls < 0 || before < 0) return Double.NaN;
        long resetsNow = now.count("resets");
        boolean reset = resetsNow != last.count("resets") || calls < before;
        return (reset ? calls : calls - before) / seconds;
    }

    private static double mb(long bytes) {
        return bytes < 0 ? Double.NaN : bytes / (1024.0 * 1024.0);
    }

    private static double orNaN(long v) {
        return v < 0 ? Double.NaN : v;
    }
}
