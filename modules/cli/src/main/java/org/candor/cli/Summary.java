package org.candor.cli;

import java.io.IOException;
import org.candor.core.analysis.FlatProfiles;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/** One line about a snapshot: threads, then calls and drops (instrumentation) or samples (sampling). */
final class Summary {

    private Summary() {}

    /** From the threads' heads and flat profiles: the trees are not read (when the snapshot has FLAT sections). */
    static String of(SnapshotFile s) throws IOException {
        long nodes = 0;
        for (ThreadTree t : s.threads()) nodes += t.nodeCount() - 1;
        String head = String.format("%d threads, %,d methods, %,d call paths, ", s.threads().size(), s.methods().size(), nodes);
        SamplingQuality sampling = SamplingQuality.of(s.info(), s.stats());
        if (sampling != null) return head + sampling.summary();
        return head + String.format("%,d calls, %,d calls dropped", calls(s), s.stat(Snapshot.STAT_DROPPED_CALLS));
    }

    /** Every call the snapshot counted, from the flat profiles; -1 without call counts. */
    static long calls(SnapshotFile s) {
        int calls = s.metricIndex("calls");
        if (calls < 0) return -1;
        long total = 0;
        try {
            for (ThreadTree t : s.threads()) {
                FlatProfile flat = FlatProfiles.of(s, t);
                for (int r = 0; r < flat.size(); r++) total += flat.value(r, calls);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return total;
    }

    /**
     * What a Lazy or Eager session instrumented against what ran, e.g. {@code lazy scheme (roots com.acme.**): 41
     * methods instrumented (2 roots), 37 invoked; 9 classes retransformed; transforming 31 ms, expanding 12 ms} (the
     * expansions' retransformations count in both); null otherwise.
     */
    static String scheme(SnapshotFile s) {
        String scheme = s.info().get(SnapshotInfo.SCHEME);
        if (scheme == null || !s.stats().containsKey("scheme.root_methods")) return null;
        return String.format("%s scheme (roots %s): %,d methods instrumented (%,d roots), %,d invoked;"
                        + " %,d classes retransformed; transforming %,d ms, expanding %,d ms",
                scheme, s.info().get(SnapshotInfo.ROOTS),
                s.stat(Snapshot.STAT_INSTRUMENTED_METHODS), s.stat("scheme.root_methods"),
                s.stat(Snapshot.STAT_INVOKED_METHODS), s.stat("classes.retransformed"),
                s.stat("instrumentation.time_ns") / 1_000_000, s.stat("scheme.expansion_time_ns") / 1_000_000);
    }
}
