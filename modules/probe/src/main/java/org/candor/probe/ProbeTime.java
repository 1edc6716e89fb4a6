package org.candor.probe;

/**
 * How a calibrated probe knows its own time without a second clock reading at every event.
 *
 * <p>An event reads the clock on arrival ({@link Clock#nowEndingSection}), which ends the program's section. Its own
 * work after that reading belongs to no one and is taken out. Measuring it takes a second, ordered reading as the
 * probe leaves, as costly as the first: four readings a call. So only one event in {@link #EVERY} (at random
 * intervals, so that no periodic pattern of the program lines up with them) and every event that took a slow path
 * (a new node, grown arrays, a reset) reads the clock again; the others take the thread's recent average of what the
 * measured ones spent, per kind of event, less what the second reading itself costs ({@link #LEAVING_READ}), which
 * the measured ones spent on it and the others do not.
 *
 * <p>The calibration minima are learnt only from sections that begin at a measured reading; every section is
 * corrected by them. Per section the estimate is off by the event's deviation from its average (the tree's cache
 * misses, mostly), in both directions; summed over many calls it cancels out.
 */
final class ProbeTime {

    /** One event in this many is measured, on average; 1: all of them. */
    static final int EVERY = CalibrationSettings.measureEvery();
    /** Events a thread measures all of before it averages: enough for a first average. */
    static final int FIRST_MEASURED = 64;
    /** The averages move by 1/2^{@value} of each new measurement. */
    static final int AVERAGE_SHIFT = 4;
    /** Ticks a leaving reading costs from one arrival reading to the next, measured once. */
    static final long LEAVING_READ = Calibration.ON && EVERY > 1 ? measureLeavingRead() : 0;

    private ProbeTime() {}

    /** The events until the next measured one: 1 while a thread is new, then 1 .. 2 EVERY - 1 at random. */
    static int gap(ThreadState ts) {
        if (ts.measuredEvents < FIRST_MEASURED) {
            ts.measuredEvents++;
            return 1;
        }
        int x = ts.gapRandom;
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        ts.gapRandom = x;
        return 1 + (int) ((x & 0xFFFF_FFFFL) % (2 * EVERY - 1));
    }

    /**
     * A measured event's own time ({@code spent}: arrival to leaving reading) moves its kind's average (times 16;
     * 0 before the first, which it takes whole).
     */
    static long learn(long average16, long spent) {
        long s = spent < 0 ? 0 : spent;
        return average16 == 0 ? s << AVERAGE_SHIFT : average16 + s - (average16 >> AVERAGE_SHIFT);
    }

    /** What an unmeasured event is taken to have spent, from its kind's average (times 16). */
    static long estimate(long average16) {
        long e = (average16 >> AVERAGE_SHIFT) - LEAVING_READ;
        return e > 0 ? e : 0;
    }

    /**
     * The time from one leaving reading to the next when nothing else runs between them: the median of many
     * back-to-back pairs, the least over rounds (the later rounds run compiled, as the probes do).
     */
    private static long measureLeavingRead() {
        long best = Long.MAX_VALUE;
        long[] d = new long[2048];
        for (int round = 0; round < 64; round++) {
            pairs(d);
            java.util.Arrays.sort(d);
            best = Math.min(best, d[d.length / 2]);
        }
        return best == Long.MAX_VALUE || best < 0 ? 0 : best;
    }

    private static void pairs(long[] d) {
        for (int i = 0; i < d.length; i++) {
            long a = Clock.nowStartingSection();
            long b = Clock.nowStartingSection();
            d[i] = b - a;
        }
    }
}
