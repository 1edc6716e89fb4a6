package org.candor.ui.live;

import java.awt.BorderLayout;
import java.nio.file.Path;
import org.candor.ui.calltree.EditorArea;
import org.openide.windows.TopComponent;

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
        EditorArea.show(new LiveResultsTopComponent(sessions, pid, scratch));
    }

    @Override
    protected void componentClosed() {
        panel.dispose();
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorLiveResults"; }
}
