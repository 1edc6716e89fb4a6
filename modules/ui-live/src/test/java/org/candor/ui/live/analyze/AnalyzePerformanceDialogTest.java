package org.candor.ui.live.analyze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.prefs.Preferences;
import javax.swing.SwingUtilities;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.finder.JOptionPaneFinder;
import org.assertj.swing.finder.WindowFinder;
import org.assertj.swing.fixture.DialogFixture;
import org.assertj.swing.fixture.JFileChooserFixture;
import org.assertj.swing.timing.Condition;
import org.candor.client.filters.SelectionFile;
import org.candor.client.system.MachineChecks;
import org.candor.client.system.TargetChecks;
import org.candor.ui.snapshot.GuiTests;
import org.candor.ui.model.analyze.AnalyzeSettings;
import org.candor.ui.model.analyze.Configurations;
import org.candor.ui.model.analyze.ProfilingTask;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Analyze Performance dialog as a user meets it, without a JVM behind it: each task shows its own settings and
 * says in one line what stands in the way; presets, TAU files and named configurations do what they say; the
 * button says what it will do and hands back exactly the settings shown.
 */
class AnalyzePerformanceDialogTest {

    @TempDir Path dir;
    private final Preferences preferences = Preferences.userRoot().node("candor-test-" + System.nanoTime());
    private Robot robot;
    private final AtomicReference<AnalyzePerformanceDialog.Choice> answer = new AtomicReference<>();
    private volatile boolean closed;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
        // a tooltip that opens where the robot rests would take its next click (the lists lie under the fields)
        execute(() -> javax.swing.ToolTipManager.sharedInstance().setEnabled(false));
    }

    @AfterEach
    void close() throws Exception {
        if (robot != null) robot.cleanUp();
        preferences.removeNode();
    }

    /** This test's own JVM: a real one to attach to, named as if it ran {@code com.acme.shop.web.Main}. */
    private static final long SELF = ProcessHandle.current().pid();

    /** Opens the dialog as the JVMs window does, for one JVM whose main class is {@code com.acme.shop.web.Main}. */
    private DialogFixture open(AnalyzeSettings initial) {
        return open(initial, SELF);
    }

    private DialogFixture open(AnalyzeSettings initial, long pid) {
        robot = BasicRobot.robotWithNewAwtHierarchy();
        AnalyzeTarget jvm = AnalyzeTarget.attach(pid, "com.acme.shop.web.Main");
        Configurations configurations = new Configurations(preferences);
        SwingUtilities.invokeLater(() -> {
            answer.set(AnalyzePerformanceDialog.ask(null, configurations, initial, List.of(jvm), jvm, null));
            closed = true;
        });
        DialogFixture d = WindowFinder.findDialog("analyzePerformanceDialog").withTimeout(10_000).using(robot);
        d.moveTo(new java.awt.Point(60, 40));
        return d;
    }

    @Test
    void eachTaskShowsItsSettingsAndSaysWhatStandsInTheWay() throws Exception {
        DialogFixture d = open(AnalyzeSettings.defaults());
        assertThat(d.label("summary").text()).isEqualTo("Entire application: total scheme, every class, wall time");
        assertThat(d.button("run").text()).isEqualTo("Attach");
        assertThat(d.button("run").isEnabled()).isTrue();
        assertThat(visible(d, "rootList")).isFalse();

        task(d, "Part of application");
        assertThat(visible(d, "rootList")).isTrue();
        assertThat(d.label("problem").text()).isEqualTo("Part of application needs at least one root method");
        assertThat(d.button("run").isEnabled()).isFalse();
        d.textBox("rootListEntry").enterText("com.acme.Cart.checkout(\n");
        assertThat(d.label("problem").text()).contains("com.acme.Cart.checkout(");
        d.list("rootList").selectItem(0);
        d.button("rootListRemove").click();
        assertThat(d.list("rootList").contents()).as("removed").isEmpty();
        d.textBox("rootListEntry").enterText("com.acme.Cart.checkout\n");
        assertThat(d.label("problem").text()).isBlank();
        d.radioButton("eager").click();
        assertThat(d.label("summary").text()).startsWith("Part of application: eager scheme, roots com.acme.Cart.checkout");

        task(d, "Application startup");
        assertThat(d.radioButton("launchChoice").target().isSelected()).as("startup launches").isTrue();
        assertThat(d.radioButton("attachChoice").isEnabled()).isFalse();
        assertThat(d.button("run").text()).isEqualTo("Launch");
        d.button("chooseDemo").click();
        assertThat(d.label("targetProgram").target().getToolTipText()).endsWith("-jar "
                + org.candor.ui.live.InstalledAgent.demoJar());
        assertThat(d.button("run").isEnabled()).as("the demo is a program to launch").isTrue();

        task(d, "CPU sampling");
        assertThat(visible(d, "sampleInterval")).isTrue();
        assertThat(visible(d, "metric")).as("a sampled stack has no metric").isFalse();
        d.radioButton("attachChoice").click();
        d.comboBox("sampleInterval").replaceText("1us");
        // Enter goes to the combo's editor, which holds the focus: asking the combo itself for focus
        // first fails where the editor already has it (seen in CI).
        new org.assertj.swing.fixture.JTextComponentFixture(d.robot(), (javax.swing.text.JTextComponent)
                d.comboBox("sampleInterval").target().getEditor().getEditorComponent())
                .pressAndReleaseKeys(java.awt.event.KeyEvent.VK_ENTER);
        waitFor("the floor said", () -> d.label("problem").text().contains("below the supported floor"));
        d.comboBox("sampleInterval").selectItem("4ms");
        waitFor("no problem", () -> d.label("problem").text().isBlank());
        d.radioButton("sampleWall").click();
        GuiTests.screenshot(d.target(), "analyze-cpu-sampling");
        assertThat(d.button("run").text()).isEqualTo("Attach");
        d.button("run").click();
        waitFor("the dialog closed", () -> closed);
        AnalyzePerformanceDialog.Choice c = answer.get();
        assertThat(c.target().pid()).isEqualTo(SELF);
        assertThat(c.settings().task()).isEqualTo(ProfilingTask.CPU_SAMPLING);
        assertThat(c.settings().samplingEvent()).isEqualTo("wall");
        assertThat(c.settings().interval()).isEqualTo("4ms");
        assertThat(new Configurations(preferences).last()).as("kept as the last used").isEqualTo(c.settings());
    }

    @Test
    void presetsTauFilesAndNamedConfigurations() throws Exception {
        DialogFixture d = open(AnalyzeSettings.defaults());
        d.button("filterPresets").click();
        d.menuItem("presetMine").click();
        d.button("filterPresets").click();
        d.menuItem("presetJdk").click();
        assertThat(d.list("includes").contents()).containsExactly("com.acme.shop.**");
        assertThat(d.list("excludes").contents()).contains("java.**", "jdk.**", "sun.**");

        Path tau = dir.resolve("acme.tau");
        Files.writeString(tau, "# from TAU\nBEGIN_EXCLUDE_LIST\ncom.acme.shop.gen.#\nEND_EXCLUDE_LIST\n");
        d.button("filterImport").click();
        approve(d.fileChooser(), tau);
        waitFor("imported", () -> d.label("note").text().startsWith("Imported 0 include and 1 exclude patterns"));
        assertThat(d.list("excludes").contents()).contains("com.acme.shop.gen.*");

        Path out = dir.resolve("out.tau");
        d.button("filterExport").click();
        approve(d.fileChooser(), out);
        waitFor("exported", () -> d.label("note").text().equals("Wrote " + out));
        assertThat(SelectionFile.read(out).excludes()).contains("java.**", "com.acme.shop.gen.*");

        d.button("configurationSave").click();
        // the name typed and OK pressed on the event thread, as the file choosers are approved: a robot's keys went
        // elsewhere once in CI while the dialog's other rows were filled in
        org.assertj.swing.fixture.JOptionPaneFixture pane = JOptionPaneFinder.findOptionPane().withTimeout(10_000).using(robot);
        javax.swing.text.JTextComponent name = pane.textBox().target();
        javax.swing.JButton ok = pane.okButton().target();
        execute(() -> {
            name.setText("shop, my code only");
            ok.doClick();
        });
        waitFor("kept", () -> d.label("note").text().equals("Kept as the configuration shop, my code only"));
        assertThat(new Configurations(preferences).names()).containsExactly("shop, my code only");
        GuiTests.screenshot(d.target(), "analyze-filters-and-configurations");

        task(d, "Part of application");
        assertThat(d.comboBox("configuration").selectedItem()).as("edited: no longer that configuration")
                .isEqualTo(AnalyzePerformancePanel.AS_SHOWN);
        d.comboBox("configuration").selectItem("shop, my code only");
        waitFor("the configuration shown again", () -> execute(() -> d.list("tasks").target().getSelectedValue())
                == ProfilingTask.ENTIRE_APPLICATION);
        assertThat(d.list("includes").contents()).containsExactly("com.acme.shop.**");
        d.button("cancel").click();
        waitFor("the dialog closed", () -> closed);
        assertThat(answer.get()).as("cancelled: nothing to run").isNull();
        assertThat(new Configurations(preferences).last()).as("nor kept").isEqualTo(AnalyzeSettings.defaults());
    }

    @Test
    void aMetricThisMachineCannotReadSaysWhy() throws Exception {
        DialogFixture d = open(AnalyzeSettings.defaults());
        waitFor("the machine asked", () -> !d.label("metricVerdict").text().startsWith("asking"));
        d.comboBox("metric").selectItem(org.candor.client.ProfileSettings.METRICS.indexOf("instructions"));
        String verdict = d.label("metricVerdict").text();
        if (verdict.startsWith("Unavailable here: ")) {
            assertThat(d.label("problem").text()).startsWith("The metric instructions cannot be read on this machine: ")
                    .contains(verdict.substring("Unavailable here: ".length()));
            assertThat(d.button("run").isEnabled()).isFalse();
        } else {
            assertThat(verdict).as("readable here: how").contains("read by");
            assertThat(d.label("problem").text()).isBlank();
        }
        d.comboBox("calibration").selectItem(1);
        d.comboBox("calstats").selectItem(MetricChooser.NONE);
        // The summary follows the combos' events, which may reach it after selectItem returns.
        waitFor("the summary follows the calibration choice", () -> d.label("summary").text()
                .endsWith(", calibration frozen after the warm-up, no earlier minima"));
        GuiTests.screenshot(d.target(), "analyze-metric");
        d.comboBox("metric").selectItem(org.candor.client.ProfileSettings.METRICS.indexOf("wall"));
        waitFor("the wall clock's verdict", () -> d.label("metricVerdict").text().contains("read by"));
        assertThat(d.button("run").isEnabled()).isTrue();
        d.button("cancel").click();
    }

    @Test
    void theOperatingSystemIsAskedWhatWorksAndANonJvmIsRefused() throws Exception {
        DialogFixture d = open(AnalyzeSettings.defaults());
        waitFor("the machine's rows", () -> exists(d, "verdict:" + MachineChecks.HARDWARE_COUNTERS)
                && exists(d, "verdict:" + TargetChecks.DYNAMIC_AGENT_LOADING));
        assertThat(d.label("verdict:" + MachineChecks.WALL_CLOCK).text()).isIn("available", "limited");
        assertThat(d.label("verdict:" + TargetChecks.OWNER).text()).as("our own JVM").isEqualTo("available");
        execute(() -> ((javax.swing.JComponent) d.robot().finder().findByName(d.target(), "readiness", false))
                .scrollRectToVisible(new java.awt.Rectangle(0, 0, 10, 400)));
        GuiTests.screenshot(d.target(), "analyze-readiness");
        assertThat(d.button("run").isEnabled()).isTrue();
        d.button("cancel").click();
        waitFor("closed", () -> closed);
        robot.cleanUp();
        closed = false;

        Process sleeper = new ProcessBuilder("sleep", "60").start();
        try {
            DialogFixture refused = open(AnalyzeSettings.defaults(), sleeper.pid());
            waitFor("the refusal", () -> refused.label("problem").text().contains("is not a Java VM"));
            assertThat(refused.button("run").isEnabled()).isFalse();
            refused.button("cancel").click();
        } finally {
            sleeper.destroyForcibly();
        }
    }

    /**
     * The file picked and approved as the chooser's own button does, on the event thread: without a window manager a
     * robot's click on a file dialog's button is sometimes lost (seen in CI).
     */
    private static void approve(JFileChooserFixture chooser, Path file) {
        execute(() -> {
            chooser.target().setCurrentDirectory(file.getParent().toFile());
            chooser.target().setSelectedFile(file.toFile());
            chooser.target().approveSelection();
        });
    }

    private static boolean exists(DialogFixture d, String name) {
        return execute(() -> {
            try {
                d.robot().finder().findByName(d.target(), name, false);
                return true;
            } catch (org.assertj.swing.exception.ComponentLookupException e) {
                return false;
            }
        });
    }

    private static void task(DialogFixture d, String title) {
        TaskChoice.choose(d, title);
    }

    private static boolean visible(DialogFixture d, String name) {
        return execute(() -> {
            java.awt.Component c = d.robot().finder().findByName(d.target(), name, false);
            return c.isShowing();
        });
    }

    private static void waitFor(String what, Supplier<Boolean> condition) {
        pause(new Condition(what) {
            @Override public boolean test() { return condition.get(); }
        }, timeout(30_000));
    }
}
