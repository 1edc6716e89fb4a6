package org.candor.ui.snapshot.spi;

/** The ids of the views Candor ships, for views that ask for another ({@link SnapshotViewContext#showMethod}). */
public final class ViewIds {

    public static final String CALL_TREE = "calltree";
    public static final String HOT_SPOTS = "hotspots";
    public static final String BACK_TRACES = "backtraces";
    public static final String FLAME_GRAPH = "flamegraph";
    public static final String CALIBRATION = "calibration";

    private ViewIds() {}
}
