package org.candor.core.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.FlatProfiles;
import org.candor.core.analysis.ProbeEffect;
import org.candor.core.analysis.ThreadTotals;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * What one report reads of a snapshot file: its threads as the options select and group them, and per thread its
 * flat profile and totals, each computed once (from the FLAT section, or one pass over the tree without one).
 */
final class ReportContext {

    /** The threads of one tree of the report: one thread, or the selected ones merged. */
    static final class Unit {
        final String name;
        final long threadId;
        final List<ThreadTree> threads;
        final boolean merged;

        Unit(String name, long threadId, List<ThreadTree> threads, boolean merged) {
            this.name = name;
            this.threadId = threadId;
            this.threads = threads;
            this.merged = merged;
        }

        @Override public String toString() { return name + " (#" + threadId + ")"; }
    }

    final SnapshotFile file;
    final List<Metric> metrics;
    final MethodTable methods;
    final ReportOptions options;
    final List<ThreadTree> selected;
    private final Map<ThreadTree, FlatProfile> flats = new IdentityHashMap<>();
    private final Map<ThreadTree, long[]> totals = new IdentityHashMap<>();

    ReportContext(SnapshotFile file, ReportOptions options) {
        this.file = file;
        this.metrics = file.metrics();
        this.methods = file.methods();
        this.options = options;
        this.selected = options.threads().selectTrees(file.threads());
    }

    /** The selected threads one by one, or merged into one tree named "all threads". */
    List<Unit> units(boolean mergeByDefault) {
        boolean merge = options.grouping() == ThreadGrouping.MERGED
                || options.grouping() == ThreadGrouping.AUTO && mergeByDefault;
        if (merge) return Collections.singletonList(new Unit("all threads", CallTrees.MERGED_THREAD_ID, selected, true));
        List<Unit> units = new ArrayList<>();
        for (ThreadTree t : selected) units.add(new Unit(t.name(), t.threadId(), Collections.singletonList(t), false));
        return units;
    }

    FlatProfile flat(ThreadTree t) throws IOException {
        FlatProfile f = flats.get(t);
        if (f == null) flats.put(t, f = FlatProfiles.of(file, t));
        return f;
    }

    long[] totals(ThreadTree t) throws IOException {
        long[] v = totals.get(t);
        if (v == null) totals.put(t, v = ThreadTotals.of(file, t, flat(t)));
        return v;
    }

    /** The totals of the threads together: every total adds up over threads. */
    long[] totals(List<ThreadTree> threads) throws IOException {
        long[] sum = new long[metrics.size()];
        for (ThreadTree t : threads) {
            long[] v = totals(t);
            for (int k = 0; k < sum.length; k++) sum[k] += v[k];
        }
        return sum;
    }

    /** The total time of all threads (selected or not) in ns, from their totals; -1 without a time metric. */
    long allNanos() {
        int total = file.metricIndex(Metric.TOTAL_TIME.key());
        if (total < 0 || file.metrics().get(total).unit() != Metric.Unit.NANOS) return -1;
        long sum = 0;
        try {
            for (ThreadTree t : file.threads()) sum += totals(t)[total];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sum;
    }

    /** All calls of all threads (selected or not), from their flat profiles; -1 without a calls metric. */
    long allCalls() {
        int calls = file.metricIndex(Metric.CALLS.key());
        if (calls < 0) return -1;
        long sum = 0;
        try {
            for (ThreadTree t : file.threads()) {
                FlatProfile f = flat(t);
                for (int r = 0; r < f.size(); r++) sum += f.value(r, calls);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sum;
    }

    /** The probes' estimated effect ({@link ProbeEffect}) over every method of all threads; -1 without an estimate. */
    long allProbeEffect() {
        ProbeEffect effect = ProbeEffect.of(file.stats(), file.info());
        if (effect != null) effect = effect.on(metrics);
        if (effect == null) return -1;
        long sum = 0;
        try {
            for (ThreadTree t : file.threads()) sum += effect.sum(flat(t));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sum;
    }
}
