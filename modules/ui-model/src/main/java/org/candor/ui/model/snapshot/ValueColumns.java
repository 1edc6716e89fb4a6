package org.candor.ui.model.snapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.candor.core.analysis.ColumnOrder;
import org.candor.core.analysis.SortMetric;
import org.candor.core.model.Metric;

/**
 * The value columns that a snapshot's metrics make, in core's {@link ColumnOrder} (the text report's): the hot spots
 * lead with the {@link SortMetric} they are ranked by. A time cell is a {@link TimeShare} of the view's whole; a
 * count cell is a {@link Long}.
 */
public final class ValueColumns {

    private final List<Metric> metrics = new ArrayList<>();
    private final List<Integer> metricIndexes = new ArrayList<>();
    private final int basis;

    /** Columns for the call tree (and every view of the tree: back traces, the flame graph's figures). */
    public static ValueColumns forTree(List<Metric> metrics) {
        return new ValueColumns(metrics, ColumnOrder.of(metrics));
    }

    /** Columns for the hot spots: the value they are ranked by first. */
    public static ValueColumns forHotSpots(List<Metric> all) {
        return new ValueColumns(all, ColumnOrder.leading(all, SortMetric.hotSpots(all, SortMetric.tree(all))));
    }

    private ValueColumns(List<Metric> all, int[] order) {
        for (int k : order) {
            metrics.add(all.get(k));
            metricIndexes.add(k);
        }
        this.basis = new ViewMetrics(all).basis();
    }

    public int count() { return metrics.size(); }
    public String name(int column) { return metrics.get(column).label(); }
    public Metric metric(int column) { return metrics.get(column); }
    public Class<?> type(int column) { return metrics.get(column).unit() == Metric.Unit.NANOS ? TimeShare.class : Long.class; }
    public int metricIndex(int column) { return metricIndexes.get(column); }

    /** The cell of a column for a row whose values {@code values} gives, times as shares of {@code whole}. */
    public Object cell(int column, IntToLongFunction values, long whole) {
        long v = values.applyAsLong(metricIndex(column));
        return type(column) == TimeShare.class ? new TimeShare(v, whole) : (Object) v;
    }

    /**
     * The column as one line of text, {@code Total time: 2.40 s (72.7%)} or {@code Calls: 3,000}: a time with its
     * share of {@code whole}, a count alone unless it is what shares compare ({@link ViewMetrics#basis}).
     */
    public String line(int column, IntToLongFunction values, long whole) {
        long v = values.applyAsLong(metricIndex(column));
        boolean share = type(column) == TimeShare.class || metricIndex(column) == basis;
        String text = DisplayUnits.value(v, metrics.get(column).unit());
        return name(column) + ": " + text + (share ? " (" + DisplayUnits.percent(new TimeShare(v, whole).fraction()) + ")" : "");
    }
}
