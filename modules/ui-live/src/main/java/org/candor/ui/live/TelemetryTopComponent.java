package org.candor.ui.live;

import java.awt.BorderLayout;
import org.openide.windows.Mode;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

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
        TelemetryTopComponent tc = new TelemetryTopComponent(sessions, pid);
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
    @Override protected String preferredID() { return "CandorTelemetry"; }
}
