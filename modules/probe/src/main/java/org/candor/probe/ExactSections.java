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

    void add(int category, long section) {
        if (section < 0 || section >= LIMIT) return;
        int[] c = counts[category];
        if (c == null) c = counts[category] = new int[LIMIT];
        c[(int) section]++;
    }
}
