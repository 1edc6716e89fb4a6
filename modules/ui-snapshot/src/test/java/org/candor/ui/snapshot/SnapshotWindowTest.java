package org.candor.ui.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.Dimension;
import java.nio.file.Path;
import java.util.regex.Pattern;
import javax.swing.JFrame;
import javax.swing.JTabbedPane;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.ui.model.snapshot.TestSnapshots;
import org.candor.ui.snapshot.spi.SnapshotViewContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The snapshot window as a host: its tabs are the views found by lookup (here the one registered by this module's
 * tests alone, and this module's own), each told the threads shown; it asks them for a method, a find, a place.
 */
class SnapshotWindowTest {

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

    private SnapshotTopComponent open(Snapshot s) {
        Robot robot = BasicRobot.robotWithNewAwtHierarchy();  // before the frame: it only sees windows made after it
        SnapshotTopComponent tc = execute(() -> new SnapshotTopComponent(Path.of("shop.candor"), s));
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor snapshot");
            f.add(tc);
            f.setLocation(100, 100);
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(900, 400));
        waitFor("the views show the merged threads", () -> execute(() -> tc.panel().isReady()));
        return tc;
    }

    @Test
    void aViewRegisteredOnlyInTheTestsIsATabAndIsToldTheThreadsShown() throws Exception {
        SnapshotTopComponent tc = open(TestSnapshots.shop());

        JTabbedPane tabs = (JTabbedPane) window.tabbedPane("views").target();
        assertThat(execute(() -> tabs.getTitleAt(0))).isEqualTo("Test view");
        window.label("testView").requireText("threads: All threads (merged), raw: false");
        GuiTests.screenshot(window.target(), "snapshot-window-test-view");

        window.comboBox("threadSelector").selectItem(Pattern.compile("main \\(#1\\).*"));
        waitFor("main shown", () -> window.label("testView").text().equals("threads: main (#1), raw: false"));
        waitFor("ready", () -> execute(() -> tc.panel().isReady()));
    }

    @Test
    void theWindowAsksItsViewsForAMethodAFindAndAPlace() {
        SnapshotTopComponent tc = open(TestSnapshots.shop());
        TestOnlyViewProvider.View view = (TestOnlyViewProvider.View) execute(() -> tc.panel().view(TestOnlyViewProvider.ID));
        SnapshotViewContext context = view.context;

        assertThat(execute(() -> context.hasView(TestOnlyViewProvider.ID))).isTrue();
        assertThat(execute(() -> context.hasView("no-such-view"))).isFalse();
        execute(() -> context.showMethod(TestOnlyViewProvider.ID, 3));
        execute(() -> context.showMethod("no-such-view", 4));
        assertThat(view.methodsAsked).containsExactly(3);

        execute(() -> tc.getActionMap().get("find").actionPerformed(null));  // Edit > Find
        assertThat(view.finds).isEqualTo(1);

        ViewState place = execute(() -> tc.panel().viewState());
        assertThat(place.view()).isEqualTo(TestOnlyViewProvider.ID);
        assertThat(place.places()).containsEntry(TestOnlyViewProvider.ID, "place in All threads (merged)");
    }

    @Test
    void switchingToRawTimesShowsNewViewsThatTakeUpTheReadersPlace() {
        SnapshotTopComponent tc = open(TestSnapshots.calibrated());
        window.checkBox("rawTimes").click();
        waitFor("raw times shown", () -> execute(() -> tc.panel().isReady())
                && window.label("testView").text().equals("threads: All threads (merged), raw: true"));
        TestOnlyViewProvider.View view = (TestOnlyViewProvider.View) execute(() -> tc.panel().view(TestOnlyViewProvider.ID));
        assertThat(view.takenUp).isEqualTo("place in All threads (merged)");
        assertThat(execute(tc::showsRawTimes)).isTrue();
    }

    @Test
    void aLongCommandLineNeverMakesTheWindowWiderThanTheSpaceItHas() {
        StringBuilder command = new StringBuilder("com.acme.shop.Main");
        for (int i = 0; i < 40; i++) command.append(" --option-").append(i).append("=/a/long/path/to/configuration");
        Snapshot s = TestSnapshots.shop();
        s.info().put(SnapshotInfo.JAVA_COMMAND, command.toString());
        SnapshotTopComponent tc = execute(() -> new SnapshotTopComponent(Path.of("long.candor"), s));
        // the window system keeps an editor area at least this wide: a whole command line would push the value
        // columns off the screen
        assertThat(execute(() -> tc.getMinimumSize().width)).isLessThanOrEqualTo(400);
        // and the header itself shortens its lines rather than ask for their whole width
        assertThat(execute(() -> headerOf(tc).getMinimumSize().width)).isLessThan(600);
    }

    private static SnapshotHeader headerOf(java.awt.Container c) {
        for (java.awt.Component child : c.getComponents()) {
            if (child instanceof SnapshotHeader) return (SnapshotHeader) child;
            if (child instanceof java.awt.Container) {
                SnapshotHeader h = headerOf((java.awt.Container) child);
                if (h != null) return h;
            }
        }
        return null;
    }

    /** Waits, from the test's thread, until the condition holds; it reads components through the event thread. */
    private static void waitFor(String what, java.util.function.BooleanSupplier condition) {
        pause(new Condition(what) {
            @Override public boolean test() { return condition.getAsBoolean(); }
        }, timeout(10_000));
    }
}
