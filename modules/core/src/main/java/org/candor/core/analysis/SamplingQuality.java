package org.candor.core.analysis;

import java.util.Locale;
import java.util.Map;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;

/**
 * How far a sampled profile can be trusted, from the sampler's statistics: samples delivered against those the
 * threads' CPU (or wall) time called for, stack walks that failed and how many of those were still attributed by
 * the interrupted address, samples dropped because a buffer was full.
 */
public final class SamplingQuality {

    public static final String EXPECTED = "samples.expected";
    public static final String DELIVERED = "samples.delivered";
    public static final String RECORDED = "samples.recorded";
    public static final String FAILED_PREFIX = "samples.failed.";
    public static final String ATTRIBUTED_BY_PC = "samples.attributed_by_pc";
    public static final String DROPPED = "samples.dropped.buffer_full";

    private final long expected;
    private final long delivered;
    private final long failed;
    private final long attributed;
    private final long dropped;

    private SamplingQuality(Map<String, Long> stats) {
        expected = stats.getOrDefault(EXPECTED, 0L);
        delivered = stats.getOrDefault(DELIVERED, 0L);
        attributed = stats.getOrDefault(ATTRIBUTED_BY_PC, 0L);
        dropped = stats.getOrDefault(DROPPED, 0L);
        long f = 0;
        for (Map.Entry<String, Long> e : stats.entrySet()) if (e.getKey().startsWith(FAILED_PREFIX)) f += e.getValue();
        failed = f;
    }

    /** The quality of a sampled snapshot; null for an instrumented one. */
    public static SamplingQuality of(Snapshot s) {
        return of(s.info(), s.stats());
    }

    /** The quality of a sampled snapshot from its info and statistics; null for an instrumented one. */
    public static SamplingQuality of(SnapshotInfo info, Map<String, Long> stats) {
        if (!"sampling".equals(info.get(SnapshotInfo.MODE))) return null;
        return new SamplingQuality(stats);
    }

    public long expected() { return expected; }
    public long delivered() { return delivered; }
    public long failed() { return failed; }
    public long attributedByPc() { return attributed; }
    public long dropped() { return dropped; }

    /** Delivered as a percentage of expected; NaN when nothing was expected. */
    public double deliveredPercent() {
        return expected > 0 ? 100.0 * delivered / expected : Double.NaN;
    }

    /** e.g. {@code 9,870 of 10,000 expected samples delivered (98.7 %); 130 stack walks failed, 96 of them attributed by address; 0 dropped} */
    public String summary() {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%,d of %,d expected samples delivered", delivered, expected));
        if (expected > 0) s.append(String.format(Locale.ROOT, " (%.1f %%)", deliveredPercent()));
        s.append(String.format(Locale.ROOT, "; %,d stack walks failed", failed));
        if (failed > 0) s.append(String.format(Locale.ROOT, ", %,d of them attributed by address", attributed));
        s.append(String.format(Locale.ROOT, "; %,d dropped", dropped));
        return s.toString();
    }
}
