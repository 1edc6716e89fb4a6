package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.ProbeEffect;
import org.candor.core.model.MethodInfo;

/**
 * The hot spots of the threads shown: one row per method, largest first by the value core ranks hot spots by, the
 * method then {@link ValueColumns#forHotSpots}, times as shares of the threads' whole; last, where the agent measured
 * it, core's estimate of the probes' effect in each method's self time ({@link ProbeEffect}), as the text report's
 * hot spots show it. The threads' exact flat profiles where the snapshot has them (FLAT), else computed from their
 * trees: make it off the event thread.
 */
public final class HotSpotRows {

    /** The column of the method; the value columns follow it. */
    public static final int METHOD_COLUMN = 0;

    private final List<HotSpot> spots;
    private final ValueColumns columns;
    private final long whole;
    /** Null without an estimate (or a calls or self column); then there is no effect column. */
    private final ProbeEffect effect;
    /** The value column of the self metric the estimate is part of: its type and unit are the effect column's. */
    private final int selfColumn;

    private HotSpotRows(List<HotSpot> spots, ValueColumns columns, long whole, ProbeEffect effect) {
        this.spots = spots;
        this.columns = columns;
        this.whole = whole;
        this.effect = effect;
        int self = -1;
        for (int c = 0; effect != null && c < columns.count(); c++) {
            if (columns.metricIndex(c) == effect.selfMetric()) self = c;
        }
        this.selfColumn = self;
    }

    public static HotSpotRows of(SnapshotSource snapshot, SelectedThreads shown) throws IOException {
        List<HotSpot> spots = new ArrayList<>(shown.hotSpots());
        spots.sort(HotSpot.byValueDescending(new ViewMetrics(snapshot.metrics()).hotSpots()));
        ProbeEffect effect = ProbeEffect.of(snapshot.stats(), snapshot.info());
        return new HotSpotRows(List.copyOf(spots), ValueColumns.forHotSpots(snapshot.metrics()), shown.whole(),
                effect == null ? null : effect.on(snapshot.metrics()));
    }

    public int rowCount() { return spots.size(); }
    public int columnCount() { return 1 + columns.count() + (effect != null ? 1 : 0); }

    /** The column of the probes' estimated effect, or -1 when the snapshot has no estimate. */
    public int effectColumn() { return effect != null ? 1 + columns.count() : -1; }

    public String columnName(int column) {
        if (column == METHOD_COLUMN) return "Method";
        return column == effectColumn() ? ProbeEffect.LABEL : columns.name(column - 1);
    }

    public Class<?> columnType(int column) {
        if (column == METHOD_COLUMN) return MethodInfo.class;
        return columns.type(column == effectColumn() ? selfColumn : column - 1);
    }

    /** What a column holds, for its header's tip; null for the columns whose name says it. */
    public String columnHint(int column) {
        if (column != effectColumn()) return null;
        return effect.explanation(columns.metric(selfColumn).unit());
    }

    /** The method, a {@link TimeShare} or a {@link Long}. */
    public Object cell(int row, int column) {
        HotSpot spot = spots.get(row);
        if (column == METHOD_COLUMN) return spot.method();
        // the estimate as the self column shows its value
        if (column == effectColumn()) return columns.cell(selfColumn, metric -> effect.of(spot), whole);
        return columns.cell(column - 1, spot::value, whole);
    }

    public MethodInfo method(int row) { return spots.get(row).method(); }

    /** The row of a method, or -1 when it is not among the hot spots. */
    public int rowOf(int methodId) {
        for (int r = 0; r < spots.size(); r++) if (spots.get(r).method().id() == methodId) return r;
        return -1;
    }
}
