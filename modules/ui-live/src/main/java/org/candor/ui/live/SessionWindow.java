package org.candor.ui.live;

import java.awt.BorderLayout;
import java.nio.file.Path;
import javax.swing.JComponent;
import org.candor.ui.snapshot.EditorArea;
import org.openide.windows.TopComponent;

/**
 * A window about one running session in the editor area (Live Results, Telemetry): its panel, which stops reading
 * from the session when the window closes.
 */
final class SessionWindow extends TopComponent {

    private final String id;
    private final Runnable onClose;

    private SessionWindow(String name, String tip, String id, JComponent panel, Runnable onClose) {
        this.id = id;
        this.onClose = onClose;
        setName(name);
        setToolTipText(tip);
        setLayout(new BorderLayout());
        setMinimumSize(new java.awt.Dimension(320, 200));
        add(panel, BorderLayout.CENTER);
    }

    /** The session's call tree and hot spots as they grow; {@code scratch} takes the snapshots it reads. */
    static void openLiveResults(LiveSessions sessions, long pid, Path scratch, LiveResultsPanel.Commands commands) {
        LiveResultsPanel panel = new LiveResultsPanel(sessions, pid, scratch, commands);
        EditorArea.show(new SessionWindow("Live: " + pid, "Live results of the session in JVM " + pid,
                "CandorLiveResults", panel, panel::dispose));
    }

    /** The session's JVM as live charts. */
    static void openTelemetry(LiveSessions sessions, long pid) {
        TelemetryPanel panel = new TelemetryPanel(sessions, pid);
        EditorArea.show(new SessionWindow("Telemetry: " + pid,
                "Heap, CPU, GC, threads and calls recorded of the session in JVM " + pid, "CandorTelemetry", panel,
                panel::dispose));
    }

    @Override
    protected void componentClosed() {
        onClose.run();
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return id; }
}
