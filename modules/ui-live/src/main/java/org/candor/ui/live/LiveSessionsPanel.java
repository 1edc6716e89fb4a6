package org.candor.ui.live;

import java.awt.BorderLayout;
import java.awt.Font;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.logging.Logger;
import javax.swing.BorderFactory;
import javax.swing.JButton;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSplitPane;
import javax.swing.JTable;
import javax.swing.JTextArea;
import javax.swing.JTextField;
import javax.swing.ListSelectionModel;
import javax.swing.SwingUtilities;
import org.candor.client.ControlClient;
import org.candor.client.LocalJvms;
import org.candor.ui.model.SessionActions;
import org.candor.ui.model.SessionState;
import org.candor.ui.model.SessionStatus;

/**
 * The Running JVMs panel: the local JVMs, an attach with scheme, roots and include filter, and for a JVM with a
 * session its status and the live commands: Reset Collected Results, Snapshot (opened at once), Stop and
 * Start (recording), Detach. The work runs on one background thread; every answer shows in one message line.
 */
final class LiveSessionsPanel extends JPanel {

    private static final Logger LOG = Logger.getLogger(LiveSessionsPanel.class.getName());
    static final int REFRESH_MILLIS = 2000;
    /** How long after its JVM left the list a snapshot at exit may still be on its way. */
    private static final long EXIT_SNAPSHOT_GRACE_MILLIS = 10_000;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final LiveSessions sessions;
    private final Path snapshotDirectory;
    private final Consumer<Path> onSnapshot;
    private final Consumer<AttachSettings> onAttach;
    /** Opens the Live Results of a session (the window's job: a window of its own). */
    private java.util.function.LongConsumer onLive = pid -> { };
    private java.util.function.LongConsumer onTelemetry = pid -> { };
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "Candor live sessions");
        t.setDaemon(true);
        return t;
    });

    /** Sessions whose snapshot at exit the window will open when their JVM ends: pid to file. Event thread only. */
    private final Map<Long, ExitSnapshot> exitSnapshots = new HashMap<>();
    /** Lists the JVMs again while the window shows: sessions start and programs end without a click. */
    private final javax.swing.Timer autoRefresh = new javax.swing.Timer(REFRESH_MILLIS, e -> refreshJvms());
    private boolean refreshing;
    /** While the list is replaced under the same selection: selection events are not the user's. */
    private boolean reloading;
    /** The JVM whose status the status area shows. */
    private long statusOf = -1;
    private final JvmTableModel model = new JvmTableModel();
    private final JTable table = new JTable(model);
    private final JComboBox<String> scheme = new JComboBox<>(new String[] {"lazy", "eager", "total"});
    private final JTextField roots = new JTextField(14);
    private final JTextField include = new JTextField(10);
    private final JButton attach = button("attach", "Attach", "Start a session in the selected JVM with these settings");
    private final JButton apply = button("apply", "Apply",
            "Give the running session these settings: it re-instruments and starts its results afresh");
    private final JButton browse = button("browse", "Browse\u2026",
            "Choose roots among the classes the selected session's program has loaded");
    private final JButton reset = button("reset", "Reset Collected Results",
            "Clear what was recorded so far; instrumentation stays");
    private final JButton snapshot = button("snapshot", "Snapshot", "Write what was recorded so far and open it");
    private final JButton live = button("live", "Live Results",
            "The session's call tree and hot spots as they grow, refreshed every 2 s");
    private final JButton telemetry = button("telemetry", "Telemetry",
            "Heap, CPU load, GC time, threads and calls recorded, as live charts");
    private final JButton stop = button("stop", "Stop", "Calls are not recorded until Start; probes stay");
    private final JButton start = button("start", "Start", "Record again");
    private final JButton detach = button("detach", "Detach", "Restore the original bytecode; the session ends");
    private final JTextArea status = new JTextArea(8, 30);
    /** The last answer, wrapped: a long one (a path, a refusal) stays whole in a narrow window. */
    private final JTextArea message = new JTextArea(" ");

    /**
     * @param snapshotDirectory where Snapshot writes ({@code <pid>-<time>.candor})
     * @param onSnapshot        called on the event thread with each snapshot written
     */
    LiveSessionsPanel(LiveSessions sessions, Path snapshotDirectory, Consumer<Path> onSnapshot) {
        this(sessions, snapshotDirectory, onSnapshot, new AttachSettings("lazy", "", ""), s -> { });
    }

    /**
     * @param initial  the attach form's first values
     * @param onAttach called with the form's values at each attach (the window keeps them for the next run)
     */
    LiveSessionsPanel(LiveSessions sessions, Path snapshotDirectory, Consumer<Path> onSnapshot,
                      AttachSettings initial, Consumer<AttachSettings> onAttach) {
        super(new BorderLayout());
        this.sessions = sessions;
        this.snapshotDirectory = snapshotDirectory;
        this.onSnapshot = onSnapshot;
        this.onAttach = onAttach;
        scheme.setSelectedItem(initial.scheme);
        roots.setText(initial.roots);
        include.setText(initial.include);
        setName("liveSessions");
        table.setName("jvms");
        table.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        table.getColumnModel().getColumn(0).setPreferredWidth(60);
        table.getColumnModel().getColumn(0).setMinWidth(56);
        table.getColumnModel().getColumn(1).setMinWidth(72);
        table.getColumnModel().getColumn(1).setPreferredWidth(75);
        table.getColumnModel().getColumn(2).setPreferredWidth(300);
        // docked beside the snapshots at start: ask for a side panel's width, not half the window
        table.setPreferredScrollableViewportSize(new java.awt.Dimension(360, 120));
        table.getSelectionModel().addListSelectionListener(e -> {
            if (!e.getValueIsAdjusting() && !reloading) refreshStatus();
        });
        scheme.setName("scheme");
        roots.setName("roots");
        roots.setToolTipText("Root methods, comma-separated: com.acme.Server.handle, com.acme.Server.*, com.acme.**");
        include.setName("include");
        include.setToolTipText("Classes to instrument, comma-separated (empty: everything but the JDK)");
        status.setName("status");
        status.setEditable(false);
        status.setFont(new Font(Font.MONOSPACED, Font.PLAIN, status.getFont().getSize()));
        message.setName("message");
        message.setEditable(false);
        message.setLineWrap(true);
        message.setWrapStyleWord(true);
        message.setOpaque(false);
        message.setBorder(BorderFactory.createEmptyBorder(2, 4, 2, 4));

        JButton refresh = button("refresh", "Refresh", "List the JVMs again");
        refresh.addActionListener(e -> refreshJvms());
        JButton launch = button("launch", "Launch\u2026", "Start a Java program with a session, with the settings below");
        launch.addActionListener(e -> launchAsked());
        JButton demo = button("demo", "Profile Demo",
                "Run the bundled order-processing demo with a Total session; its snapshot opens when it ends");
        demo.addActionListener(e -> launchDemo());
        launch.setMnemonic('L');
        demo.setMnemonic('D');
        attach.addActionListener(e -> attachSelected());
        apply.addActionListener(e -> applyToSession());
        browse.addActionListener(e -> browseRoots());
        reset.addActionListener(e -> control("reset"));
        stop.addActionListener(e -> control("stop"));
        start.addActionListener(e -> control("start"));
        detach.addActionListener(e -> control("detach"));
        snapshot.addActionListener(e -> takeSnapshot());
        live.addActionListener(e -> {
            long pid = selectedPid();
            if (pid >= 0) onLive.accept(pid);
        });
        telemetry.addActionListener(e -> {
            long pid = selectedPid();
            if (pid >= 0) onTelemetry.accept(pid);
        });

        JPanel top = new JPanel(new BorderLayout());
        JPanel bar = new JPanel(new java.awt.FlowLayout(java.awt.FlowLayout.LEFT, 6, 4));
        bar.add(refresh);
        bar.add(launch);
        bar.add(demo);
        top.add(bar, BorderLayout.NORTH);
        top.add(new JScrollPane(table), BorderLayout.CENTER);

        JPanel settings = new JPanel(new GridBagLayout());
        settings.setBorder(BorderFactory.createTitledBorder("Attach (instrumentation)"));
        row(settings, 0, "Scheme", scheme, attach);
        row(settings, 1, "Roots", roots, browse);
        row(settings, 2, "Include", include, apply);

        JPanel commands = new JPanel(new BorderLayout(4, 4));
        commands.setBorder(BorderFactory.createTitledBorder("Session"));
        commands.add(reset, BorderLayout.NORTH);
        JPanel more = new JPanel(new java.awt.GridLayout(0, 2, 4, 4));
        for (JButton b : new JButton[] {live, telemetry, snapshot, detach, stop, start}) more.add(b);
        commands.add(more, BorderLayout.CENTER);

        JPanel bottom = new JPanel(new BorderLayout());
        JPanel controls = new JPanel(new BorderLayout());
        controls.add(settings, BorderLayout.NORTH);
        controls.add(commands, BorderLayout.SOUTH);
        bottom.add(controls, BorderLayout.NORTH);
        bottom.add(new JScrollPane(status), BorderLayout.CENTER);
        bottom.add(message, BorderLayout.SOUTH);

        JSplitPane split = new JSplitPane(JSplitPane.VERTICAL_SPLIT, top, bottom);
        split.setResizeWeight(0.35);
        add(split, BorderLayout.CENTER);
        setMinimumSize(new java.awt.Dimension(260, 300));
        enableFor(null);
    }

    /** One labelled row of a form: label, the field across, and an optional button at the end. */
    private static void row(JPanel form, int y, String label, java.awt.Component field, JButton end) {
        GridBagConstraints c = new GridBagConstraints();
        c.gridy = y;
        c.insets = new Insets(2, 4, 2, 4);
        c.anchor = GridBagConstraints.WEST;
        form.add(new JLabel(label), c);
        c.fill = GridBagConstraints.HORIZONTAL;
        c.weightx = 1;
        c.gridwidth = end == null ? 2 : 1;
        form.add(field, c);
        if (end != null) {
            c.fill = GridBagConstraints.NONE;
            c.weightx = 0;
            c.gridwidth = 1;
            form.add(end, c);
        }
    }

    private static JButton button(String name, String text, String tip) {
        JButton b = new JButton(text);
        b.setName(name);
        b.setToolTipText(tip);
        return b;
    }

    @Override
    public void addNotify() {
        super.addNotify();
        autoRefresh.start();
    }

    @Override
    public void removeNotify() {
        autoRefresh.stop();
        super.removeNotify();
    }

    /** Lists the JVMs again, keeping the selection; opens the snapshots at exit of sessions that ended. */
    void refreshJvms() {
        if (refreshing) return;  // the last one is still on its way (the Attach API can be slow)
        refreshing = true;
        long selected = selectedPid();
        worker.execute(() -> {
            java.util.List<LocalJvms.Jvm> list;
            try {
                list = sessions.jvms();
            } catch (RuntimeException e) {
                list = null;
            }
            java.util.List<LocalJvms.Jvm> found = list;
            SwingUtilities.invokeLater(() -> {
                refreshing = false;
                if (found == null) return;
                // the list again under the same selection, without passing through none selected: the buttons
                // would be off for a moment every refresh, and a click in that moment lost
                reloading = true;
                try {
                    model.set(found);
                    int row = model.rowOf(selected);
                    if (row >= 0) table.getSelectionModel().setSelectionInterval(row, row);
                } finally {
                    reloading = false;
                }
                refreshStatus();
                openSnapshotsOfEndedSessions();
            });
        });
    }

    /** A file a session writes when its program ends, and since when its JVM is gone from the list (0: listed). */
    private static final class ExitSnapshot {
        final Path file;
        long goneSince;

        ExitSnapshot(Path file) {
            this.file = file;
        }
    }

    private void openSnapshotsOfEndedSessions() {
        long now = System.currentTimeMillis();
        for (java.util.Iterator<Map.Entry<Long, ExitSnapshot>> it = exitSnapshots.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, ExitSnapshot> e = it.next();
            ExitSnapshot x = e.getValue();
            if (model.rowOf(e.getKey()) >= 0) continue;
            if (x.goneSince == 0) x.goneSince = now;
            if (Files.isRegularFile(x.file)) {
                it.remove();
                String line = "JVM " + e.getKey() + " ended; its snapshot at exit is open: " + x.file;
                LOG.info(line);
                say(line);
                onSnapshot.accept(x.file);
            } else if (now - x.goneSince > EXIT_SNAPSHOT_GRACE_MILLIS) {
                it.remove();
                String line = "JVM " + e.getKey() + " ended without writing its snapshot at exit (" + x.file + ")";
                LOG.info(line);
                say(line);
            }
        }
    }

    private long selectedPid() {
        LocalJvms.Jvm j = model.at(table.getSelectedRow());
        return j == null ? -1 : j.pid;
    }

    private void refreshStatus() {
        LocalJvms.Jvm j = model.at(table.getSelectedRow());
        if (j == null) {
            status.setText("");
            enableFor(null);
            return;
        }
        if (j.session.equals("none")) {
            status.setText("No Candor session in " + j.pid + " (" + j.displayName + "): Attach starts one.");
            enableFor(SessionState.NONE);
            return;
        }
        long pid = j.pid;
        worker.execute(() -> {
            SessionStatus session = sessions.status(pid);
            if (session.state() != SessionState.UNREACHABLE) {
                SwingUtilities.invokeLater(() -> noteExitSnapshot(pid, session.field("output")));
            }
            // the status in words first; every field as the channel sent it below, for the curious
            StringBuilder b = new StringBuilder(String.join("\n", session.summary()));
            if (!session.fields().isEmpty()) b.append("\n\nAll fields:\n");
            for (Map.Entry<String, String> e : session.fields().entrySet()) {
                b.append(String.format("%-26s %s%n", e.getKey(), e.getValue()));
            }
            String shown = b.toString();
            SessionState s = session.state();
            SwingUtilities.invokeLater(() -> {
                if (selectedPid() != pid) return;
                if (!status.getText().equals(shown)) {
                    // refreshed every few seconds: keep where the reader scrolled to in this JVM's status
                    java.awt.Rectangle seen = statusOf == pid ? status.getVisibleRect() : new java.awt.Rectangle(0, 0, 1, 1);
                    statusOf = pid;
                    status.setText(shown);
                    SwingUtilities.invokeLater(() -> status.scrollRectToVisible(seen));
                }
                enableFor(s);
            });
        });
    }

    /** A session's snapshot at exit, as its status names it ({@code output}): none after a detach. */
    private void noteExitSnapshot(long pid, String output) {
        if (output == null || output.isEmpty() || output.startsWith("none")) {
            exitSnapshots.remove(pid);
        } else if (!exitSnapshots.containsKey(pid) || !exitSnapshots.get(pid).file.toString().equals(output)) {
            exitSnapshots.put(pid, new ExitSnapshot(Path.of(output)));
        }
    }

    /** Buttons for a JVM without a session ({@code none}), a session in this state, or no selection (null). */
    private void enableFor(SessionState state) {
        SessionActions a = SessionActions.of(state);
        attach.setEnabled(a.attach);
        apply.setEnabled(a.apply);
        browse.setEnabled(a.apply);
        reset.setEnabled(a.reset);
        snapshot.setEnabled(a.snapshot);
        live.setEnabled(a.snapshot);
        telemetry.setEnabled(a.snapshot);
        detach.setEnabled(a.detach);
        stop.setEnabled(a.stop);
        start.setEnabled(a.start);
    }

    private void attachSelected() {
        long pid = selectedPid();
        if (pid < 0) return;
        AttachSettings form = formSettings();
        Path atExit = stamped(pid + "-", "-exit.candor");
        say("Attaching to " + pid + " \u2026");
        run(() -> {
            try {
                Files.createDirectories(snapshotDirectory);
                sessions.attach(pid, form, atExit);
                SwingUtilities.invokeLater(() -> exitSnapshots.put(pid, new ExitSnapshot(atExit)));
            } catch (Exception e) {
                LOG.info("Attach to " + pid + " failed: " + e.getMessage());
                throw e;
            }
            LOG.info("Attached to " + pid);
            StringBuilder said = new StringBuilder("Attached to " + pid + ": " + form.scheme + " scheme"
                    + (form.roots.isEmpty() ? "" : ", roots " + form.roots));
            for (String warning : sessions.status(pid).warnings()) {
                LOG.info(warning);
                said.append('\n').append(warning);
            }
            return said.toString();
        });
    }

    /**
     * Lists the JVMs, selects {@code pid} and attaches with the form's settings ({@code candor --attach PID}); says so
     * when no local JVM has that id. Call on the event thread.
     */
    void attachTo(long pid) {
        say("Looking for JVM " + pid + " \u2026");
        worker.execute(() -> {
            java.util.List<LocalJvms.Jvm> list = sessions.jvms();
            SwingUtilities.invokeLater(() -> {
                model.set(list);
                int row = model.rowOf(pid);
                if (row < 0) {
                    String line = "No local JVM has process id " + pid + ": not a Java program, ended, or another user's";
                    LOG.info(line);
                    say(line);
                    return;
                }
                table.getSelectionModel().setSelectionInterval(row, row);
                LocalJvms.Jvm j = model.at(row);
                if (!j.session.equals("none") && !j.session.equals("detached")) {
                    say("JVM " + pid + " already has a Candor session");
                    refreshStatus();
                    return;
                }
                attachSelected();
            });
        });
    }

    /** A file in the snapshot directory named for now: {@code PREFIX20261125-141802SUFFIX}. */
    private Path stamped(String prefix, String suffix) {
        return snapshotDirectory.resolve(prefix + LocalDateTime.now().format(STAMP) + suffix);
    }

    /** The form's scheme, roots and include, kept for the next run of the app. */
    private AttachSettings formSettings() {
        AttachSettings form = new AttachSettings((String) scheme.getSelectedItem(), roots.getText().trim(),
                include.getText().trim());
        onAttach.accept(form);
        return form;
    }

    /** Browse…: roots chosen among the loaded classes, added to the Roots field (Apply gives them to the session). */
    private void browseRoots() {
        long pid = selectedPid();
        if (pid < 0) return;
        RootBrowser browser = new RootBrowser(sessions, pid);
        int answer = javax.swing.JOptionPane.showConfirmDialog(this, browser, "Choose root methods of " + pid,
                javax.swing.JOptionPane.OK_CANCEL_OPTION, javax.swing.JOptionPane.PLAIN_MESSAGE);
        browser.dispose();
        if (answer != javax.swing.JOptionPane.OK_OPTION || browser.chosen().isEmpty()) return;
        String now = roots.getText().trim();
        roots.setText((now.isEmpty() ? "" : now + ",") + String.join(",", browser.chosen()));
        say("Roots chosen: " + String.join(", ", browser.chosen()) + "; Apply gives them to the session");
    }

    /** Launch…: asks for the program, then starts it with the form's settings. */
    private void launchAsked() {
        LaunchForm form = new LaunchForm();
        while (true) {
            int answer = javax.swing.JOptionPane.showConfirmDialog(this, form, "Launch a Java program with a session",
                    javax.swing.JOptionPane.OK_CANCEL_OPTION, javax.swing.JOptionPane.PLAIN_MESSAGE);
            if (answer != javax.swing.JOptionPane.OK_OPTION) return;
            String problem = form.problem();
            if (problem == null) break;
            javax.swing.JOptionPane.showMessageDialog(this, problem, "Launch", javax.swing.JOptionPane.WARNING_MESSAGE);
        }
        form.save();
        launch(form.command(), form.workingDirectory(), formSettings());
    }

    /** Profile Demo: the bundled demo under Total over its own package, whatever the form says. */
    private void launchDemo() {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        run(() -> {
            java.util.List<String> command = sessions.demoCommand(javaBin);
            SwingUtilities.invokeLater(() -> launch(command, null, new AttachSettings("total", "", "org.candor.demo.**")));
            return "Starting the demo \u2026";
        });
    }

    /** Starts the program; its output goes to a log beside its snapshot, which opens when it ends. */
    private void launch(java.util.List<String> command, Path workingDirectory, AttachSettings session) {
        Path atExit = stamped("launch-", ".candor");
        Path log = atExit.resolveSibling(atExit.getFileName().toString().replace(".candor", ".log"));
        say("Launching " + String.join(" ", command) + " \u2026");
        run(() -> {
            Files.createDirectories(snapshotDirectory);
            Process p;
            try {
                p = sessions.launch(command, workingDirectory, session, atExit, log);
            } catch (Exception e) {
                LOG.info("Launch failed: " + e.getMessage());
                throw e;
            }
            long pid = p.pid();
            LOG.info("Launched " + pid + ": " + String.join(" ", command));
            SwingUtilities.invokeLater(() -> exitSnapshots.put(pid, new ExitSnapshot(atExit)));
            return "Launched " + pid + " (" + session.scheme + " scheme); its output goes to " + log
                    + "; its snapshot opens when it ends";
        });
    }

    /** The form's scheme, roots and include for the selected session ({@code candor ctl PID set}). */
    private void applyToSession() {
        long pid = selectedPid();
        if (pid < 0) return;
        AttachSettings form = formSettings();
        say("Changing the settings of " + pid + " \u2026");
        run(() -> {
            ControlClient.Reply reply = sessions.change(pid, form);
            if (!reply.ok) return answer(reply);
            StringBuilder said = new StringBuilder(answer(reply)).append(": ").append(reply.get("scheme")).append(" scheme");
            if (!reply.fields.getOrDefault("roots", "").isEmpty()) said.append(", roots ").append(reply.get("roots"));
            for (String warning : sessions.status(pid).warnings()) said.append('\n').append(warning);
            return said.toString();
        });
    }

    private void control(String command) {
        long pid = selectedPid();
        if (pid < 0) return;
        run(() -> answer(sessions.command(pid, command)));
    }

    private void takeSnapshot() {
        long pid = selectedPid();
        if (pid < 0) return;
        Path file = stamped(pid + "-", ".candor");
        run(() -> {
            Files.createDirectories(snapshotDirectory);
            ControlClient.Reply r = sessions.snapshot(pid, file);
            if (r.ok) SwingUtilities.invokeLater(() -> onSnapshot.accept(file));
            return answer(r);
        });
    }

    private static String answer(ControlClient.Reply r) {
        return r.ok ? capitalized(r.text) : "Refused: " + r.text;
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private interface Work {
        String run() throws Exception;
    }

    /** Runs on the worker, then shows its one line and lists the JVMs again (their session states change). */
    private void run(Work work) {
        worker.execute(() -> {
            String line;
            try {
                line = work.run();
            } catch (Exception e) {
                line = "Failed: " + e.getMessage();
            }
            String shown = line;
            SwingUtilities.invokeLater(() -> {
                say(shown);
                refreshJvms();
            });
        });
    }

    private void say(String line) {
        message.setText(line);
    }

    /** What Live Results does with the selected session's pid. */
    void onLive(java.util.function.LongConsumer open) {
        onLive = open;
    }

    /** What Telemetry does with the selected session's pid. */
    void onTelemetry(java.util.function.LongConsumer open) {
        onTelemetry = open;
    }

    /** Stops the worker (the window closed). */
    void dispose() {
        worker.shutdownNow();
    }
}
