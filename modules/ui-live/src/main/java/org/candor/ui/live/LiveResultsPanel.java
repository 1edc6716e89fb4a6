package org.candor.ui.live;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JToggleButton;
import javax.swing.SwingUtilities;
import org.candor.client.ControlClient;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.ui.snapshot.SnapshotViewsPanel;
import org.candor.ui.snapshot.ViewState;

/**
 * A running session's results as they grow: the snapshot window's views (call tree, hot spots, ...: calibrated),
 * of a snapshot the session writes every {@link #REFRESH_MILLIS} ms, the reader's place (thread, view, and each
 * view's own: expanded paths, selection, scroll) kept from one refresh to the next. Pause holds the view; Reset
 * Collected Results starts the figures afresh. Each refresh costs the program one snapshot: a copy of the trees, one thread at a time.
 */
final class LiveResultsPanel extends JPanel {

    static final int REFRESH_MILLIS = 2000;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final LiveSessions sessions;
    private final long pid;
    private final Path scratch;
    private final JLabel state = new JLabel("Waiting for the first results \u2026");
    private final JToggleButton pause = new JToggleButton("Pause");
    private final JPanel results = new JPanel(new BorderLayout());
    private final Poller<Snapshot> poller;
    private SnapshotViewsPanel shown;
    private int refreshes;

    /** What the window's session buttons do, by the JVMs window's hands (its messages, notifications, snapshot folder). */
    interface Commands {
        /** {@code reset}, {@code stop}, {@code start}, {@code detach}. */
        void control(long pid, String command);

        void takeSnapshot(long pid);
    }

    /**
     * @param scratch  where the session writes the snapshots this view reads (overwritten each time)
     * @param commands what Take Snapshot, Stop, Start and Detach do (null: those buttons are left out)
     */
    LiveResultsPanel(LiveSessions sessions, long pid, Path scratch, Commands commands) {
        super(new BorderLayout());
        this.sessions = sessions;
        this.pid = pid;
        this.scratch = scratch;
        poller = new Poller<>("Candor live results", REFRESH_MILLIS, this::read, this::show,
                why -> state.setText("No results from " + pid + ": " + why));
        setName("liveResults");
        state.setName("liveState");
        pause.setName("livePause");
        pause.setToolTipText("Hold the view as it is; the session goes on recording");
        pause.addActionListener(e -> {
            if (pause.isSelected()) poller.stop(); else poller.start();
        });
        JButton reset = new JButton("Reset Collected Results", ProfileIcons.RESET);
        reset.setName("liveReset");
        reset.addActionListener(e -> poller.execute(() -> {
            try {
                sessions.command(pid, "reset");
            } catch (Exception ex) {
                SwingUtilities.invokeLater(() -> state.setText("Reset failed: " + ex.getMessage()));
            }
        }));
        JPanel bar = new JPanel(new FlowLayout(FlowLayout.LEADING, 8, 4));
        bar.add(pause);
        bar.add(reset);
        if (commands != null) {
            bar.add(command("liveSnapshot", "Take Snapshot", ProfileIcons.SNAPSHOT, () -> commands.takeSnapshot(pid)));
            bar.add(command("liveStop", "Stop", ProfileIcons.STOP, () -> commands.control(pid, "stop")));
            bar.add(command("liveStart", "Start", ProfileIcons.START, () -> commands.control(pid, "start")));
            bar.add(command("liveDetach", "Detach", ProfileIcons.DETACH, () -> commands.control(pid, "detach")));
        }
        bar.add(state);
        bar.setBorder(BorderFactory.createEmptyBorder(0, 4, 0, 4));
        add(bar, BorderLayout.NORTH);
        add(results, BorderLayout.CENTER);
    }

    private static JButton command(String name, String text, javax.swing.Icon icon, Runnable run) {
        JButton b = new JButton(text, icon);
        b.setName(name);
        b.addActionListener(e -> run.run());
        return b;
    }

    @Override
    public void addNotify() {
        super.addNotify();
        if (!pause.isSelected()) poller.start();
    }

    @Override
    public void removeNotify() {
        poller.stop();
        super.removeNotify();
    }

    /** Refreshes done so far (for tests and the header). */
    int refreshes() { return refreshes; }

    /** The views shown now, or null before the first results. */
    SnapshotViewsPanel shown() { return shown; }

    /** The session writes a snapshot of what it has recorded so far; the view reads it back. */
    private Snapshot read() throws Exception {
        ControlClient.Reply r = sessions.snapshot(pid, scratch);
        if (!r.ok) throw new IllegalStateException(r.text);
        return CalibratedValues.select(SnapshotReader.read(scratch), false);
    }

    private void show(Snapshot snapshot) {
        ViewState place = shown == null ? null : shown.viewState();
        SnapshotViewsPanel next = new SnapshotViewsPanel(snapshot);
        if (place != null) next.restore(place);
        if (shown != null) results.remove(shown);
        shown = next;
        results.add(next, BorderLayout.CENTER);
        results.revalidate();
        results.repaint();
        refreshes++;
        state.setText("Live results of " + pid + ", as of " + LocalTime.now().format(CLOCK) + " (every "
                + REFRESH_MILLIS / 1000 + " s)");
    }

    /** Stops refreshing (the window closed). */
    void dispose() {
        poller.dispose();
    }
}
