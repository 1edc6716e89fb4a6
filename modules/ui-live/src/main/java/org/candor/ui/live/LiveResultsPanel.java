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
import org.candor.ui.model.RefreshPace;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.candor.ui.snapshot.SnapshotViewsPanel;
import org.candor.ui.snapshot.ViewState;

/**
 * A running session's results as they grow: the snapshot window's views (call tree, hot spots, ...: calibrated),
 * of a snapshot the session writes every {@link #REFRESH_MILLIS} ms, the reader's place (thread, view, and each
 * view's own: expanded paths, selection, scroll) kept from one refresh to the next, about once a second, less often
 * when a refresh (the program's snapshot and its reading here) takes more than a twentieth of the time
 * ({@link RefreshPace}). Pause holds the view; Reset
 * Collected Results starts the figures afresh. Each refresh costs the program one snapshot: a copy of the trees, one thread at a time.
 */
final class LiveResultsPanel extends JPanel {

    /** The first pace; then {@link RefreshPace} follows what each refresh costs. */
    static final int REFRESH_MILLIS = (int) RefreshPace.FASTEST_MILLIS;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final LiveSessions sessions;
    private final long pid;
    private final Path scratch;
    private final JLabel state = new JLabel("Waiting for the first results \u2026");
    private final JToggleButton pause = new JToggleButton("Pause");
    private final JPanel results = new JPanel(new BorderLayout());
    private final Poller<Results> poller;
    private SnapshotViewsPanel shown;
    private int refreshes;
    private String asOf = "";
    /** The last results as read, both kinds of times in them: the Raw times switch shows them again. */
    private SnapshotSource lastRead;
    /** Raw times chosen: what the next refresh reads (the worker reads it, the switch sets it). */
    private volatile boolean rawChosen;
    /** The window closed: results read after that are closed, not shown. Event thread. */
    private boolean disposed;
    /**
     * Results replaced by newer ones, whose files are closed two refreshes later (a view of them may still be reading
     * in the background when they are replaced); all of them when the window closes.
     */
    private final java.util.ArrayDeque<SnapshotSource> retired = new java.util.ArrayDeque<>();
    /** Results kept open but not yet closed: the one shown and the two before it. */
    private static final int KEPT_OPEN = 2;

    /** A refresh's results: the file as opened (read in place), and its times as the reader chose them. */
    private record Results(SnapshotSource opened, SnapshotSource shown) { }
    private final javax.swing.JCheckBox rawTimes = new javax.swing.JCheckBox("Raw times");
    /** What the last snapshot request took (the program's copying and writing most of it), in ns; read on the worker. */
    private volatile long lastCost;
    /** How long reading the last snapshot back took here. */
    private volatile long lastReadCost;
    private final JButton keep = new JButton("Keep These Results", ProfileIcons.SNAPSHOT);
    /** What acts on the running session: off once its JVM has ended. */
    private final java.util.List<JButton> sessionButtons = new java.util.ArrayList<>();

    /** What the window's session buttons do, by the JVMs window's hands (its messages, notifications, snapshot folder). */
    interface Commands {
        /** {@code reset}, {@code stop}, {@code start}, {@code detach}. */
        void control(long pid, String command);

        void takeSnapshot(long pid);

        /** The last results read from a session whose JVM ended: kept as a snapshot of its own and opened. */
        void keep(long pid, Path lastResults);
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
        poller = new Poller<>("Candor live results", REFRESH_MILLIS, this::read, this::show, this::noResults);
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
        JPanel buttons = new JPanel(new FlowLayout(FlowLayout.LEADING, 8, 4));
        buttons.add(pause);
        buttons.add(reset);
        sessionButtons.add(reset);
        keep.setName("liveKeep");
        keep.setToolTipText("Keep the last results of the ended JVM as a snapshot of their own, and open it");
        keep.setVisible(false);
        if (commands != null) keep.addActionListener(e -> commands.keep(pid, scratch));
        buttons.add(keep);
        rawTimes.setName("liveRawTimes");
        rawTimes.setToolTipText("Show the times as measured, with the probes' own cost still in them");
        rawTimes.setVisible(false);
        rawTimes.addActionListener(e -> {
            boolean raw = rawTimes.isSelected();
            rawChosen = raw;
            SnapshotSource opened = lastRead;
            if (opened == null) return;
            poller.execute(() -> {
                try {
                    SnapshotSource times = opened.withRawTimes(raw);
                    SwingUtilities.invokeLater(() -> {
                        if (lastRead == opened && rawTimes.isSelected() == raw) display(times);
                    });
                } catch (java.io.IOException ex) {
                    SwingUtilities.invokeLater(() -> state.setText("Cannot read the results: " + ex.getMessage()));
                }
            });
        });
        buttons.add(rawTimes);
        if (commands != null) {
            for (JButton b : new JButton[] {
                command("liveSnapshot", "Take Snapshot", ProfileIcons.SNAPSHOT, () -> commands.takeSnapshot(pid)),
                command("liveStop", "Stop", ProfileIcons.STOP, () -> commands.control(pid, "stop")),
                command("liveStart", "Start", ProfileIcons.START, () -> commands.control(pid, "start")),
                command("liveDetach", "Detach", ProfileIcons.DETACH, () -> commands.control(pid, "detach"))}) {
                buttons.add(b);
                sessionButtons.add(b);
            }
        }
        // the state on a line of its own: a flowing row would hide it behind the buttons in a narrow window
        JPanel bar = new JPanel(new BorderLayout());
        bar.add(buttons, BorderLayout.NORTH);
        bar.add(state, BorderLayout.SOUTH);
        state.setBorder(BorderFactory.createEmptyBorder(0, 8, 4, 8));
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

    /**
     * The session writes a snapshot of what it has recorded so far; the view reads it in place (each refresh writes
     * a new file over the name: the one read stays whole until it is closed), its times as the reader chose them.
     */
    private Results read() throws Exception {
        java.nio.file.Files.createDirectories(scratch.toAbsolutePath().getParent());  // the session writes, the folder is ours
        long started = System.nanoTime();
        ControlClient.Reply r = sessions.live(pid, scratch);
        long written = System.nanoTime();
        lastCost = written - started;
        if (!r.ok) throw new IllegalStateException(r.text);
        SnapshotSource opened = SnapshotSource.openInPlace(scratch);
        try {
            SnapshotSource shown = opened.withRawTimes(rawChosen);
            lastReadCost = System.nanoTime() - written;
            return new Results(opened, shown);
        } catch (java.io.IOException | RuntimeException e) {
            opened.close();
            throw e;
        }
    }

    /** New results, in the times the reader chose (calibrated unless Raw times is on). */
    private void show(Results read) {
        if (disposed) {  // read while the window closed: nobody shows it
            closeQuietly(read.opened());
            return;
        }
        if (lastRead != null) retire(lastRead);
        lastRead = read.opened();
        rawTimes.setVisible(read.opened().isCalibrated());
        display(read.shown());
        refreshes++;
        asOf = LocalTime.now().format(CLOCK);
        long cost = lastCost;
        long readCost = lastReadCost;
        long period = RefreshPace.periodMillis(cost, readCost);
        poller.setPeriod((int) period);
        state.setText("Live results of " + pid + ", as of " + asOf + " (" + RefreshPace.describe(period, cost, readCost) + ")");
    }

    /** Results no longer shown: their file is closed once newer ones have been shown twice. */
    private void retire(SnapshotSource old) {
        retired.addLast(old);
        while (retired.size() > KEPT_OPEN) closeQuietly(retired.removeFirst());
    }

    private static void closeQuietly(SnapshotSource s) {
        try {
            s.close();
        } catch (java.io.IOException e) {
            // a file only read: nothing was lost
        }
    }

    /** These results, the reader's place (thread, view, paths, scroll) taken up. */
    private void display(SnapshotSource times) {
        ViewState place = shown == null ? null : shown.viewState();
        SnapshotViewsPanel next = new SnapshotViewsPanel(times);
        if (place != null) next.restore(place);
        if (shown != null) results.remove(shown);
        shown = next;
        results.add(next, BorderLayout.CENTER);
        results.revalidate();
        results.repaint();
    }

    /**
     * A refresh that got nothing. When the JVM has ended, what was shown stays (its last results, also in the scratch
     * file the session wrote whole) and can be kept; the window stops asking.
     */
    private void noResults(String why) {
        boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        if (alive || shown == null) {
            state.setText("No results from " + pid + ": " + why);
            return;
        }
        poller.stop();
        state.setText("JVM " + pid + " ended: these are its last results, as of " + asOf);
        keep.setVisible(true);
        pause.setEnabled(false);
        sessionButtons.forEach(b -> b.setEnabled(false));
        revalidate();
    }

    /** Stops refreshing and closes the results' files (the window closed). */
    void dispose() {
        disposed = true;
        poller.dispose();
        retired.forEach(LiveResultsPanel::closeQuietly);
        retired.clear();
        if (lastRead != null) closeQuietly(lastRead);
    }
}
