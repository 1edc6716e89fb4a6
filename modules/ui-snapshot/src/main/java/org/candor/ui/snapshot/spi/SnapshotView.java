package org.candor.ui.snapshot.spi;

/**
 * What the window may ask of a view's component beyond drawing, when the component implements this interface; every
 * method has a default, so a view implements what it offers.
 */
public interface SnapshotView {

    /** Shows a method as another view asked ({@link SnapshotViewContext#showMethod}); false when it cannot. */
    default boolean showMethod(int methodId) {
        return false;
    }

    /** Opens the view's find (Ctrl+F, Edit &gt; Find); false when it has none. */
    default boolean openFind() {
        return false;
    }

    /**
     * Where the reader is in this view (expanded paths, selection, zoom), to take up in the same view over a later
     * snapshot of the same session: Live Results keeps it from one refresh to the next. Opaque to the window; null
     * when there is nothing to keep.
     */
    default Object place() {
        return null;
    }

    /** Takes up a {@link #place} of this view over an earlier snapshot, once the threads it names are shown. */
    default void takeUp(Object place) {
    }

    /** False while the view is still making what it shows for the threads shown (in the background). */
    default boolean isReady() {
        return true;
    }
}
