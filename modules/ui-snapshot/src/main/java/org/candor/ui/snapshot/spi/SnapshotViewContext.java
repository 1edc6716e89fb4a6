package org.candor.ui.snapshot.spi;

import java.util.function.Consumer;
import org.candor.ui.model.snapshot.SelectedThreads;
import org.candor.ui.model.snapshot.SnapshotSource;

/** What the window gives each of its views: the snapshot, the threads shown, and a way to the other views. Event thread. */
public interface SnapshotViewContext {

    /**
     * The snapshot as shown: calibrated times, or the raw ones when {@link #rawTimes()}. Its trees may be read in
     * place from a file of tens of millions of call paths ({@link SnapshotSource#readsFile}): a view asks its
     * questions of {@link #shown()} off the event thread, and one that would need the whole tree at once says so.
     */
    SnapshotSource snapshot();

    /** True when the window shows instrumented times as measured, before calibration took the probes' cost out. */
    boolean rawTimes();

    /**
     * The threads the window's selector shows now (one thread, or all merged), with their tree; null until the first
     * choice's tree is made (in the background).
     */
    SelectedThreads shown();

    /** Called on the event thread each time another thread choice is shown (its tree made), the first one included. */
    void onShown(Consumer<SelectedThreads> listener);

    /** True when the window has the view of this {@link SnapshotViewProvider#id}. */
    boolean hasView(String viewId);

    /**
     * Brings that view to the front and asks it to show the method ({@link SnapshotView#showMethod}): Find in Hot
     * Spots, Find in Call Tree, Back Traces. Nothing happens when the window has no such view.
     */
    void showMethod(String viewId, int methodId);
}
