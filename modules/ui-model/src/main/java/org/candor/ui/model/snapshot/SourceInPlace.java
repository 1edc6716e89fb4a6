package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.analysis.PercentBasis;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * A snapshot whose trees are read in place ({@link SnapshotFile}): its small sections decoded, its trees where they
 * are. The thread choices are made when it is (each thread's outermost calls read), so that the window can show them
 * at once.
 */
final class SourceInPlace extends SnapshotSource {

    /** The file as opened, which {@link #close} closes (a raw or calibrated view shares it). */
    private final SnapshotFile opened;
    private final SnapshotFile file;
    private final SnapshotInfo info;
    private final ChildOrder order;
    private final List<ThreadChoice> choices;

    SourceInPlace(SnapshotFile opened, SnapshotFile file) throws IOException {
        this.opened = opened;
        this.file = file;
        this.info = file.info();
        ViewMetrics metrics = new ViewMetrics(file.metrics());
        this.order = new ChildOrder(file.methods(), metrics.tree());
        List<Long> ids = new ArrayList<>();
        List<String> names = new ArrayList<>();
        long[] totals = new long[file.threads().size()];
        for (int t = 0; t < totals.length; t++) {
            ThreadTree tree = file.threads().get(t);
            ids.add(tree.threadId());
            names.add(tree.name());
            totals[t] = file.metrics().isEmpty() ? 0 : PercentBasis.whole(file, List.of(tree), metrics.basis());
        }
        this.choices = List.copyOf(ThreadChoice.of(ids, names, totals, file.metrics()));
    }

    @Override public SnapshotInfo info() { return info; }
    @Override public List<Metric> metrics() { return file.metrics(); }
    @Override public MethodTable methods() { return file.methods(); }
    @Override public Map<String, Long> stats() { return file.stats(); }
    @Override public int threadCount() { return file.threads().size(); }
    @Override public long paths() { return paths(file); }
    @Override public boolean readsFile() { return true; }

    @Override public boolean isCalibrated() {
        return CalibratedValues.isCalibrated(new Snapshot(info, file.metrics(), file.methods()));
    }

    @Override public SnapshotSource withRawTimes(boolean raw) throws IOException {
        return new SourceInPlace(opened, CalibratedValues.select(opened, raw));
    }

    @Override public List<ThreadChoice> threadChoices() { return choices; }

    @Override public SelectedThreads select(ThreadChoice choice) throws IOException {
        return ThreadsInPlace.of(file, choice, order);
    }

    @Override public List<String> warnings() throws IOException {
        try {
            return SnapshotWarnings.of(file);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    @Override public void close() throws IOException {
        opened.close();
    }
}
