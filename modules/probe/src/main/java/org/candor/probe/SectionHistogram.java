package org.candor.probe;

/**
 * One thread's section lengths per calibration category, in quarter-octave buckets (each bucket's upper bound is
 * at most 19 % above its lower bound): enough for the median that is stored beside each minimum. Only the
 * categories a thread meets get their array.
 */
final class SectionHistogram {

    static final int BUCKETS = 256;

    final int[][] counts = new int[Calibration.CATEGORIES][];

    void add(int category, long section) {
        int[] c = counts[category];
        if (c == null) c = counts[category] = new int[BUCKETS];
        c[bucket(section)]++;
    }

    /** No count, for another thread (the arrays of the categories met kept). */
    void clear() {
        for (int[] c : counts) {
            if (c != null) for (int b = 0; b < c.length; b++) c[b] = 0;
        }
    }

    /** Adds another thread's counts (an ended thread folded into its group). */
    void addAll(SectionHistogram other) {
        for (int i = 0; i < counts.length; i++) {
            int[] from = other.counts[i];
            if (from == null) continue;
            if (counts[i] == null) counts[i] = new int[BUCKETS];
            add(counts[i], from);
        }
    }

    /** {@code into += from}, each count at most Integer.MAX_VALUE. */
    static void add(int[] into, int[] from) {
        for (int b = 0; b < from.length; b++) {
            long sum = (long) into[b] + from[b];
            into[b] = sum > Integer.MAX_VALUE ? Integer.MAX_VALUE : (int) sum;
        }
    }

    static int bucket(long v) {
        if (v < 4) return v <= 0 ? 0 : (int) v;
        int log = 63 - Long.numberOfLeadingZeros(v);
        int sub = (int) (v >>> (log - 2)) & 3;
        int b = (log << 2) | sub;
        return b < BUCKETS ? b : BUCKETS - 1;
    }

    /** The smallest value that falls into bucket {@code b}. */
    static long lowerBound(int b) {
        if (b < 4) return b;
        int log = b >>> 2;
        int sub = b & 3;
        return (4L | sub) << (log - 2);
    }
}
