package org.candor.ui.calltree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.data.TableCell.row;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.awt.Dimension;
import java.nio.file.Path;
import javax.swing.JFrame;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.fixture.JTableFixture;
import org.assertj.swing.timing.Condition;
import org.assertj.swing.timing.Pause;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.ui.model.snapshot.TestSnapshots;
import org.candor.ui.snapshot.GuiTests;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Two snapshots compared in the window the app opens: the changed method first, the merged tree with both figures. */
class ComparisonWindowTest {

    private FrameFixture window;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
    }

    @BeforeEach
    void compareShopWithASlowerDatabase() {
        Snapshot a = TestSnapshots.shop();
        Snapshot b = TestSnapshots.shop();
        // B: the worker's findByCustomer spends 500 ms more in its own code
        for (ThreadProfile t : b.threads()) {
            if (!t.name().equals("http-worker-1")) continue;
            CallNode find = t.root().children().get(0).children().get(0).children().get(1);
            assertThat(b.methods().get(find.methodId()).name()).isEqualTo("findByCustomer");
            int self = b.metricIndex("self_time");
            int total = b.metricIndex("total_time");
            find.addValue(self, 500_000_000L);
            for (CallNode n = find; n != null; n = n.parent()) n.addValue(total, 500_000_000L);
        }
        Robot robot = BasicRobot.robotWithNewAwtHierarchy();
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor comparison");
            try {
                f.add(new ComparisonTopComponent(Path.of("before.candor"), Path.of("after.candor"),
                        ComparisonPanel.prepare(SnapshotFile.of(a), SnapshotFile.of(b))));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            f.setLocation(100, 100);
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(1120, 520));
    }

    @AfterEach
    void close() {
        if (window != null) window.cleanUp();
    }

    @Test
    void theMethodThatChangedComesFirstWithItsDifference() throws Exception {
        JTableFixture methods = window.table("comparedMethods");
        assertThat(methods.valueAt(row(0).column(0))).contains("findByCustomer");
        assertThat(methods.valueAt(row(0).column(1))).isEqualTo("1.48 s");
        assertThat(methods.valueAt(row(0).column(2))).isEqualTo("1.98 s");
        assertThat(methods.valueAt(row(0).column(3))).isEqualTo("+500 ms");
        assertThat(methods.valueAt(row(0).column(4))).isEqualTo("+33.8%");
        assertThat(methods.valueAt(row(1).column(3))).isEqualTo("0 ns");
        GuiTests.screenshot(window.target(), "comparison-methods");

        window.comboBox("comparisonMetric").selectItem("Calls");
        // read in the background
        Pause.pause(new Condition("the methods compared by calls") {
            @Override public boolean test() {
                return "0".equals(execute(() -> methods.target().getModel().getRowCount() > 0
                        ? String.valueOf(methods.target().getValueAt(0, 3)) : ""));
            }
        }, 10_000);
        assertThat(methods.valueAt(row(0).column(3))).isEqualTo("0");
    }

    @Test
    void theTreeMergesBothRunsPathByPath() throws Exception {
        window.tabbedPane("comparisonViews").selectTab(1);
        JTableFixture tree = window.table("comparedTree");
        // top rows: Thread.run (worker) and Main.main, B's largest first
        assertThat(tree.valueAt(row(0).column(1))).isEqualTo("2.40 s");
        assertThat(tree.valueAt(row(0).column(2))).isEqualTo("2.90 s");
        assertThat(tree.valueAt(row(0).column(3))).isEqualTo("+500 ms");
        assertThat(tree.valueAt(row(1).column(3))).isEqualTo("0 ns");
        // a row's children are read from both snapshots as it opens
        int before = execute(() -> tree.target().getRowCount());
        tree.selectRows(0);
        tree.pressAndReleaseKeys(java.awt.event.KeyEvent.VK_RIGHT);
        Pause.pause(new Condition("Thread.run opened") {
            @Override public boolean test() {
                return execute(() -> tree.target().getRowCount()) > before;
            }
        }, 10_000);
        assertThat(tree.valueAt(row(1).column(0))).contains("handle");
        assertThat(tree.valueAt(row(1).column(3))).isEqualTo("+500 ms");
        GuiTests.screenshot(window.target(), "comparison-tree");
    }
}
