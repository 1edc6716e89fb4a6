package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.HotSpot;
import org.candor.core.model.MethodInfo;

/**
 * The hot spots of the threads shown: one row per method, largest first by the value core ranks hot spots by, the
 * method then {@link ValueColumns#forHotSpots}, times as shares of the threads' whole. The threads' exact flat
 * profiles where the snapshot has them (FLAT), else computed from their trees: make it off the event thread.
 */
public final class HotSpotRows {

    /** The column of the method; the value columns follow it. */
    public static final int METHOD_COLUMN = 0;

    private final List<HotSpot> spots;
    private final ValueColumns columns;
    private final long whole;

    private HotSpotRows(List<HotSpot> spots, ValueColumns columns, long whole) {
        this.spots = spots;
        this.columns = columns;
        this.whole = whole;
    }

    public static HotSpotRows of(SnapshotSource snapshot, SelectedThreads shown) throws IOException {
        List<HotSpot> spots = new ArrayList<>(shown.hotSpots());
        spots.sort(HotSpot.byValueDescending(new ViewMetrics(snapshot.metrics()).hotSpots()));
        return new HotSpotRows(List.copyOf(spots), ValueColumns.forHotSpots(snapshot.metrics()), shown.whole());
    }

    public int rowCount() { return spots.size(); }
    public int columnCount() { return 1 + columns.count(); }

    public String columnName(int column) {
        return column == METHOD_COLUMN ? "Method" : columns.name(column - 1);
    }

    public Class<?> columnType(int column) {
        return column == METHOD_COLUMN ? MethodInfo.class : columns.type(column - 1);
    }

    /** The method, a {@link TimeShare} or a {@link Long}. */
    public Object cell(int row, int column) {
        HotSpot spot = spots.get(row);
        return column == METHOD_COLUMN ? spot.method() : columns.cell(column - 1, spot::value, whole);
    }

    public MethodInfo method(int row) { return spots.get(row).method(); }

    /** The row of a method, or -1 when it is not among the hot spots. */
    public int rowOf(int methodId) {
        for (int r = 0; r < spots.size(); r++) if (spots.get(r).method().id() == methodId) return r;
        return -1;
    }
}
