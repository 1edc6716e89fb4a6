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
        java.util.List<String> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
        LiveResultsPanel.Commands commands = new LiveResultsPanel.Commands() {
            @Override public void control(long pid, String command) {
                asked.add(pid + " " + command);
                try {
                    target.sessions.command(pid, command);
                } catch (Exception e) {
                    asked.add("failed: " + e.getMessage());
                }
            }
            @Override public void takeSnapshot(long pid) { asked.add(pid + " snapshot"); }
            @Override public void keep(long pid, Path last) { asked.add(pid + " keep " + last); }
        };
        panel = execute(() -> new LiveResultsPanel(target.sessions, target.pid(), dir.resolve("live.candor"), commands));
        window = InFrame.show("Candor: live results", panel, new Dimension(1100, 600));
        JFrame frame = (JFrame) window.target();

        InFrame.waitFor("the first results", () -> rowOf("tick") >= 0);
        // the reader finds step() below tick(), which the tree may not have opened by itself
        InFrame.waitFor("step() found", () -> execute(() -> callTree().findNext("Ticker.step")) && rowOf("step") >= 0);
        // a refresh may replace the views between two looks: find and select in one go on the event thread
        InFrame.waitFor("step() selected", () -> execute(() -> {
            int row = rowOf("step");
            if (row < 0) return false;
            tree().getSelectionModel().setSelectionInterval(row, row);
            return true;
        }));
        long first = stepCalls();
        int seen = execute(panel::refreshes);
        InFrame.waitFor("two refreshes", () -> execute(panel::refreshes) >= seen + 2 && rowOf("step") >= 0);
        assertThat(execute(() -> tree().getSelectedRow())).as("the selection stays on step()").isEqualTo(rowOf("step"));
        long later = stepCalls();
        assertThat(later).as("step() keeps being called").isGreaterThan(first);
        // the keyboard stays in the tree although every refresh puts in new views (about once a second)
        window.robot().focusAndWaitForFocusGain(tree());
        int focusedAt = execute(panel::refreshes);
        InFrame.waitFor("two refreshes with the keyboard in the tree", () -> execute(panel::refreshes) >= focusedAt + 2
                && rowOf("step") >= 0 && execute(() -> tree().isFocusOwner()));
        GuiTests.screenshot(frame, "live-results");

        // raw times on request, the place kept: step() still selected, as many calls
        assertThat(window.checkBox("liveRawTimes").target().isVisible()).as("a calibrated session").isTrue();
        window.toggleButton("livePause").click();
        long calibratedCalls = stepCalls();
        Object calibratedViews = execute(panel::shown);
        window.checkBox("liveRawTimes").click();
        InFrame.waitFor("the raw views", () -> execute(panel::shown) != calibratedViews && execute(() -> panel.shown().isReady()));
        assertThat(stepCalls()).isEqualTo(calibratedCalls);
        assertThat(execute(() -> tree().getSelectedRow())).as("the selection kept").isEqualTo(rowOf("step"));
        window.checkBox("liveRawTimes").click();
        window.toggleButton("livePause").click();

        window.toggleButton("livePause").click();
        int paused = execute(panel::refreshes);
        Thread.sleep(LiveResultsPanel.REFRESH_MILLIS * 2L + 500);
        assertThat(execute(panel::refreshes)).as("paused: no refresh").isEqualTo(paused);

        window.button("liveReset").click();
        Thread.sleep(500);
        window.toggleButton("livePause").click();
        InFrame.waitFor("a refresh after the reset", () -> execute(panel::refreshes) > paused && rowOf("step") >= 0);
        assertThat(stepCalls()).as("the figures start afresh after the reset").isLessThan(later);

        // the session's own commands, for this session, from the window's bar
        window.button("liveStop").click();
        InFrame.waitFor("stopped", () -> target.sessions.status(target.pid()).state() == org.candor.ui.model.SessionState.STOPPED);
        window.button("liveStart").click();
        InFrame.waitFor("recording", () -> target.sessions.status(target.pid()).state() == org.candor.ui.model.SessionState.RECORDING);
        window.button("liveSnapshot").click();
        assertThat(asked).containsExactly(target.pid() + " stop", target.pid() + " start", target.pid() + " snapshot");

        // the program ends: the last results stay, and can be kept
        long pid = target.pid();
        target.close();
        InFrame.waitFor("the end said", () -> window.label("liveState").text().startsWith("JVM " + pid + " ended"));
        assertThat(stepCalls()).as("the last results stay shown").isPositive();
        window.button("liveKeep").click();
        assertThat(asked).last().isEqualTo(pid + " keep " + dir.resolve("live.candor"));
        assertThat(org.candor.core.snapshot.SnapshotReader.read(dir.resolve("live.candor")).threads())
                .as("the scratch file holds them, whole").isNotEmpty();
        GuiTests.screenshot(frame, "live-results-ended");
    }

    /** The call tree's table in the views shown now (a refresh may have just put them in, not yet laid out). */
    private JTable tree() {
        return (JTable) window.robot().finder().findByName(callTree(), "callTree", false);
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

    /** step()'s calls in the views shown, found and read in one go (a refresh may replace the views meanwhile). */
    private long stepCalls() {
        long[] found = {-1};
        InFrame.waitFor("step() readable", () -> execute(() -> {
            int row = rowOf("step");
            if (row >= 0) found[0] = calls(row);
            return row >= 0;
        }));
        return found[0];
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
