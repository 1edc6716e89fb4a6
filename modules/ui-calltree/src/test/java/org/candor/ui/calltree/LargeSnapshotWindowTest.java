package org.candor.ui.calltree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.Dimension;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.swing.JFrame;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.KeyPressInfo;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.fixture.JTableFixture;
import org.assertj.swing.timing.Condition;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.DisplayUnits;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.candor.ui.model.snapshot.TestSnapshots;
import org.candor.ui.snapshot.GuiTests;
import org.candor.ui.snapshot.SnapshotTopComponent;
import org.candor.ui.snapshot.SnapshotViewsPanel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.netbeans.swing.outline.Outline;

/**
 * A snapshot whose trees do not fit this test's heap as objects (surefire runs this class alone in -Xmx256m), opened
 * as the app opens it ({@link SnapshotSource#open}): its trees are read in place. The first rows and the hot path
 * show; a row far below is expanded with the keyboard (its children read in the background) and a path 300 calls deep
 * is found and opened; the hot spots and the flame graph show; nothing ever reads the tree whole.
 */
class LargeSnapshotWindowTest {

    private static final int PATHS = 3_000_000, DEPTH = 300;
    private static final int METHOD = 0, TOTAL = 1;

    private static Path dir;
    private static Path file;
    /** The total time of Deep.level L in thread main, by L. */
    private static long[] levels;

    private Robot robot;
    private FrameFixture window;

    @BeforeAll
    static void writeTheSnapshot() throws Exception {
        // -Dtest=ThisTest runs it in every execution: only the small heap's proves anything
        Assumptions.assumeTrue(Boolean.getBoolean("candor.smallHeap"), "runs in surefire's small-heap execution");
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
        dir = Files.createTempDirectory("candor-large");
        file = dir.resolve("deep.candor");
        levels = TestSnapshots.writeDeep(file, PATHS, DEPTH);
    }

    @AfterAll
    static void removeIt() throws Exception {
        if (file != null) Files.deleteIfExists(file);
        if (dir != null) Files.deleteIfExists(dir);
    }

    @AfterEach
    void close() {
        if (window != null) window.cleanUp();
    }

    @Test
    void aSnapshotLargerThanTheHeapOpensInPlaceAndADeepPathExpands() throws Exception {
        // as objects the trees would take ~120 bytes a node: more than this whole heap
        assertThat(120L * PATHS).as("the trees as objects vs the heap").isGreaterThan(Runtime.getRuntime().maxMemory());
        SnapshotSource opened = SnapshotSource.open(file);  // off the event thread, as the opener does it
        assertThat(opened.readsFile()).isTrue();
        SnapshotSource shown = opened.withRawTimes(false);

        robot = BasicRobot.robotWithNewAwtHierarchy();
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor: a snapshot read in place");
            f.add(new SnapshotTopComponent(file, opened, shown));
            f.setLocation(100, 100);
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(1120, 620));
        waitUntilReady();

        // merged: main's tree first, its hot path open down sixteen levels
        assertThat(methodAt(0)).isEqualTo("Main.main(String[])");
        assertThat(methodAt(1)).isEqualTo("Deep.level0()");
        assertThat(methodAt(15)).isEqualTo("Deep.level14()");
        JTableFixture tree = window.table("callTree");
        assertThat(tree.valueAt(org.assertj.swing.data.TableCell.row(15).column(TOTAL)))
                .startsWith(DisplayUnits.time(levels[14]));
        assertThat(execute(() -> ((CallTreeRow) outline().getValueAt(14, METHOD)).childrenMade())).isTrue();

        // the row below the hot path: its children are read when it opens, in the background
        assertThat(execute(() -> ((CallTreeRow) outline().getValueAt(15, METHOD)).childrenMade())).isFalse();
        int rows = execute(() -> outline().getRowCount());
        tree.selectCell(org.assertj.swing.data.TableCell.row(15).column(METHOD));
        tree.pressAndReleaseKeys(KeyEvent.VK_RIGHT);
        pause(new Condition("Deep.level14's calls read and shown") {
            @Override public boolean test() { return execute(() -> outline().getRowCount()) > rows; }
        }, timeout(30_000));
        assertThat(methodAt(16)).isEqualTo("Deep.level15()");
        assertThat(execute(() -> outline().getRowCount())).isEqualTo(rows + 1 + TestSnapshots.DEEP_LEAVES);

        // find a call 300 deep: one walk of the whole tree, in the background; its path opens
        tree.pressAndReleaseKey(KeyPressInfo.keyCode(KeyEvent.VK_F).modifiers(InputEvent.CTRL_MASK));
        window.textBox("findText").enterText("Deep.level299").pressAndReleaseKeys(KeyEvent.VK_ENTER);
        waitUntilReady();
        int at = execute(() -> outline().getSelectedRow());
        assertThat(methodAt(at)).isEqualTo("Deep.level299()");
        assertThat(tree.valueAt(org.assertj.swing.data.TableCell.row(at).column(TOTAL)))
                .startsWith(DisplayUnits.time(levels[299]));
        assertThat(execute(() -> ((CallTreeRow) outline().getValueAt(at, METHOD)).methodPath())).hasSize(DEPTH + 1);
        GuiTests.screenshot(window.target(), "call-tree-in-place-deep");

        // the hot spots from the file's flat profiles: every leaf was called under every level
        window.tabbedPane("views").selectTab("Hot spots");
        waitUntilReady();
        JTableFixture spots = window.table("hotSpots");
        assertThat(execute(() -> ((org.candor.core.model.MethodInfo) spots.target().getValueAt(0, 0)).name())).startsWith("leaf");
        assertThat(execute(() -> spots.target().getRowCount())).isEqualTo(opened.methods().size());
        GuiTests.screenshot(window.target(), "hot-spots-in-place");

        // the flame graph reads what it draws: the frames at least 1/4096 of the width, not three million
        window.tabbedPane("views").selectTab("Flame graph");
        waitUntilReady();
        window.label("flameWhere").requireText("Click a frame to zoom into it");
        GuiTests.screenshot(window.target(), "flame-graph-in-place");

        long used = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        System.out.printf("heap used at the end: %d MB of %d MB%n", used >> 20, Runtime.getRuntime().maxMemory() >> 20);
    }

    private Outline outline() {
        return (Outline) window.table("callTree").target();
    }

    /** The short signature of a row's method, as the tree shows it. */
    private String methodAt(int row) {
        return execute(() -> ((CallTreeView) panel().view(org.candor.ui.snapshot.spi.ViewIds.CALL_TREE)).methodAt(row));
    }

    private SnapshotViewsPanel panel() {
        return window.robot().finder().findByType(SnapshotViewsPanel.class);
    }

    private void waitUntilReady() {
        pause(new Condition("the views are ready") {
            @Override public boolean test() { return execute(() -> panel().isReady()); }
        }, timeout(60_000));
    }
}
