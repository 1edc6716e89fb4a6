package org.candor.ui.live;

import java.awt.BorderLayout;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.candor.ui.snapshot.SnapshotOpener;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.util.NbBundle.Messages;
import org.openide.windows.TopComponent;

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
        panel = new LiveSessionsPanel(new LiveSessions(), snapshotDirectory(), SnapshotOpener::open);
        add(panel, BorderLayout.CENTER);
    }

    /** Where Snapshot writes: {@code ~/candor-snapshots}. */
    static Path snapshotDirectory() {
        return Paths.get(System.getProperty("user.home"), "candor-snapshots");
    }

    @Override
    protected void componentOpened() {
        panel.refreshJvms();
    }
}
