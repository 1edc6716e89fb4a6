package org.candor.ui.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.Dimension;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import javax.imageio.ImageIO;
import java.util.prefs.Preferences;
import javax.swing.JFrame;
import org.candor.ui.model.analyze.Configurations;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.finder.WindowFinder;
import org.assertj.swing.fixture.DialogFixture;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.ui.snapshot.GuiTests;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Running JVMs panel in a frame, on a real program started without any agent: attach with a root from the
 * panel, Reset Collected Results, Snapshot, Stop, Detach, as a user clicks them. Leaves screenshots in
 * target/screenshots.
 */
class LiveSessionsWindowTest {

    private static final String TARGET = "org.candor.ui.live.program.Ticker";

    @TempDir Path dir;
    /** The Analyze Performance settings of this test only. */
    private final Preferences preferences = Preferences.userRoot().node("candor-test-" + System.nanoTime());
    private Process target;
    private FrameFixture window;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
    }

    @AfterEach
    void close() {
        if (window != null) window.cleanUp();
        if (target != null) target.destroyForcibly();
        try {
            preferences.removeNode();
        } catch (java.util.prefs.BackingStoreException e) {
            // left behind in the user's preferences: harmless
        }
    }

    @Test
    void attachesResetsSnapshotsAndDetachesAsAUserClicks() throws Exception {
        String pid = startTicker();

        List<Path> opened = new CopyOnWriteArrayList<>();
        Path snapshots = dir.resolve("snapshots");
        JFrame frame = show(snapshots, opened);

        window.button("refresh").click();
        waitFor("the program in the list", () -> rowOf(pid) >= 0);
        window.table("jvms").selectRows(rowOf(pid));
        waitFor("no session yet", () -> status().contains("No Candor session in " + pid));
        assertThat(window.button("reset").isEnabled()).isFalse();

        // Analyze Performance: Part of application, two roots typed (one a typo: the attach says at once that it
        // matches nothing loaded), the program's package only
        window.button("analyze").click();
        DialogFixture dialog = WindowFinder.findDialog("analyzePerformanceDialog").withTimeout(10_000).using(window.robot());
        org.candor.ui.live.analyze.TaskChoice.choose(dialog, "Part of application");
        dialog.textBox("rootListEntry").enterText(TARGET + ".tick," + TARGET + ".tock\n");
        dialog.textBox("includesEntry").enterText("org.candor.ui.live.program.**\n");
        assertThat(dialog.comboBox("targetJvm").selectedItem()).startsWith("JVM " + pid);
        assertThat(dialog.label("summary").text()).isEqualTo("Part of application: lazy scheme, roots " + TARGET + ".tick, "
                + TARGET + ".tock, classes org.candor.ui.live.program.**, wall time");
        GuiTests.screenshot(dialog.target(), "analyze-part-of-application");
        assertThat(dialog.button("run").text()).isEqualTo("Attach");
        dialog.button("run").click();
        waitFor("attached", () -> message().startsWith("Attached to " + pid + ": Part of application: lazy scheme, roots "
                + TARGET + ".tick"));
        assertThat(message()).endsWith("\ncandor: warning: --root '" + TARGET + ".tock' matched no method the program"
                + " loaded that the filters let through");
        waitFor("the session's status", () -> status().matches("(?s).*state\\s+recording.*"));
        assertThat(status()).containsPattern("scheme\\s+lazy").containsPattern("roots\\s+" + TARGET + ".tick")
                .containsPattern("started.by\\s+attach");
        assertThat(window.table("jvms").valueAt(org.assertj.swing.data.TableCell.row(rowOf(pid)).column(JvmTableModel.SESSION)))
                .isEqualTo("recording");
        assertThat(window.table("jvms").valueAt(org.assertj.swing.data.TableCell.row(rowOf(pid)).column(JvmTableModel.MAIN_CLASS))).isEqualTo(TARGET);
        assertThat(window.table("jvms").valueAt(org.assertj.swing.data.TableCell.row(rowOf(pid)).column(JvmTableModel.JDK)))
                .as("the JDK's version").matches("\\d+[.\\d]*.*");
        GuiTests.screenshot(frame, "live-attached");

        window.button("reset").click();
        waitFor("reset", () -> message().equals("Collected results cleared"));
        waitFor("one reset in the status", () -> status().matches("(?s).*resets\\s+1\\b.*"));
        pause(300);

        window.button("snapshot").click();
        waitFor("a snapshot opened", () -> !opened.isEmpty());
        Path file = opened.get(0);
        assertThat(file.getParent()).isEqualTo(snapshots);
        assertThat(message()).startsWith("Wrote " + file);
        Snapshot s = SnapshotReader.read(file);
        assertThat(s.info().get("session.reset_time")).as("the snapshot starts at the reset").isNotNull();
        int calls = s.metricIndex("calls");
        long ticks = 0;
        long steps = 0;
        for (ThreadProfile t : s.threads()) {
            for (CallNode root : t.root().children()) {
                assertThat(s.methods().get(root.methodId()).name()).as("only the root at the top (lazy)").isEqualTo("tick");
                ticks += root.value(calls);
                for (CallNode c : root.children()) {
                    if (s.methods().get(c.methodId()).name().equals("step")) steps += c.value(calls);
                }
            }
        }
        assertThat(ticks).as("ticks after the reset").isPositive();
        assertThat(steps).as("the root's callee, instrumented lazily").isEqualTo(ticks * 100);
        GuiTests.screenshot(frame, "live-after-snapshot");

        // new settings for the running session: Total over the same package, results cleared
        window.button("apply").click();
        DialogFixture change = WindowFinder.findDialog("analyzePerformanceDialog").withTimeout(10_000).using(window.robot());
        org.candor.ui.live.analyze.TaskChoice.choose(change, "Entire application");
        assertThat(change.button("run").text()).isEqualTo("Apply");
        change.button("run").click();
        waitFor("settings changed", () -> message().startsWith("Settings changed; collected results cleared: total scheme"));
        waitFor("the new scheme in the status", () -> status().matches("(?s).*scheme\\s+total.*"));
        assertThat(status()).containsPattern("(?m)^roots\\s*$");
        GuiTests.screenshot(frame, "live-settings-applied");

        window.button("stop").click();
        waitFor("stopped", () -> status().matches("(?s).*state\\s+stopped.*"));
        assertThat(window.button("start").isEnabled()).isTrue();

        window.button("detach").click();
        waitFor("detached", () -> message().startsWith("Detached"));
        waitFor("detached state", () -> status().matches("(?s).*state\\s+detached.*"));
        assertThat(window.button("reset").isEnabled()).isFalse();
        waitFor("attach offered again", () -> window.button("attach").isEnabled());
        Path shot = GuiTests.screenshot(frame, "live-detached");
        assertLooksLikeAWindow(shot);
        assertThat(target.isAlive()).as("the program runs on after the detach").isTrue();

        // and it can be profiled again, without a restart
        window.button("attach").click();
        waitFor("attached again", () -> message().startsWith("Attached to " + pid + ": Entire application: total scheme"));
        waitFor("recording again", () -> status().matches("(?s).*state\\s+recording.*"));
        assertThat(status()).containsPattern("resets\\s+0");
        GuiTests.screenshot(frame, "live-attached-again");
        window.button("detach").click();
        waitFor("detached again", () -> status().matches("(?s).*state\\s+detached.*"));
        assertThat(Files.readString(dir.resolve("target.stderr"))).as("nothing on the program's stderr but the agent's"
                + " line about the typo").isEqualTo("candor: warning: --root '" + TARGET + ".tock' matched no method the"
                + " program loaded that the filters let through\n");
    }

    @Test
    void aProgramKilledWhileAttachedOpensItsLastCheckpointSaidAsSuch() throws Exception {
        String pid = startTicker();
        List<Path> opened = new CopyOnWriteArrayList<>();
        Path snapshots = dir.resolve("snapshots");
        JFrame frame = show(snapshots, opened);
        window.button("refresh").click();
        waitFor("the program in the list", () -> rowOf(pid) >= 0);
        window.table("jvms").selectRows(rowOf(pid));
        window.button("analyze").click();
        DialogFixture dialog = WindowFinder.findDialog("analyzePerformanceDialog").withTimeout(10_000).using(window.robot());
        dialog.textBox("includesEntry").enterText("org.candor.ui.live.program.**\n");
        dialog.button("run").click();
        waitFor("recording", () -> status().matches("(?s).*state\\s+recording.*"));
        // a checkpoint with the program's calls, where its snapshot at exit will go (each replaces the last whole)
        waitFor("a checkpoint with the ticks", () -> {
            try (java.util.stream.Stream<Path> files = Files.list(snapshots)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    if (f.getFileName().toString().endsWith("-exit.candor")
                            && SnapshotReader.read(f).methods().all().stream().anyMatch(m -> m.name().equals("tick"))) {
                        return true;
                    }
                }
                return false;
            } catch (java.io.IOException e) {
                return false;
            }
        });
        target.destroyForcibly();  // SIGKILL: no shutdown hook, no snapshot at exit
        pause(new Condition("the last checkpoint opened") {
            @Override public boolean test() { return !opened.isEmpty(); }
        }, timeout(60_000));
        assertThat(message()).isEqualTo("JVM " + pid + " ended without its snapshot at exit (killed, or crashed); its"
                + " last checkpoint is open: " + opened.get(0));
        Snapshot s = SnapshotReader.read(opened.get(0));
        assertThat(s.info().checkpoint()).isTrue();
        assertThat(s.methods().all()).anyMatch(m -> m.className().equals(TARGET) && m.name().equals("tick"));
        GuiTests.screenshot(frame, "live-killed-checkpoint-opened");
    }

    @Test
    void profileDemoRunsTheDemoWithASessionAndOpensItsSnapshotWhenItEnds() throws Exception {
        List<Path> opened = new CopyOnWriteArrayList<>();
        Path snapshots = dir.resolve("snapshots");
        JFrame frame = show(snapshots, opened);

        window.button("demo").click();
        waitFor("launched", () -> message().startsWith("Launched "));
        GuiTests.screenshot(frame, "live-demo-launched");
        pause(new Condition("the demo's snapshot at exit opened") {
            @Override public boolean test() { return !opened.isEmpty(); }
        }, timeout(90_000));
        Path file = opened.get(0);
        assertThat(file.getParent()).isEqualTo(snapshots);
        waitFor("the end said", () -> message().startsWith("JVM ") && message().contains("ended; its snapshot at exit is open"));
        Snapshot s = SnapshotReader.read(file);
        assertThat(s.methods().all()).anyMatch(m -> m.className().equals("org.candor.demo.DemoApp") && m.name().equals("main"));
        assertThat(s.threads()).extracting(ThreadProfile::name).contains("main", "order-worker-1", "order-worker-2");
        Path log = Path.of(file.toString().replace(".candor", ".log"));
        assertThat(Files.readString(log)).as("the demo's own output, in its log").contains("checksum ");
        GuiTests.screenshot(frame, "live-demo-ended");
    }

    /** Starts the Ticker without any agent, waits for its "ready" and returns its pid; its stderr goes to a file. */
    private String startTicker() throws Exception {
        String java = System.getenv().getOrDefault("CANDOR_TEST_JAVA", ProcessHandle.current().info().command().orElse("java"));
        // its own classes only, as a program being profiled has (not the test's class path, which holds Candor's)
        Path classes = Path.of(org.candor.ui.live.program.Ticker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        target = new ProcessBuilder(java, "-cp", classes.toString(), TARGET)
                .redirectError(dir.resolve("target.stderr").toFile()).start();
        assertThat(new String(target.getInputStream().readNBytes(6))).isEqualTo("ready\n");
        return Long.toString(target.pid());
    }

    /** The panel in a frame of its own; snapshots written go to {@code snapshots}, opened ones to {@code opened}. */
    private JFrame show(Path snapshots, List<Path> opened) {
        Robot robot = BasicRobot.robotWithNewAwtHierarchy();
        LiveSessionsPanel panel = execute(() -> new LiveSessionsPanel(new LiveSessions(), snapshots, opened::add,
                new Configurations(preferences)));
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor: Running JVMs");
            f.add(panel);
            f.setLocation(100, 100);
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(1100, 640));
        return frame;
    }

    /** A screenshot of real widgets: many colours, not one blank fill. */
    private static void assertLooksLikeAWindow(Path png) throws Exception {
        BufferedImage image = ImageIO.read(new File(png.toString()));
        assertThat(image.getWidth()).isGreaterThan(800);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) colours.add(image.getRGB(x, y));
        }
        assertThat(colours.size()).as("distinct colours in " + png).isGreaterThan(20);
    }

    private int rowOf(String pid) {
        return execute(() -> {
            javax.swing.JTable t = window.table("jvms").target();
            for (int r = 0; r < t.getRowCount(); r++) if (pid.equals(t.getValueAt(r, 0))) return r;
            return -1;
        });
    }

    private String status() {
        return execute(() -> window.textBox("status").target().getText());
    }

    private String message() {
        return execute(() -> window.textBox("message").target().getText());
    }

    private void waitFor(String what, Supplier<Boolean> condition) {
        try {
            pause(new Condition(what) {
                @Override public boolean test() { return condition.get(); }
            }, timeout(30_000));
        } catch (org.assertj.swing.exception.WaitTimedOutError e) {
            throw new AssertionError("timed out waiting for " + what + "; message: " + message() + "; status:\n" + status(), e);
        }
    }
}
