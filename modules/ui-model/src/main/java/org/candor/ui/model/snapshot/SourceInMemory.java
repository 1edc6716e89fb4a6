package org.candor.ui.model.snapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/** A snapshot whose trees are in memory. */
final class SourceInMemory extends SnapshotSource {

    private final Snapshot snapshot;
    private final ViewMetrics metrics;
    private ChildOrder order;
    private List<ThreadChoice> choices;

    SourceInMemory(Snapshot snapshot) {
        this.snapshot = snapshot;
        this.metrics = new ViewMetrics(snapshot.metrics());
    }

    @Override public SnapshotInfo info() { return snapshot.info(); }
    @Override public List<Metric> metrics() { return snapshot.metrics(); }
    @Override public MethodTable methods() { return snapshot.methods(); }
    @Override public Map<String, Long> stats() { return snapshot.stats(); }
    @Override public int threadCount() { return snapshot.threads().size(); }
    @Override public boolean readsFile() { return false; }
    @Override public boolean isCalibrated() { return CalibratedValues.isCalibrated(snapshot); }

    @Override public long paths() {
        long paths = 0;
        for (ThreadProfile t : snapshot.threads()) paths += t.root().subtreeSize() - 1;
        return paths;
    }

    @Override public SnapshotSource withRawTimes(boolean raw) {
        return new SourceInMemory(CalibratedValues.select(snapshot, raw));
    }

    /** A thread's whole is a sum over its root's children (for an inclusive basis): cheap enough for the event thread. */
    @Override public synchronized List<ThreadChoice> threadChoices() {
        if (choices == null) {
            List<Long> ids = new ArrayList<>();
            List<String> names = new ArrayList<>();
            long[] totals = new long[snapshot.threads().size()];
            for (int t = 0; t < totals.length; t++) {
                ThreadProfile p = snapshot.threads().get(t);
                ids.add(p.threadId());
                names.add(p.name());
                totals[t] = snapshot.metrics().isEmpty() ? 0 : metrics.whole(p.root());
            }
            choices = List.copyOf(ThreadChoice.of(ids, names, totals, snapshot.metrics()));
        }
        return choices;
    }

    @Override public SelectedThreads select(ThreadChoice choice) {
        return ThreadsInMemory.of(snapshot, choice, order());
    }

    private synchronized ChildOrder order() {
        if (order == null) order = new ChildOrder(snapshot.methods(), metrics.tree());
        return order;
    }

    @Override public List<String> warnings() {
        return SnapshotWarnings.of(snapshot);
    }
}
