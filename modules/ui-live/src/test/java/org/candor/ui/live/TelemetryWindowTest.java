package org.candor.ui.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.Dimension;
import java.nio.file.Path;
import javax.swing.JFrame;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;
import org.candor.ui.calltree.GuiTests;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Telemetry of a real program's session: the charts get a point a second, and the calls recorded show. */
class TelemetryWindowTest {

    @TempDir Path dir;
    private Process target;
    private FrameFixture window;
    private TelemetryPanel panel;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
    }

    @AfterEach
    void close() {
        if (window != null) window.cleanUp();
        if (panel != null) execute(panel::dispose);
        if (target != null) target.destroyForcibly();
    }

    @Test
    void chartsGetAPointASecondWithTheCallsRecorded() throws Exception {
        String java = System.getenv().getOrDefault("CANDOR_TEST_JAVA", ProcessHandle.current().info().command().orElse("java"));
        Path classes = Path.of(org.candor.ui.live.program.Ticker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        target = new ProcessBuilder(java, "-cp", classes.toString(), "org.candor.ui.live.program.Ticker").start();
        assertThat(new String(target.getInputStream().readNBytes(6))).isEqualTo("ready\n");
        LiveSessions sessions = new LiveSessions();
        sessions.attach(target.pid(), "total", "", "org.candor.ui.live.program.**", dir.resolve("exit.candor"));

        Robot robot = BasicRobot.robotWithNewAwtHierarchy();
        panel = execute(() -> new TelemetryPanel(sessions, target.pid()));
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor: telemetry");
            f.add(panel);
            f.setLocation(100, 100);
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(1000, 640));
        pause(new Condition("four points") {
            @Override public boolean test() { return execute(panel::points) >= 4; }
        }, timeout(30_000));
        // Ticker calls tick() a few hundred times a second, each with 100 step() calls
        assertThat(execute(panel::lastCallsPerSecond)).as("calls recorded a second").isGreaterThan(1000);
        assertThat(execute(() -> window.label("telemetryState").target().getText())).contains("calls recorded a second now");
        GuiTests.screenshot(frame, "telemetry");
    }
}
