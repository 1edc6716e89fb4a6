package org.candor.app.inside;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.awt.Point;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.swing.JComponent;
import javax.swing.JTable;
import org.netbeans.junit.NbTestCase;
import org.openide.windows.TopComponent;

/**
 * A traced run in the app: the command line profiles TracedPhases (two threads, ping and pong, alternating 40 ms of
 * CPU and 30 ms asleep, their "work" phases marked) with {@code --trace}; its snapshot opens with a Threads timeline
 * tab whose lanes show the threads; a span dragged across the lanes is cut, by Call tree of selection, into a
 * snapshot of its own that opens beside it with the phases' methods. Screenshots:
 * target/screenshots/inside-threads-timeline-NN-*.png.
 */
public class ThreadsTimeline extends NbTestCase {

    public ThreadsTimeline(String name) {
        super(name);
    }

    @Override
    protected int timeOut() {
        return 5 * 60_000;
    }

    public void testASpanOfTheTimelineIsCutIntoACallTreeOfItsOwn() throws Exception {
        Path dir = Files.createTempDirectory("candor-timeline");
        Path trace = dir.resolve("run.trace");
        Path snapshot = dir.resolve("run.candor");
        Path root = Path.of("..").toAbsolutePath().normalize();
        String classpath = root.resolve("modules/cli/target/test-classes") + ":" + root.resolve("modules/cli/target/candor/api/candor-api.jar");
        Process profile = new ProcessBuilder(root.resolve("candor").toString(), "profile", "--mode", "sample", "--interval", "1ms",
                "--trace", trace.toString(), "-o", snapshot.toString(), "--", TargetProgram.java(), "-cp", classpath,
                "org.candor.cli.targets.TracedPhases", "5")
                .redirectErrorStream(true).redirectOutput(dir.resolve("profile.out").toFile()).start();
        assertThat(profile.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(profile.exitValue()).as(Files.readString(dir.resolve("profile.out"))).isZero();

        AppGui gui = new AppGui("inside-threads-timeline");
        try {
            gui.menu("File", "Open Snapshot\u2026");
            gui.open(snapshot);
            TopComponent window = gui.window("run.candor", tc -> "run.candor".equals(tc.getName()));
            gui.selectTab(window, "views", "Threads timeline");
            JComponent lanes = Await.value("the timeline's lanes", Await.STEP, () -> gui.findOrNull(window, "timeline.lanes", JComponent.class));
            // a lane a thread, named after it
            String tips = execute(() -> {
                StringBuilder s = new StringBuilder();
                for (int y = 22 + 15; y < lanes.getHeight(); y += 30) {
                    java.awt.event.MouseEvent e = new java.awt.event.MouseEvent(lanes, java.awt.event.MouseEvent.MOUSE_MOVED,
                            0, 0, 20, y, 0, false);
                    s.append(lanes.getToolTipText(e)).append('\n');
                }
                return s.toString();
            });
            assertThat(tips).contains("main (tid").contains("ping (tid").contains("pong (tid");
            gui.shot("timeline-of-the-traced-run");

            // a span across the middle of the run, all threads
            int width = execute(lanes::getWidth);
            int from = 150 + (width - 150) * 45 / 100;
            int to = 150 + (width - 150) * 75 / 100;
            gui.drag(lanes, new Point(from, 60), new Point(to, 60));
            gui.shot("a-span-selected");
            gui.clickButton(window, "timeline.cut");

            TopComponent cut = gui.window("the span's call tree", tc -> tc.getName() != null && tc.getName().startsWith("run.trace-"));
            JTable tree = Await.value("its call tree", Await.STEP, () -> gui.findOrNull(cut, "callTree", JTable.class));
            // the hot path opens by itself: ping's or pong's phase loop under Thread.run
            Await.until("the phases' methods in it", Await.STEP,
                    () -> ShownTable.rows(tree).contains("TracedPhases.run(int, boolean)"), () -> ShownTable.rows(tree));
            assertThat(execute(() -> ShownTable.rows(tree))).doesNotContain("LauncherHelper"); // start-up lies before the span
            gui.shot("call-tree-of-the-span");

            // back in the run's window, the lanes filtered to one thread by its name, then sorted by CPU time: pong's
            // lane alone
            execute(window::requestActive);
            Await.until("the run's window showing", Await.STEP, () -> execute(window::isShowing), () -> "not showing");
            javax.swing.JTextField filter = gui.find(window, "timeline.filter", javax.swing.JTextField.class);
            execute(() -> filter.setText("PONG"));
            javax.swing.JComboBox<?> order = gui.find(window, "timeline.order", javax.swing.JComboBox.class);
            execute(() -> order.setSelectedIndex(2));
            assertThat(execute(() -> String.valueOf(order.getSelectedItem()))).isEqualTo("CPU time");
            Await.until("one lane", Await.STEP, () -> execute(lanes::getPreferredSize).height < 22 + 2 * 30,
                    () -> String.valueOf(execute(lanes::getPreferredSize)));
            String filtered = execute(() -> lanes.getToolTipText(new java.awt.event.MouseEvent(lanes,
                    java.awt.event.MouseEvent.MOUSE_MOVED, 0, 0, 20, 22 + 15, 0, false)));
            assertThat(filtered).startsWith("pong (tid");
            gui.shot("timeline-filtered-to-pong");
        } catch (Throwable t) {
            gui.shot("FAILED");
            throw t;
        } finally {
            gui.cleanUp();
        }
    }

    public void testTheDemoSampledWithATraceFromTheDialogOpensWithItsTimeline() throws Exception {
        AppGui gui = new AppGui("inside-threads-timeline-launched");
        try {
            gui.menu("Profile", "Analyze Performance\u2026");
            org.assertj.swing.fixture.DialogFixture analyze = gui.dialog("analyzePerformanceDialog");
            analyze.list("tasks").selectItem(java.util.regex.Pattern.compile(".*<b>CPU sampling</b>.*"));
            analyze.checkBox("sampleTrace").check();
            analyze.button("chooseDemo").click();
            javax.swing.JButton run = analyze.button("run").target();
            javax.swing.JLabel problem = analyze.label("problem").target();
            Await.until("Launch enabled", Await.STEP, run::isEnabled, problem::getText);
            gui.shot("cpu-sampling-with-a-trace");
            // the snapshots an earlier launch left open are not this one's
            java.util.Set<TopComponent> before = execute(() -> new java.util.HashSet<>(
                    org.openide.windows.WindowManager.getDefault().getRegistry().getOpened()));
            analyze.button("run").click();

            java.util.regex.Pattern launched = java.util.regex.Pattern.compile("launch-\\d{8}-\\d{6}\\.candor");
            TopComponent snapshot = gui.window("the demo's snapshot at its end",
                    tc -> !before.contains(tc) && launched.matcher(tc.getName()).matches());
            gui.selectTab(snapshot, "views", "Threads timeline");
            JComponent lanes = Await.value("the timeline's lanes", Await.STEP, () -> gui.findOrNull(snapshot, "timeline.lanes", JComponent.class));
            String tips = execute(() -> {
                StringBuilder s = new StringBuilder();
                for (int y = 22 + 15; y < lanes.getHeight(); y += 30) {
                    s.append(lanes.getToolTipText(new java.awt.event.MouseEvent(lanes, java.awt.event.MouseEvent.MOUSE_MOVED,
                            0, 0, 20, y, 0, false))).append('\n');
                }
                return s.toString();
            });
            assertThat(tips).as("the demo's threads").contains("main (tid").contains("order-worker-1 (tid");
            gui.shot("the-demos-timeline");
        } catch (Throwable t) {
            gui.shot("FAILED");
            throw t;
        } finally {
            gui.cleanUp();
        }
    }
}
