package org.candor.ui.calltree;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.candor.core.analysis.ColumnOrder;
import org.candor.core.analysis.SortMetric;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;

/**
 * The value columns that a snapshot's metrics make, in core's {@link ColumnOrder} (the text report's): the hot spots
 * lead with the {@link SortMetric} they are ranked by. A time cell is a {@link TimeShare} of the view's whole; a
 * count cell is a {@link Long}.
 */
final class ValueColumns {

    private final List<Metric> metrics = new ArrayList<>();
    private final List<Integer> metricIndexes = new ArrayList<>();

    /** Columns for the call tree. */
    static ValueColumns forTree(Snapshot snapshot) {
        return new ValueColumns(snapshot.metrics(), ColumnOrder.of(snapshot.metrics()));
    }

    /** Columns for the hot spots: the value they are ranked by first. */
    static ValueColumns forHotSpots(Snapshot snapshot) {
        List<Metric> all = snapshot.metrics();
        return new ValueColumns(all, ColumnOrder.leading(all, SortMetric.hotSpots(all, SortMetric.tree(all))));
    }

    private ValueColumns(List<Metric> all, int[] order) {
        for (int k : order) add(all, k);
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
