package org.candor.ui.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.data.TableCell.row;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.awt.Dimension;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.swing.JFrame;
import javax.swing.JTabbedPane;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.fixture.JTableFixture;
import org.candor.core.model.Snapshot;
import org.candor.ui.model.snapshot.TestSnapshots;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Calibration tab: there for a calibrated snapshot with the text report's table, absent otherwise. */
class CalibrationViewTest {

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
    }

    private void open(Snapshot s) {
        Robot robot = BasicRobot.robotWithNewAwtHierarchy();
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor calibration");
            f.add(new SnapshotTopComponent(Path.of("calibrated.candor"), s));
            f.setLocation(100, 100);
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(1000, 420));
    }

    @Test
    void aCalibratedSnapshotShowsItsConstantsAsTheTextReportDoes() throws Exception {
        open(TestSnapshots.calibratedWithConstants());
        window.tabbedPane("views").selectTab("Calibration");
        JTableFixture table = window.table("calibration");

        table.requireRowCount(2);
        assertThat(table.target().getColumnName(1)).isEqualTo("Sections");
        assertThat(table.valueAt(row(0).column(0))).isEqualTo("jit-En-jit-Ex-jit");
        assertThat(table.valueAt(row(0).column(2))).isEqualTo("21.5 ns");
        assertThat(table.valueAt(row(1).column(4))).isEqualTo("-");
        window.label("calibrationSummary").requireText(
                "Calibration: runtime   \u00b7   minima from this run alone   \u00b7   warm-up done (1,003,520 events)");
        GuiTests.screenshot(window.target(), "calibration");

        // the constants stay with the raw times too (they say what was taken out)
        window.checkBox("rawTimes").click();
        window.tabbedPane("views").requireSelectedTab(org.assertj.swing.data.Index.atIndex(tabs().indexOf("Calibration")));
        window.table("calibration").requireRowCount(2);
    }

    @Test
    void anUncalibratedSnapshotHasNoCalibrationTab() {
        open(TestSnapshots.calibrated());  // calibrated times, but no constants stored
        assertThat(tabs()).doesNotContain("Calibration");
    }

    private List<String> tabs() {
        JTabbedPane tabs = (JTabbedPane) window.tabbedPane("views").target();
        return execute(() -> {
            List<String> titles = new ArrayList<>();
            for (int i = 0; i < tabs.getTabCount(); i++) titles.add(tabs.getTitleAt(i));
            return titles;
        });
    }
}
