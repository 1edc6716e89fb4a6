package org.candor.ui.live;

import java.awt.BorderLayout;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.candor.ui.model.analyze.Configurations;
import org.candor.ui.snapshot.SnapshotOpener;
import org.openide.util.NbPreferences;
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
        panel = new LiveSessionsPanel(sessions, snapshotDirectory(), SnapshotOpener::open, configurations());
        LiveResultsPanel.Commands commands = new LiveResultsPanel.Commands() {
            @Override public void control(long pid, String command) { panel.control(pid, command); }
            @Override public void takeSnapshot(long pid) { panel.takeSnapshot(pid); }
            @Override public void keep(long pid, Path lastResults) { panel.keep(pid, lastResults); }
        };
        panel.onLive(pid -> SessionWindow.openLiveResults(sessions, pid,
                snapshotDirectory().resolve(".live-" + pid + ".candor"), commands));
        panel.onTelemetry(pid -> SessionWindow.openTelemetry(sessions, pid));
        add(panel, BorderLayout.CENTER);
    }

    /** Where Snapshot and the sessions' snapshots at exit go: {@code ~/candor-snapshots}, or {@code -J-Dcandor.snapshots=DIR}. */
    static Path snapshotDirectory() {
        String dir = System.getProperty("candor.snapshots");
        return dir != null && !dir.isEmpty() ? Paths.get(dir) : Paths.get(System.getProperty("user.home"), "candor-snapshots");
    }

    /** The Analyze Performance settings, last used and named, kept in the module's preferences. */
    static Configurations configurations() {
        return new Configurations(NbPreferences.forModule(LiveSessionsTopComponent.class).node("analyze"));
    }

    /** Opens the window and attaches to {@code pid} with the last used settings. Call on the event thread. */
    static void showAndAttach(long pid) {
        LiveSessionsTopComponent window = showWindow();
        window.requestActive();
        window.panel.attachTo(pid);
    }

    /** Opens (or finds) the JVMs window and shows it. Event thread. */
    static LiveSessionsTopComponent showWindow() {
        TopComponent found = WindowManager.getDefault().findTopComponent(ID);
        LiveSessionsTopComponent window = found instanceof LiveSessionsTopComponent
                ? (LiveSessionsTopComponent) found : new LiveSessionsTopComponent();
        if (!window.isOpened()) window.open();
        window.requestVisible();
        return window;
    }

    @Override
    protected void componentOpened() {
        panel.commands().makeCurrent();
        panel.refreshJvms();
    }
}
