package org.candor.ui.live;

import java.awt.BorderLayout;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.candor.ui.snapshot.SnapshotOpener;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.util.NbBundle.Messages;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/** Window &gt; Running JVMs: the live-session panel, docked beside the snapshots. */
@TopComponent.Description(preferredID = LiveSessionsTopComponent.ID, persistenceType = TopComponent.PERSISTENCE_NEVER)
@TopComponent.Registration(mode = "explorer", openAtStartup = true)
@ActionID(category = "Window", id = "org.candor.ui.live.LiveSessionsTopComponent")
@ActionReference(path = "Menu/Window", position = 100)
@TopComponent.OpenActionRegistration(displayName = "#CTL_LiveSessionsAction", preferredID = LiveSessionsTopComponent.ID)
@Messages({
    "CTL_LiveSessionsAction=Running JVMs",
    "CTL_LiveSessionsTopComponent=Running JVMs",
    "HINT_LiveSessionsTopComponent=Local JVMs: attach a session, reset collected results, take snapshots, detach"
})
public final class LiveSessionsTopComponent extends TopComponent {

    static final String ID = "CandorLiveSessions";

    private final LiveSessionsPanel panel;

    public LiveSessionsTopComponent() {
        setName(Bundle.CTL_LiveSessionsTopComponent());
        setToolTipText(Bundle.HINT_LiveSessionsTopComponent());
        setLayout(new BorderLayout());
        LiveSessions sessions = new LiveSessions();
        panel = new LiveSessionsPanel(sessions, snapshotDirectory(), SnapshotOpener::open,
                AttachSettings.load(), AttachSettings::save);
        panel.onLive(pid -> SessionWindow.openLiveResults(sessions, pid,
                snapshotDirectory().resolve(".live-" + pid + ".candor")));
        panel.onTelemetry(pid -> SessionWindow.openTelemetry(sessions, pid));
        add(panel, BorderLayout.CENTER);
    }

    /** Where Snapshot and the sessions' snapshots at exit go: {@code ~/candor-snapshots}, or {@code -J-Dcandor.snapshots=DIR}. */
    static Path snapshotDirectory() {
        String dir = System.getProperty("candor.snapshots");
        return dir != null && !dir.isEmpty() ? Paths.get(dir) : Paths.get(System.getProperty("user.home"), "candor-snapshots");
    }

    /** Opens the window and attaches to {@code pid} with the last used settings. Call on the event thread. */
    static void showAndAttach(long pid) {
        TopComponent found = WindowManager.getDefault().findTopComponent(ID);
        LiveSessionsTopComponent window = found instanceof LiveSessionsTopComponent
                ? (LiveSessionsTopComponent) found : new LiveSessionsTopComponent();
        window.open();
        window.requestActive();
        window.panel.attachTo(pid);
    }

    @Override
    protected void componentOpened() {
        panel.refreshJvms();
    }
}
