package org.candor.ui.live;

import static org.candor.ui.model.Words.capitalized;

import java.awt.BorderLayout;
import java.awt.Font;
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
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JScrollPane;
import javax.swing.JSplitPane;
import javax.swing.JTable;
import javax.swing.JTextArea;
import javax.swing.ListSelectionModel;
import javax.swing.SwingUtilities;
import org.candor.client.ControlClient;
import org.candor.client.JvmDetails;
import org.candor.client.LocalJvms;
import org.candor.ui.live.analyze.AnalyzePerformanceDialog;
import org.candor.ui.live.analyze.AnalyzeTarget;
import org.candor.ui.model.SessionActions;
import org.candor.ui.model.SessionState;
import org.candor.ui.model.SessionStatus;
import org.candor.ui.model.analyze.AnalyzeSettings;
import org.candor.ui.model.analyze.Configurations;
import org.candor.ui.snapshot.Problems;
import org.netbeans.api.progress.ProgressHandle;

/**
 * The Running JVMs panel: the local JVMs, Analyze Performance (or Attach with the last used settings), Launch and the
 * demo, and for a JVM with a session its status and the live commands: Change Settings, Reset Collected Results, Take
 * Snapshot (opened at once), Stop and Start (recording), Detach, Live Results, Telemetry. The work runs on one
 * background thread under a progress bar; every answer shows in one message line, a failure as a notification too.
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
    /** The Analyze Performance settings: the last used and the named ones. */
    private final Configurations configurations;
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
    /** What /proc told of each JVM listed, read once by the worker (a command line and a JDK do not change). */
    private final Map<Long, JvmDetails> details = new java.util.concurrent.ConcurrentHashMap<>();
    private final JTable table = new JTable(model);
    /** Every command of the window, shared with the Profile menu and toolbar. */
    private final SessionCommands commands = new SessionCommands();
    /** The settings Attach and Launch use now (the last used), in words. */
    private final JLabel settingsLine = new JLabel(" ");
    private final JTextArea status = new JTextArea(8, 30);
    /** The last answer, wrapped: a long one (a path, a refusal) stays whole in a narrow window. */
    private final JTextArea message = new JTextArea(" ");

    /**
     * @param snapshotDirectory where Snapshot writes ({@code <pid>-<time>.candor})
     * @param onSnapshot        called on the event thread with each snapshot written
     * @param configurations    the Analyze Performance settings (last used and named), kept between runs of the app
     */
    LiveSessionsPanel(LiveSessions sessions, Path snapshotDirectory, Consumer<Path> onSnapshot,
                      Configurations configurations) {
        super(new BorderLayout());
        this.sessions = sessions;
        this.snapshotDirectory = snapshotDirectory;
        this.onSnapshot = onSnapshot;
        this.configurations = configurations;
        setName("liveSessions");
        table.setName("jvms");
        table.setSelectionMode(ListSelectionModel.SINGLE_SELECTION);
        model.layOut(table);
        table.setAutoResizeMode(JTable.AUTO_RESIZE_OFF);  // columns keep readable widths; the list scrolls sideways
        // docked beside the snapshots at start: ask for a side panel's width, not half the window
        table.setPreferredScrollableViewportSize(new java.awt.Dimension(360, 120));
        table.getSelectionModel().addListSelectionListener(e -> {
            if (!e.getValueIsAdjusting() && !reloading) refreshStatus();
        });
        settingsLine.setName("settingsLine");
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
        defineCommands();
        JButton analyze = commandButton(SessionCommands.ANALYZE, 'A');
        JButton launch = commandButton(SessionCommands.LAUNCH, 'L');
        JButton demo = commandButton(SessionCommands.DEMO, 'D');

        JPanel top = new JPanel(new BorderLayout());
        // two rows of two: the window is docked narrow beside the snapshots, and a flowing row would hide its end
        JPanel bar = new JPanel(new java.awt.GridLayout(2, 2, 4, 4));
        bar.setBorder(BorderFactory.createEmptyBorder(4, 4, 4, 4));
        bar.add(analyze);
        bar.add(launch);
        bar.add(demo);
        bar.add(refresh);
        top.add(bar, BorderLayout.NORTH);
        top.add(new JScrollPane(table), BorderLayout.CENTER);

        JPanel settings = new JPanel(new BorderLayout(4, 4));
        settings.setBorder(BorderFactory.createTitledBorder("Profile with the last used settings"));
        settings.add(settingsLine, BorderLayout.CENTER);
        JPanel settingButtons = new JPanel(new java.awt.GridLayout(1, 2, 4, 4));
        settingButtons.add(commandButton(SessionCommands.ATTACH, '\0'));
        settingButtons.add(commandButton(SessionCommands.CHANGE, '\0'));
        settings.add(settingButtons, BorderLayout.SOUTH);
        showLastSettings();

        JPanel session = new JPanel(new BorderLayout(4, 4));
        session.setBorder(BorderFactory.createTitledBorder("Session"));
        session.add(commandButton(SessionCommands.RESET, '\0'), BorderLayout.NORTH);
        JPanel more = new JPanel(new java.awt.GridLayout(0, 2, 4, 4));
        for (String key : new String[] {SessionCommands.LIVE, SessionCommands.TELEMETRY, SessionCommands.SNAPSHOT,
                SessionCommands.DETACH, SessionCommands.STOP, SessionCommands.START}) {
            more.add(commandButton(key, '\0'));
        }
        session.add(more, BorderLayout.CENTER);

        JPanel bottom = new JPanel(new BorderLayout());
        JPanel controls = new JPanel(new BorderLayout());
        controls.add(settings, BorderLayout.NORTH);
        controls.add(session, BorderLayout.SOUTH);
        bottom.add(controls, BorderLayout.NORTH);
        bottom.add(new JScrollPane(status), BorderLayout.CENTER);
        bottom.add(message, BorderLayout.SOUTH);

        JSplitPane split = new JSplitPane(JSplitPane.VERTICAL_SPLIT, top, bottom);
        split.setResizeWeight(0.35);
        add(split, BorderLayout.CENTER);
        setMinimumSize(new java.awt.Dimension(260, 300));
        enableFor((SessionState) null);
    }

    /** The window's commands: its buttons, and through {@link SessionCommands} the Profile menu's. */
    private void defineCommands() {
        commands.add(SessionCommands.ANALYZE, this::analyzePerformance);
        commands.add(SessionCommands.ATTACH, () -> attachSelected(configurations.last()));
        commands.add(SessionCommands.CHANGE, this::changeSettings);
        commands.add(SessionCommands.LAUNCH, this::launchAsked);
        commands.add(SessionCommands.DEMO, this::launchDemo);
        commands.add(SessionCommands.RESET, () -> control("reset"));
        commands.add(SessionCommands.SNAPSHOT, this::takeSnapshot);
        commands.add(SessionCommands.LIVE, () -> {
            long pid = selectedPid();
            if (pid >= 0) onLive.accept(pid);
        });
        commands.add(SessionCommands.TELEMETRY, () -> {
            long pid = selectedPid();
            if (pid >= 0) onTelemetry.accept(pid);
        });
        commands.add(SessionCommands.STOP, () -> control("stop"));
        commands.add(SessionCommands.START, () -> control("start"));
        commands.add(SessionCommands.DETACH, () -> control("detach"));
    }

    /** A button that is the command {@code key}, named {@code key} for tests; {@code mnemonic} 0 for none. */
    private JButton commandButton(String key, char mnemonic) {
        JButton b = new JButton(commands.get(key));
        b.setName(key);
        if (mnemonic != 0) b.setMnemonic(mnemonic);
        return b;
    }

    /** This window's commands (the Profile menu's while it is the JVMs window shown). */
    SessionCommands commands() {
        return commands;
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
            Map<Long, JvmDetails> read = new HashMap<>();
            try {
                list = sessions.jvms();
                for (LocalJvms.Jvm j : list) read.put(j.pid, details.computeIfAbsent(j.pid, sessions::details));
                details.keySet().retainAll(read.keySet());
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
                    model.set(found, read);
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
            boolean there = Files.isRegularFile(x.file);
            // a checkpoint may still be replaced by the snapshot at exit: given the same grace as no file at all
            boolean checkpoint = there && isCheckpoint(x.file);
            boolean late = now - x.goneSince > EXIT_SNAPSHOT_GRACE_MILLIS;
            if (there && (!checkpoint || late)) {
                it.remove();
                String line = checkpoint
                        ? "JVM " + e.getKey() + " ended without its snapshot at exit (killed, or crashed); its last"
                                + " checkpoint is open: " + x.file
                        : "JVM " + e.getKey() + " ended; its snapshot at exit is open: " + x.file;
                LOG.info(line);
                say(line);
                onSnapshot.accept(x.file);
            } else if (!there && late) {
                it.remove();
                String line = "JVM " + e.getKey() + " ended without writing its snapshot at exit (" + x.file + ")";
                LOG.info(line);
                say(line);
                Problems.notify("No snapshot from JVM " + e.getKey(), line);
            }
        }
    }

    private static boolean isCheckpoint(Path file) {
        try (org.candor.core.snapshot.SnapshotFile s = org.candor.core.snapshot.SnapshotFile.open(file)) {
            return s.info().checkpoint();
        } catch (java.io.IOException | RuntimeException unreadable) {
            return false;  // opened as any file: the snapshot window says what is wrong with it
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
            enableFor((SessionState) null);
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
            SessionActions allowed = session.actions();  // a sampling session's differ from instrumentation's
            SwingUtilities.invokeLater(() -> {
                if (selectedPid() != pid) return;
                if (!status.getText().equals(shown)) {
                    // refreshed every few seconds: keep where the reader scrolled to in this JVM's status
                    java.awt.Rectangle seen = statusOf == pid ? status.getVisibleRect() : new java.awt.Rectangle(0, 0, 1, 1);
                    statusOf = pid;
                    status.setText(shown);
                    SwingUtilities.invokeLater(() -> status.scrollRectToVisible(seen));
                }
                enableFor(allowed);
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
        enableFor(SessionActions.of(state));
    }

    private void enableFor(SessionActions a) {
        commands.enable(SessionCommands.ATTACH, a.attach);
        commands.enable(SessionCommands.CHANGE, a.apply);
        commands.enable(SessionCommands.RESET, a.reset);
        commands.enable(SessionCommands.SNAPSHOT, a.snapshot);
        commands.enable(SessionCommands.LIVE, a.snapshot);
        commands.enable(SessionCommands.TELEMETRY, a.snapshot);
        commands.enable(SessionCommands.DETACH, a.detach);
        commands.enable(SessionCommands.STOP, a.stop);
        commands.enable(SessionCommands.START, a.start);
    }

    /** Starts a session in the selected JVM with {@code settings}, which become the last used. */
    private void attachSelected(AnalyzeSettings settings) {
        long pid = selectedPid();
        if (pid < 0) return;
        configurations.saveLast(settings);
        showLastSettings();
        Path atExit = stamped(pid + "-", "-exit.candor");
        say("Attaching to " + pid + " \u2026");
        run("Attaching to " + pid, () -> {
            try {
                Files.createDirectories(snapshotDirectory);
                sessions.attach(pid, settings, atExit);
                SwingUtilities.invokeLater(() -> exitSnapshots.put(pid, new ExitSnapshot(atExit)));
            } catch (Exception e) {
                LOG.info("Attach to " + pid + " failed: " + e.getMessage());
                throw e;
            }
            LOG.info("Attached to " + pid);
            StringBuilder said = new StringBuilder("Attached to " + pid + ": " + settings.summary());
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
            Map<Long, JvmDetails> read = new HashMap<>();
            for (LocalJvms.Jvm j : list) read.put(j.pid, details.computeIfAbsent(j.pid, sessions::details));
            SwingUtilities.invokeLater(() -> {
                model.set(list, read);
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
                attachSelected(configurations.last());
            });
        });
    }

    /** A file in the snapshot directory named for now: {@code PREFIX20261125-141802SUFFIX}. */
    private Path stamped(String prefix, String suffix) {
        return snapshotDirectory.resolve(prefix + LocalDateTime.now().format(STAMP) + suffix);
    }

    /** The settings Attach and Launch use, in words, under the buttons. */
    private void showLastSettings() {
        String text = configurations.last().summary();
        settingsLine.setText(text);
        settingsLine.setToolTipText(text);
    }

    /**
     * Analyze Performance: the task and its settings for the selected JVM (or a program to launch), then attach or
     * launch with them.
     */
    void analyzePerformance() {
        java.util.List<AnalyzeTarget> targets = new java.util.ArrayList<>();
        AnalyzeTarget selected = null;
        for (int r = 0; r < model.getRowCount(); r++) {
            LocalJvms.Jvm j = model.at(r);
            if (!j.session.equals("none") && !j.session.equals("detached")) continue;
            AnalyzeTarget t = AnalyzeTarget.attach(j.pid, model.mainClass(r));
            targets.add(t);
            if (j.pid == selectedPid()) selected = t;
        }
        AnalyzePerformanceDialog.Choice choice = AnalyzePerformanceDialog.ask(this, configurations, configurations.last(),
                targets, selected, null);
        showLastSettings();
        if (choice == null) return;
        if (choice.target().kind() == AnalyzeTarget.Kind.LAUNCH) {
            launch(choice.target().command(), choice.target().workingDirectory(), choice.settings());
        } else {
            int row = model.rowOf(choice.target().pid());
            if (row >= 0) table.getSelectionModel().setSelectionInterval(row, row);
            attachSelected(choice.settings());
        }
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
        launch(form.command(), form.workingDirectory(), configurations.last());
    }

    /** Profile Demo: the bundled demo under Total over its own package, whatever the form says. */
    private void launchDemo() {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        run("Starting the demo", () -> {
            java.util.List<String> command = sessions.demoCommand(javaBin);
            AnalyzeSettings demo = AnalyzeSettings.defaults().withFilters(java.util.List.of("org.candor.demo.**"),
                    java.util.List.of(), true);
            SwingUtilities.invokeLater(() -> launch(command, null, demo));
            return "Starting the demo \u2026";
        });
    }

    /** Starts the program; its output goes to a log beside its snapshot, which opens when it ends. */
    private void launch(java.util.List<String> command, Path workingDirectory, AnalyzeSettings session) {
        Path atExit = stamped("launch-", ".candor");
        Path log = atExit.resolveSibling(atExit.getFileName().toString().replace(".candor", ".log"));
        say("Launching " + String.join(" ", command) + " \u2026");
        run("Launching " + command.get(command.size() - 1), () -> {
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
            return "Launched " + pid + " (" + session.summary() + "); its output goes to " + log
                    + "; its snapshot opens when it ends";
        });
    }

    /** Change Settings: Analyze Performance for the running session, then {@code candor ctl PID set}. */
    private void changeSettings() {
        long pid = selectedPid();
        if (pid < 0) return;
        AnalyzeTarget session = AnalyzeTarget.session(pid, model.mainClass(table.getSelectedRow()));
        AnalyzePerformanceDialog.Choice choice = AnalyzePerformanceDialog.ask(this, configurations, configurations.last(),
                java.util.List.of(), null, session);
        showLastSettings();
        if (choice == null) return;
        AnalyzeSettings settings = choice.settings();
        say("Changing the settings of " + pid + " \u2026");
        run("Changing the settings of " + pid, () -> {
            ControlClient.Reply reply = sessions.change(pid, settings);
            if (!reply.ok) return answer(reply);
            StringBuilder said = new StringBuilder(answer(reply)).append(": ").append(reply.get("scheme")).append(" scheme");
            if (!reply.fields.getOrDefault("roots", "").isEmpty()) said.append(", roots ").append(reply.get("roots"));
            for (String warning : sessions.status(pid).warnings()) said.append('\n').append(warning);
            return said.toString();
        });
    }

    private void control(String command) {
        long pid = selectedPid();
        if (pid >= 0) control(pid, command);
    }

    /** A control command ({@code reset}, {@code stop}, {@code start}, {@code detach}) to the session in {@code pid}. */
    void control(long pid, String command) {
        run(capitalized(command) + " in " + pid, () -> answer(sessions.command(pid, command)));
    }

    private void takeSnapshot() {
        long pid = selectedPid();
        if (pid >= 0) takeSnapshot(pid);
    }

    /** Take Snapshot of the session in {@code pid}: written to the snapshot folder and opened. */
    void takeSnapshot(long pid) {
        Path file = stamped(pid + "-", ".candor");
        run("Taking a snapshot of " + pid, () -> {
            Files.createDirectories(snapshotDirectory);
            ControlClient.Reply r = sessions.snapshot(pid, file);
            if (r.ok) SwingUtilities.invokeLater(() -> onSnapshot.accept(file));
            return answer(r);
        });
    }

    /** A live view's last results of a JVM that ended, kept beside the other snapshots and opened. */
    void keep(long pid, Path lastResults) {
        Path file = stamped(pid + "-", "-last.candor");
        run("Keeping the last results of " + pid, () -> {
            Files.createDirectories(snapshotDirectory);
            org.candor.core.snapshot.SnapshotCopy.copy(lastResults, file);
            SwingUtilities.invokeLater(() -> onSnapshot.accept(file));
            return "Kept the last results of " + pid + " as " + file;
        });
    }

    private static String answer(ControlClient.Reply r) {
        return r.ok ? capitalized(r.text) : "Refused: " + r.text;
    }

    private interface Work {
        String run() throws Exception;
    }

    /** Runs on the worker, then shows its one line and lists the JVMs again (their session states change). */
    /**
     * Runs on the worker under a progress bar named {@code doing}, then shows its one line and lists the JVMs again
     * (their session states change). A failure or a refusal also comes as a notification: the user may be looking at
     * another window.
     */
    private void run(String doing, Work work) {
        worker.execute(() -> {
            ProgressHandle progress = ProgressHandle.createHandle(doing);
            progress.start();
            progress.switchToIndeterminate();
            String line;
            boolean failed = false;
            try {
                line = work.run();
                failed = line.startsWith("Refused: ");
            } catch (Exception e) {
                line = "Failed: " + e.getMessage();
                failed = true;
            } finally {
                progress.finish();
            }
            String shown = line;
            if (failed) {
                LOG.info(doing + " failed: " + shown);
                Problems.notify(doing + " failed", shown);
            }
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
