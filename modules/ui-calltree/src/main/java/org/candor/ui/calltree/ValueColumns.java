package org.candor.ui.calltree;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;

/**
 * The value columns that a snapshot's metrics make, in display order: the sort metric first when one is asked for,
 * then times, then counts (a counter's before calls). A time cell is a {@link TimeShare} of the view's whole; a count cell is a {@link Long}.
 */
final class ValueColumns {

    private final List<Metric> metrics = new ArrayList<>();
    private final List<Integer> metricIndexes = new ArrayList<>();

    /** Columns for the call tree: times, then counts (calls last), each in the snapshot's order. */
    static ValueColumns forTree(Snapshot snapshot) {
        return new ValueColumns(snapshot, -1);
    }

    /** Columns for the hot spots: the self-time (or self-count) column first. */
    static ValueColumns forHotSpots(Snapshot snapshot) {
        return new ValueColumns(snapshot, selfMetric(snapshot));
    }

    /**
     * The inclusive value the tree is sorted by and the shares are of: total time, or else the first inclusive time,
     * or else the first inclusive count (a counter's total, e.g. total page faults), or else the first time metric.
     */
    static int primaryMetric(Snapshot snapshot) {
        int total = snapshot.metricIndex(Metric.TOTAL_TIME.key());
        if (total >= 0) return total;
        List<Metric> all = snapshot.metrics();
        for (int i = 0; i < all.size(); i++) if (all.get(i).unit() == Metric.Unit.NANOS && all.get(i).inclusive()) return i;
        for (int i = 0; i < all.size(); i++) if (all.get(i).inclusive()) return i;
        return firstOfUnit(snapshot, Metric.Unit.NANOS);
    }

    /**
     * The exclusive value hot spots are ranked by: self time, or else a counter's self count (the first exclusive
     * metric other than calls), or else the primary metric.
     */
    static int selfMetric(Snapshot snapshot) {
        int self = snapshot.metricIndex(Metric.SELF_TIME.key());
        if (self >= 0) return self;
        List<Metric> all = snapshot.metrics();
        for (int i = 0; i < all.size(); i++) if (!all.get(i).inclusive() && !isCalls(all.get(i))) return i;
        return primaryMetric(snapshot);
    }

    private static boolean isCalls(Metric m) {
        return m.key().equals(Metric.CALLS.key());
    }

    private static int firstOfUnit(Snapshot snapshot, Metric.Unit unit) {
        List<Metric> all = snapshot.metrics();
        for (int i = 0; i < all.size(); i++) if (all.get(i).unit() == unit) return i;
        return 0;
    }

    private ValueColumns(Snapshot snapshot, int first) {
        List<Metric> all = snapshot.metrics();
        if (first >= 0 && first < all.size()) add(all, first);
        for (int i = 0; i < all.size(); i++) if (i != first && all.get(i).unit() == Metric.Unit.NANOS) add(all, i);
        for (int i = 0; i < all.size(); i++) if (i != first && all.get(i).unit() == Metric.Unit.COUNT && !isCalls(all.get(i))) add(all, i);
        for (int i = 0; i < all.size(); i++) if (i != first && all.get(i).unit() == Metric.Unit.COUNT && isCalls(all.get(i))) add(all, i);
    }

    private void add(List<Metric> all, int index) {
        metrics.add(all.get(index));
        metricIndexes.add(index);
    }

    int count() { return metrics.size(); }
    String name(int column) { return metrics.get(column).label(); }
    Class<?> type(int column) { return metrics.get(column).unit() == Metric.Unit.NANOS ? TimeShare.class : Long.class; }
    int metricIndex(int column) { return metricIndexes.get(column); }

    /** The cell of a column for a row whose values {@code values} gives, times as shares of {@code whole}. */
    Object cell(int column, IntToLongFunction values, long whole) {
        long v = values.applyAsLong(metricIndex(column));
        return type(column) == TimeShare.class ? new TimeShare(v, whole) : (Object) v;
    }
}
