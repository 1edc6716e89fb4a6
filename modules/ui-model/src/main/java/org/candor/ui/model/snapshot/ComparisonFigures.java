package org.candor.ui.model.snapshot;

import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.SnapshotComparison;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;

/**
 * What a comparison of two snapshots shows beside each method or call path (core's {@link SnapshotComparison}): A,
 * B, B − A and the change as a share of A, and the figures the two can be compared by.
 */
public final class ComparisonFigures {

    /** The figure columns, after the method. */
    public static final List<String> COLUMNS = List.of("A", "B", "B \u2212 A", "Change");

    private final SnapshotFile a;
    private final SnapshotFile b;

    public ComparisonFigures(SnapshotFile a, SnapshotFile b) {
        this.a = a;
        this.b = b;
    }

    /** The figures both snapshots have, self time first: what the methods can be compared by. */
    public List<Metric> comparable() {
        List<Metric> out = new ArrayList<>();
        for (Metric m : a.metrics()) if (b.metricIndex(m.key()) >= 0) out.add(m);
        out.sort((x, y) -> Boolean.compare(!x.key().equals(Metric.SELF_TIME.key()), !y.key().equals(Metric.SELF_TIME.key())));
        return out;
    }

    /** What the merged tree compares: total time when both have it, else the first figure they share. */
    public Metric treeMetric() {
        for (Metric m : comparable()) if (m.key().equals(Metric.TOTAL_TIME.key())) return m;
        return comparable().get(0);
    }

    /** A {@link ComparedValue} of A, B or B − A, or the {@link ComparedValue.Change}. */
    public static Class<?> type(int column) {
        return column == 3 ? ComparedValue.Change.class : ComparedValue.class;
    }

    /** The figure of a column for a method or path with {@code va} in A and {@code vb} in B. */
    public static Object cell(int column, long va, long vb, Metric.Unit unit) {
        switch (column) {
            case 0: return new ComparedValue(va, unit, false);
            case 1: return new ComparedValue(vb, unit, false);
            case 2: return new ComparedValue(vb - va, unit, true);
            default: return new ComparedValue.Change(va == 0 ? Double.NaN : (double) (vb - va) / va);
        }
    }
}
