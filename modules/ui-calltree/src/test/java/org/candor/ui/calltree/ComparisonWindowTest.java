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
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
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
            f.add(new ComparisonTopComponent(Path.of("before.candor"), a, Path.of("after.candor"), b));
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
        GuiTests.screenshot(window.target(), "comparison-tree");
    }
}
