package org.candor.ui.calltree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.BorderLayout;
import java.awt.Dimension;
import java.util.ArrayList;
import java.util.List;
import javax.swing.JFrame;
import javax.swing.JPanel;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.MethodNames;
import org.candor.ui.model.snapshot.TestSnapshots;
import org.candor.ui.snapshot.GuiTests;
import org.candor.ui.snapshot.SnapshotViewsPanel;
import org.candor.ui.snapshot.ViewState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.netbeans.swing.outline.Outline;

/**
 * A reader's place taken up by the next results (Live Results swaps the views every refresh): a tree left as the
 * view opened it opens the new tree's hot path, even where the first results had no callees yet; a tree the reader
 * shaped stays as the reader left it.
 */
class CallTreePlaceTest {

    private FrameFixture window;
    private JPanel host;
    private SnapshotViewsPanel shown;
    private Snapshot current;

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

    @Test
    void anUntouchedTreeOpensTheHotPathOnceCalleesCome() {
        Snapshot full = TestSnapshots.shop();
        show(callersOnly(full));
        assertThat(rows()).containsExactly("Thread.run()", "Main.main(String[])");
        swapTo(full);
        assertThat(rows()).as("the hot path of the new results, opened").contains("RequestHandler.handle(Request)",
                "OrderRepository.findByCustomer(long)");
    }

    @Test
    void aTreeTheReaderShapedStaysAsLeft() {
        Snapshot full = TestSnapshots.shop();
        show(full);
        assertThat(rows()).contains("RequestHandler.handle(Request)");
        execute(() -> outline().collapsePath(outline().getLayoutCache().getPathForRow(0)));
        List<String> left = rows();
        swapTo(TestSnapshots.shop());
        assertThat(rows()).isEqualTo(left);
    }

    /** The same threads and methods with only their first calls: results before the callees were instrumented. */
    private static Snapshot callersOnly(Snapshot full) {
        Snapshot s = new Snapshot(full.info(), full.metrics(), full.methods());
        for (ThreadProfile t : full.threads()) {
            CallNode root = new CallNode(null, CallNode.ROOT, full.metrics().size());
            for (CallNode top : t.root().children()) {
                CallNode n = new CallNode(root, top.methodId(), full.metrics().size());
                for (int k = 0; k < full.metrics().size(); k++) {
                    n.setValue(k, top.value(k));
                    root.addValue(k, top.value(k));
                }
            }
            s.addThread(new ThreadProfile(t.threadId(), t.name(), root));
        }
        return s;
    }

    private void show(Snapshot s) {
        window = new FrameFixture(BasicRobot.robotWithNewAwtHierarchy(), execute(() -> {
            JFrame f = new JFrame("Candor: places");
            host = new JPanel(new BorderLayout());
            current = s;
            shown = new SnapshotViewsPanel(s);
            host.add(shown, BorderLayout.CENTER);
            f.add(host);
            f.setLocation(100, 100);
            return f;
        }));
        window.show(new Dimension(900, 400));
        awaitReady();
    }

    /** What Live Results does at a refresh: new views, the reader's place taken up. */
    private void swapTo(Snapshot next) {
        execute(() -> {
            ViewState place = shown.viewState();
            current = next;
            SnapshotViewsPanel views = new SnapshotViewsPanel(next);
            views.restore(place);
            host.remove(shown);
            shown = views;
            host.add(views, BorderLayout.CENTER);
            host.revalidate();
        });
        awaitReady();
    }

    private void awaitReady() {
        pause(new Condition("views computed") {
            @Override public boolean test() { return execute(() -> shown.isReady()); }
        }, timeout(10_000));
    }

    private Outline outline() {
        return (Outline) window.robot().finder().findByName(shown, "callTree", Outline.class, true);
    }

    private List<String> rows() {
        return execute(() -> {
            List<String> out = new ArrayList<>();
            Outline o = outline();
            Snapshot s = current;
            for (int i = 0; i < o.getRowCount(); i++) {
                CallTreeRow r = (CallTreeRow) o.getValueAt(i, 0);
                out.add(MethodNames.shortSignature(s.methods().get(r.methodId())));
            }
            return out;
        });
    }
}
