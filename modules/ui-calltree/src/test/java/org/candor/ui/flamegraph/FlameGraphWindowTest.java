package org.candor.ui.flamegraph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.data.TableCell.row;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.Dimension;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.event.MouseEvent;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import javax.swing.JFrame;
import javax.swing.JToolTip;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.GenericTypeMatcher;
import org.assertj.swing.core.MouseButton;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;
import org.candor.ui.model.snapshot.FlameGraph;
import org.candor.ui.model.snapshot.TestSnapshots;
import org.candor.ui.snapshot.GuiTests;
import org.candor.ui.snapshot.SnapshotTopComponent;
import org.candor.ui.snapshot.SnapshotViewsPanel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The flame graph tab of the real snapshot window over the shop (3.30 s merged: Thread.run 2.40 s, Main.main 900 ms):
 * hover, click to zoom, back out, find; screenshots in target/screenshots.
 */
class FlameGraphWindowTest {

    private FrameFixture window;
    private FlameCanvas canvas;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
    }

    @BeforeEach
    void openTheFlameGraph() {
        Robot robot = BasicRobot.robotWithNewAwtHierarchy();
        SnapshotTopComponent tc = execute(() -> new SnapshotTopComponent(Path.of("shop.candor"), TestSnapshots.shop()));
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor flame graph");
            f.add(tc);
            f.setLocation(100, 100);
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(1120, 520));
        SnapshotViewsPanel views = tc.panel();
        waitFor("the views are ready", () -> execute(views::isReady));
        window.tabbedPane("views").selectTab("Flame graph");
        canvas = (FlameCanvas) window.robot().finder().findByName("flameGraph", true);
        waitFor("the graph is drawn", () -> execute(() -> canvas.isShowing() && canvas.graph() != null));
    }

    @AfterEach
    void close() {
        if (window != null) window.cleanUp();
    }

    @Test
    void framesAreAsWideAsTheirShareAndHoveringTellsTheirFigures() throws Exception {
        Rectangle run = frame("Thread.run()");
        Rectangle main = frame("Main.main(String[])");
        int width = execute(canvas::getWidth);
        assertThat(run.x).isZero();
        assertThat((double) run.width / width).isCloseTo(2.4 / 3.3, org.assertj.core.api.Assertions.within(0.01));
        assertThat(main.x).isEqualTo(run.x + run.width);
        assertThat(run.y).as("callers below their callees: the root's row at the bottom").isLessThan(execute(canvas::getHeight) - run.height);
        String tip = execute(() -> canvas.getToolTipText(new MouseEvent(canvas, MouseEvent.MOUSE_MOVED, 0, 0,
                run.x + 5, run.y + 5, 0, false)));
        assertThat(tip).contains("java.lang.Thread.run()", "Total time: 2.40 s (72.7%)", "Self time: 1.00 ms (0.0%)", "Calls: 1");
        GuiTests.screenshot(window.target(), "flame-graph");
        window.robot().moveMouse(canvas, new Point(run.x + 40, run.y + run.height / 2));
        waitFor("the tooltip", () -> !window.robot().finder().findAll(new GenericTypeMatcher<JToolTip>(JToolTip.class, true) {
            @Override protected boolean isMatching(JToolTip t) { return t.getTipText() != null && t.getTipText().contains("Thread.run"); }
        }).isEmpty());
        GuiTests.screenshotOfScreen("flame-graph-hover");
    }

    @Test
    void aClickZoomsIntoAFrameAndTheButtonsLeadBackOut() throws Exception {
        Rectangle handle = frame("RequestHandler.handle(Request)");  // the worker's, the wider of the two
        window.robot().click(canvas, new Point(handle.x + 10, handle.y + handle.height / 2), MouseButton.LEFT_BUTTON, 1);
        window.label("flameWhere").requireText("Zoomed into RequestHandler.handle(Request)");
        assertThat(execute(() -> frame("RequestHandler.handle(Request)").width)).isEqualTo(execute(canvas::getWidth));
        Rectangle find = frame("OrderRepository.findByCustomer(long)");
        assertThat((double) find.width / execute(canvas::getWidth)).as("1.50 s of the 2.40 s zoomed into")
                .isCloseTo(1.499 / 2.399, org.assertj.core.api.Assertions.within(0.01));
        window.button("flameZoomOut").requireEnabled();
        GuiTests.screenshot(window.target(), "flame-graph-zoomed");

        window.button("flameZoomOut").click();
        window.label("flameWhere").requireText("Zoomed into Thread.run()");
        window.button("flameResetZoom").click();
        window.label("flameWhere").requireText("Click a frame to zoom into it");
        window.button("flameZoomOut").requireDisabled();
    }

    @Test
    void findMarksTheMethodsFramesAndSaysHowMuchOfTheGraphTheyCover() throws Exception {
        window.textBox("flameFind").enterText("findbycustomer");
        // (1.50 s + 500 ms) of 3.30 s
        window.label("flameFound").requireText("2 frames, 60.6% of the graph");
        FlameGraph.Matches m = execute(() -> canvas.graph().find(x -> x.name().equals("findByCustomer")));
        assertThat(m.count()).isEqualTo(2);
        GuiTests.screenshot(window.target(), "flame-graph-find");
        window.textBox("flameFind").deleteText().enterText("nosuch");
        window.label("flameFound").requireText("Not found");
    }

    @Test
    void theCallTreesMenuFindsAMethodInTheFlameGraphAndTheThreadChoiceIsFollowed() throws Exception {
        window.tabbedPane("views").selectTab("Call tree");
        int findRow = execute(() -> {
            javax.swing.JTable t = (javax.swing.JTable) window.robot().finder().findByName("callTree", true);
            for (int r = 0; r < t.getRowCount(); r++) if (String.valueOf(t.getValueAt(r, 0)).endsWith("method " + methodId("parse"))) return r;
            return -1;
        });
        window.table("callTree").cell(row(findRow).column(0)).rightClick();
        window.menuItem("findInFlameGraph").click();
        waitFor("the flame graph in front", () -> execute(canvas::isShowing));
        window.label("flameFound").requireText("2 frames, 25.2% of the graph");
        window.textBox("flameFind").requireText("com.acme.shop.json.JsonParser.parse(String)");

        window.comboBox("threadSelector").selectItem(Pattern.compile("main \\(#1\\).*"));
        waitFor("main's graph", () -> execute(() -> canvas.graph().name(canvas.graph().frames().get(0)).equals("main (#1)")));
        window.label("flameFound").requireText("1 frame, 25.6% of the graph");
    }

    private int methodId(String name) {
        return TestSnapshots.shop().methods().all().stream().filter(m -> m.name().equals(name)).findFirst().get().id();
    }

    /** Where the first frame of that name is drawn. */
    private Rectangle frame(String name) {
        return execute(() -> {
            FlameGraph g = canvas.graph();
            for (FlameGraph.Frame f : g.frames()) if (g.name(f).equals(name)) return canvas.bounds(f);
            throw new AssertionError("no frame " + name);
        });
    }

    private static void waitFor(String what, BooleanSupplier condition) {
        pause(new Condition(what) {
            @Override public boolean test() { return condition.getAsBoolean(); }
        }, timeout(10_000));
    }
}
