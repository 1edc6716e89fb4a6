package org.candor.probe;

/**
 * The trainer's run only: exact counts of short sections per category (up to {@link #LIMIT} ticks), so that the
 * typical length of a minimal section can be taken rather than the smallest one. The smallest reading of a short
 * interval is biased low by the clock's granularity and by out-of-order execution around the reads; the mean of the
 * minimal sections is not.
 */
final class ExactSections {

    static final int LIMIT = 2048;

    final int[][] counts = new int[Calibration.CATEGORIES][];

    /** No count, for another thread (the arrays of the categories met kept). */
    void clear() {
        for (int[] c : counts) {
            if (c != null) for (int b = 0; b < c.length; b++) c[b] = 0;
        }
    }

    /** Adds another thread's counts (an ended thread folded into its group). */
    void addAll(ExactSections other) {
        for (int i = 0; i < counts.length; i++) {
            int[] from = other.counts[i];
            if (from == null) continue;
            if (counts[i] == null) counts[i] = new int[LIMIT];
            SectionHistogram.add(counts[i], from);
        }
    }

    void add(int category, long section) {
        if (section < 0 || section >= LIMIT) return;
        int[] c = counts[category];
        if (c == null) c = counts[category] = new int[LIMIT];
        c[(int) section]++;
    }
}
