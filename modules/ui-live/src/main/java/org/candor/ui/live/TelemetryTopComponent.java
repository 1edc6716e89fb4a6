package org.candor.ui.live;

import java.awt.BorderLayout;
import org.candor.ui.calltree.EditorArea;
import org.openide.windows.TopComponent;

/** The Telemetry window of one session, in the editor area. */
final class TelemetryTopComponent extends TopComponent {

    private final TelemetryPanel panel;

    TelemetryTopComponent(LiveSessions sessions, long pid) {
        setName("Telemetry: " + pid);
        setToolTipText("Heap, CPU, GC, threads and calls recorded of the session in JVM " + pid);
        setLayout(new BorderLayout());
        setMinimumSize(new java.awt.Dimension(320, 200));
        panel = new TelemetryPanel(sessions, pid);
        add(panel, BorderLayout.CENTER);
    }

    static void open(LiveSessions sessions, long pid) {
        EditorArea.show(new TelemetryTopComponent(sessions, pid));
    }

    @Override
    protected void componentClosed() {
        panel.dispose();
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorTelemetry"; }
}
