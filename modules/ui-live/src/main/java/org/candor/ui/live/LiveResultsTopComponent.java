package org.candor.ui.live;

import java.awt.BorderLayout;
import java.nio.file.Path;
import org.openide.windows.Mode;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/** The Live Results window of one session, in the editor area beside the snapshots. */
final class LiveResultsTopComponent extends TopComponent {

    private final LiveResultsPanel panel;

    LiveResultsTopComponent(LiveSessions sessions, long pid, Path scratch) {
        setName("Live: " + pid);
        setToolTipText("Live results of the session in JVM " + pid);
        setLayout(new BorderLayout());
        setMinimumSize(new java.awt.Dimension(320, 200));
        panel = new LiveResultsPanel(sessions, pid, scratch);
        add(panel, BorderLayout.CENTER);
    }

    static void open(LiveSessions sessions, long pid, Path scratch) {
        LiveResultsTopComponent tc = new LiveResultsTopComponent(sessions, pid, scratch);
        Mode editor = WindowManager.getDefault().findMode("editor");
        if (editor != null) editor.dockInto(tc);
        tc.open();
        tc.requestActive();
    }

    @Override
    protected void componentClosed() {
        panel.dispose();
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorLiveResults"; }
}
