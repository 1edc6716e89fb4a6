package org.candor.ui.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.awt.Dimension;
import java.nio.file.Path;
import javax.swing.JFrame;
import javax.swing.JTable;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.candor.ui.calltree.CallTreeView;
import org.candor.ui.snapshot.GuiTests;
import org.candor.ui.snapshot.spi.ViewIds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live Results on a real program with a Total session: the figures grow from refresh to refresh while the reader's
 * selection stays where it was; Pause holds the view; Reset Collected Results starts the figures afresh.
 */
class LiveResultsWindowTest {

        @TempDir Path dir;
    private AttachedTicker target;
    private FrameFixture window;
    private LiveResultsPanel panel;

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
    void figuresGrowTheSelectionStaysPauseHoldsResetStartsAfresh() throws Exception {
        target = AttachedTicker.start(dir);
        panel = execute(() -> new LiveResultsPanel(target.sessions, target.pid(), dir.resolve("live.candor")));
        window = InFrame.show("Candor: live results", panel, new Dimension(1100, 600));
        JFrame frame = (JFrame) window.target();

        InFrame.waitFor("the first results", () -> rowOf("tick") >= 0);
        // the reader finds step() below tick(), which the tree may not have opened by itself
        InFrame.waitFor("step() found", () -> execute(() -> callTree().findNext("Ticker.step")) && rowOf("step") >= 0);
        int stepRow = rowOf("step");
        execute(() -> tree().getSelectionModel().setSelectionInterval(stepRow, stepRow));
        long first = calls(stepRow);
        int seen = execute(panel::refreshes);
        InFrame.waitFor("two refreshes", () -> execute(panel::refreshes) >= seen + 2 && rowOf("step") >= 0);
        assertThat(execute(() -> tree().getSelectedRow())).as("the selection stays on step()").isEqualTo(rowOf("step"));
        long later = calls(rowOf("step"));
        assertThat(later).as("step() keeps being called").isGreaterThan(first);
        GuiTests.screenshot(frame, "live-results");

        window.toggleButton("livePause").click();
        int paused = execute(panel::refreshes);
        Thread.sleep(LiveResultsPanel.REFRESH_MILLIS * 2L + 500);
        assertThat(execute(panel::refreshes)).as("paused: no refresh").isEqualTo(paused);

        window.button("liveReset").click();
        Thread.sleep(500);
        window.toggleButton("livePause").click();
        InFrame.waitFor("a refresh after the reset", () -> execute(panel::refreshes) > paused && rowOf("step") >= 0);
        assertThat(calls(rowOf("step"))).as("the figures start afresh after the reset").isLessThan(later);
    }

    private JTable tree() {
        return (JTable) window.robot().finder().findByName(panel, "callTree", true);
    }

    /** The call-tree view of the results shown now (the views are found by lookup, as in the app). */
    private CallTreeView callTree() {
        return (CallTreeView) panel.shown().view(ViewIds.CALL_TREE);
    }

    /** The first row whose method is {@code name}, or -1. */
    private int rowOf(String name) {
        return execute(() -> {
            if (panel.shown() == null || !panel.shown().isReady()) return -1;
            for (int i = 0; callTree().methodAt(i) != null; i++) {
                if (callTree().methodAt(i).startsWith("Ticker." + name + "(")) return i;
            }
            return -1;
        });
    }

    private long calls(int row) {
        return execute(() -> {
            JTable t = tree();
            for (int c = 0; c < t.getColumnCount(); c++) {
                if (t.getColumnName(c).equals("Calls")) return (Long) t.getValueAt(row, c);
            }
            throw new AssertionError("no Calls column");
        });
    }
}
