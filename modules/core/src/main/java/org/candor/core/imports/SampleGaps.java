package org.candor.core.imports;

import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The sampling interval of a recording that does not name it: the median time between two samples in a row of one
 * thread (a thread that runs is sampled every period; one that stops leaves a longer gap, which the median ignores),
 * to the millisecond when it is at least one. Memory: one gap per sample.
 */
final class SampleGaps {

    private final Map<Long, Instant> last = new HashMap<>();
    private long[] gaps = new long[256];
    private int count;

    void sample(long thread, Instant time) {
        Instant before = last.put(thread, time);
        if (before == null || !time.isAfter(before)) return;
        long gap = java.time.Duration.between(before, time).toNanos();
        if (count == gaps.length) gaps = Arrays.copyOf(gaps, count * 2);
        gaps[count++] = gap;
    }

    /** The median gap in nanoseconds, rounded to the millisecond from 1 ms up; 0 when there were no two samples. */
    long typicalNanos() {
        if (count == 0) return 0;
        long[] sorted = Arrays.copyOf(gaps, count);
        Arrays.sort(sorted);
        long median = sorted[count / 2];
        return median < 1_000_000L ? median : Math.round(median / 1e6) * 1_000_000L;
    }
}
