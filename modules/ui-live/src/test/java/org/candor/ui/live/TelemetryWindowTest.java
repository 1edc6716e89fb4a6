package org.candor.ui.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.awt.Dimension;
import java.nio.file.Path;
import javax.swing.JFrame;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.candor.ui.snapshot.GuiTests;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Telemetry of a real program's session: the charts get a point a second, and the calls recorded show. */
class TelemetryWindowTest {

    @TempDir Path dir;
    private AttachedTicker target;
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
        if (target != null) target.close();
    }

    @Test
    void chartsGetAPointASecondWithTheCallsRecorded() throws Exception {
        target = AttachedTicker.start(dir);
        panel = execute(() -> new TelemetryPanel(target.sessions, target.pid()));
        window = InFrame.show("Candor: telemetry", panel, new Dimension(1000, 640));
        JFrame frame = (JFrame) window.target();
        InFrame.waitFor("four points", () -> execute(panel::points) >= 4);
        // Ticker calls tick() a few hundred times a second, each with 100 step() calls
        assertThat(execute(panel::lastCallsPerSecond)).as("calls recorded a second").isGreaterThan(1000);
        assertThat(execute(() -> window.label("telemetryState").target().getText())).contains("calls recorded a second now");
        GuiTests.screenshot(frame, "telemetry");
    }
}
