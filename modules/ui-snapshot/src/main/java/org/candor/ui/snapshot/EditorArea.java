package org.candor.ui.snapshot;

import org.openide.windows.Mode;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/** Where snapshot, back-trace and comparison windows open: the editor area, activated. */
public final class EditorArea {

    private EditorArea() {}

    /** Docks the window into the editor area, opens and activates it. Call on the event thread. */
    public static <T extends TopComponent> T show(T window) {
        Mode editor = WindowManager.getDefault().findMode("editor");
        if (editor != null) editor.dockInto(window);
        window.open();
        window.requestActive();
        return window;
    }
}
