package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.nio.file.Path;
import org.candor.core.model.Snapshot;
import org.openide.util.lookup.Lookups;
import org.openide.windows.Mode;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/** The window of one opened snapshot, titled with its file name. Not kept across restarts: it holds the snapshot. */
public final class CallTreeTopComponent extends TopComponent {

    private final Path file;

    public CallTreeTopComponent(Path file, Snapshot snapshot) {
        this.file = file;
        setName(file.getFileName().toString());
        setToolTipText(file.toString());
        setLayout(new BorderLayout());
        add(new CallTreePanel(snapshot), BorderLayout.CENTER);
        associateLookup(Lookups.fixed(snapshot, file));
    }

    /** The snapshot file this window shows. */
    public Path file() { return file; }

    /** Opens a window for the snapshot in the editor area and activates it. Call on the event thread. */
    public static CallTreeTopComponent open(Path file, Snapshot snapshot) {
        CallTreeTopComponent tc = new CallTreeTopComponent(file, snapshot);
        Mode editor = WindowManager.getDefault().findMode("editor");
        if (editor != null) editor.dockInto(tc);
        tc.open();
        tc.requestActive();
        return tc;
    }

    /** The open window showing this file, or null. Call on the event thread. */
    public static CallTreeTopComponent findOpen(Path file) {
        for (TopComponent tc : WindowManager.getDefault().getRegistry().getOpened()) {
            if (tc instanceof CallTreeTopComponent && ((CallTreeTopComponent) tc).file.equals(file)) {
                return (CallTreeTopComponent) tc;
            }
        }
        return null;
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorCallTree"; }
}
