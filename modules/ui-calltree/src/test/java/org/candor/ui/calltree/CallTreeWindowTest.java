package org.candor.ui.calltree;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.data.TableCell.row;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.Dimension;
import java.awt.event.KeyEvent;
import java.nio.file.Path;
import java.util.regex.Pattern;
import javax.swing.JFrame;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.fixture.JTableFixture;
import org.assertj.swing.timing.Condition;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.core.snapshot.SnapshotWriter;
import org.candor.ui.model.snapshot.CallTreeRow;
import org.candor.ui.model.snapshot.MethodNames;
import org.candor.ui.model.snapshot.TestSnapshots;
import org.candor.ui.snapshot.GuiTests;
import org.candor.ui.snapshot.SnapshotTopComponent;
import org.candor.ui.snapshot.SnapshotViewsPanel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netbeans.swing.outline.Outline;

/**
 * The real snapshot window in a frame with the views this module registers (found by lookup, as in the app), driven
 * like a user would; it leaves screenshots in target/screenshots.
 */
class CallTreeWindowTest {

    private static final int METHOD = 0, TOTAL = 1, SELF = 2, CALLS = 3;

    private Robot robot;
    private FrameFixture window;
    private Snapshot snapshot;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
    }

    @BeforeEach
    void openShopSnapshot(@TempDir Path dir) throws Exception {
        // Through a real file, as the application opens it.
        Path file = dir.resolve("shop.candor");
        SnapshotWriter.write(TestSnapshots.shop(), file);
        show(file, SnapshotReader.read(file));
    }

    /** Shows the snapshot's window in a frame and waits until its first view is computed. */
    private void show(Path file, Snapshot s) {
        snapshot = s;
        robot = BasicRobot.robotWithNewAwtHierarchy(); // before the frame: it only sees windows made after it
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor call tree");
            f.add(new SnapshotTopComponent(file, s));
            f.setLocation(100, 100); // no window manager under Xvfb: a frame left at 0,0 moves and clicks miss
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(1120, 520));
        waitUntilUpToDate();
    }

    @AfterEach
    void close() {
        if (window != null) window.cleanUp();
    }

    @Test
    void showsTheMergedTreeLargestTotalFirstWithItsHotPathExpanded() throws Exception {
        JTableFixture tree = window.table("callTree");

        assertThat(methodAt(0)).isEqualTo("Thread.run()");
        assertThat(tree.valueAt(row(0).column(CALLS))).isEqualTo("1");
        assertThat(tree.valueAt(row(0).column(TOTAL))).isEqualTo("2.40 s  72.7%");
        // The hottest path is open down to the first node under 10 % of the total.
        assertThat(methodAt(1)).isEqualTo("RequestHandler.handle(Request)");
        assertThat(methodAt(2)).isEqualTo("OrderRepository.findByCustomer(long)");
        assertThat(methodAt(3)).isEqualTo("Order.<init>(long, String)");
        assertThat(tree.valueAt(row(3).column(CALLS))).isEqualTo("399,000");
        assertThat(tree.valueAt(row(3).column(SELF))).isEqualTo("399 ms  12.1%");
        assertThat(methodAt(4)).isEqualTo("JsonParser.parse(String)");
        assertThat(methodAt(5)).isEqualTo("Main.main(String[])");
        tree.requireRowCount(6);
        assertThat(window.label("sessionSummary").text()).contains("Command: com.acme.shop.Main --port 8080");
        assertThat(window.label("statisticsSummary").text()).contains("Dropped calls: 0");

        // Expanding Main.main with the keyboard shows its one child, below it.
        tree.selectCell(row(5).column(METHOD));
        tree.pressAndReleaseKeys(KeyEvent.VK_RIGHT);
        pause(rowCountIs(7), timeout(5000));
        assertThat(methodAt(6)).isEqualTo("RequestHandler.handle(Request)");
        assertThat(tree.valueAt(row(6).column(CALLS))).isEqualTo("1,200");

        GuiTests.screenshot(window.target(), "call-tree-merged");
    }

    @Test
    void selectingAThreadShowsOnlyItsTree() throws Exception {
        JTableFixture tree = window.table("callTree");
        assertThat(window.comboBox("threadSelector").contents())
                .containsExactly("All threads (merged)  \u2014  3.30 s", "http-worker-1 (#23)  \u2014  2.40 s",
                        "main (#1)  \u2014  900 ms");

        window.comboBox("threadSelector").selectItem(Pattern.compile("main \\(#1\\).*"));
        waitUntilUpToDate();

        assertThat(methodAt(0)).isEqualTo("Main.main(String[])");
        assertThat(tree.valueAt(row(0).column(CALLS))).isEqualTo("1");
        assertThat(tree.valueAt(row(0).column(TOTAL))).isEqualTo("900 ms  100.0%");
        assertThat(tree.valueAt(row(1).column(CALLS))).isEqualTo("1,200");
        assertThat(execute(() -> outline().getRowCount())).isEqualTo(5);

        GuiTests.screenshot(window.target(), "call-tree-thread-main");
    }

    @Test
    void hotSpotsListMethodsBySelfTime() throws Exception {
        window.tabbedPane("views").selectTab("Hot spots");
        JTableFixture hotSpots = window.table("hotSpots");

        // Merged self times: findByCustomer 1.48 s, parse 830 ms, <init> 519 ms, handle 420 ms, main 50 ms, run 1 ms.
        // Columns: method, self time (the ranking), total time, calls.
        hotSpots.requireRowCount(6);
        assertThat(hotSpots.valueAt(row(0).column(1))).isEqualTo("1.48 s  44.8%");
        assertThat(hotSpots.valueAt(row(0).column(2))).isEqualTo("2.00 s  60.6%");
        assertThat(hotSpots.valueAt(row(0).column(3))).isEqualTo("4,200");
        assertThat(hotSpots.valueAt(row(5).column(3))).isEqualTo("1");
        assertThat(execute(() -> window.table("hotSpots").target().getValueAt(0, 0).toString()))
                .startsWith("com.acme.shop.db.OrderRepository.findByCustomer");

        GuiTests.screenshot(window.target(), "hot-spots-merged");
    }

    @Test
    void hotSpotsShowTheProbesEstimatedEffectLastWithItsMeaningInTheHeadersTip(@TempDir Path dir) throws Exception {
        window.cleanUp();
        Snapshot shop = TestSnapshots.shop();
        // what the agent counted of its trivial methods: 1 ms a call (core's ProbeEffect)
        shop.putStat(org.candor.core.analysis.ProbeEffect.TRIVIAL_METHODS, 4);
        shop.putStat(org.candor.core.analysis.ProbeEffect.TRIVIAL_CALLS, 20_000);
        shop.putStat(org.candor.core.analysis.ProbeEffect.TRIVIAL_SELF, 20_000_000_000L);
        Path file = dir.resolve("effect.candor");
        SnapshotWriter.write(shop, file);
        show(file, SnapshotReader.read(file));
        window.tabbedPane("views").selectTab("Hot spots");
        JTableFixture hotSpots = window.table("hotSpots");

        int effect = execute(() -> hotSpots.target().getColumnCount() - 1);
        assertThat(execute(() -> hotSpots.target().getColumnName(effect))).isEqualTo("Probe effect (est.)");
        // findByCustomer's 4,200 calls would bear 4.2 s: at most its 1.48 s of self time; Main.main's one call 1 ms
        assertThat(hotSpots.valueAt(row(0).column(effect))).isEqualTo("1.48 s  44.8%");
        assertThat(hotSpots.valueAt(row(4).column(effect))).isEqualTo("1.00 ms  0.0%");
        String tip = execute(() -> {
            java.awt.Rectangle r = hotSpots.target().getTableHeader().getHeaderRect(effect);
            return hotSpots.target().getTableHeader().getToolTipText(new java.awt.event.MouseEvent(
                    hotSpots.target().getTableHeader(), java.awt.event.MouseEvent.MOUSE_MOVED, 0, 0,
                    r.x + 5, r.y + 5, 0, false));
        });
        assertThat(tip).startsWith("Estimated part of the self time that is the probes' effect").contains("4 trivial methods");
        GuiTests.screenshot(window.target(), "hot-spots-probe-effect");
    }

    @Test
    void aMillionNodeTreeOpensAndExpandsWithoutFreezing(@TempDir Path dir) throws Exception {
        window.cleanUp();
        show(dir.resolve("wide.candor"), TestSnapshots.wide(1000)); // 1,001,001 nodes, merged in the background

        long expandMillis = execute(() -> {
            long start = System.nanoTime();
            CallTreeRow first = (CallTreeRow) outline().getValueAt(0, METHOD);
            outline().expandPath(new javax.swing.tree.TreePath(first.path()));
            return (System.nanoTime() - start) / 1_000_000;
        });

        assertThat(expandMillis).as("milliseconds the event thread takes to expand 1,000 children").isLessThan(1000);
        assertThat(execute(() -> outline().getRowCount())).isEqualTo(2000);
        assertThat(methodAt(1)).isEqualTo("Wide.m999()");
    }

    @Test
    void aCalibratedSnapshotShowsCalibratedTimesAndTheRawOnesOnRequest(@TempDir Path dir) throws Exception {
        window.cleanUp();
        Path file = dir.resolve("calibrated.candor");
        SnapshotWriter.write(TestSnapshots.calibrated(), file);
        show(file, SnapshotReader.read(file));
        JTableFixture tree = window.table("callTree");
        assertThat(tree.valueAt(row(0).column(TOTAL))).startsWith("800 ms");
        assertThat(tree.valueAt(row(0).column(SELF))).startsWith("300 ms");

        window.checkBox("rawTimes").click();
        pause(new Condition("raw times shown") {
            @Override public boolean test() {
                SnapshotViewsPanel p = window.robot().finder().findByType(SnapshotViewsPanel.class);
                return execute(p::isReady) && window.table("callTree").valueAt(row(0).column(TOTAL)).startsWith("1.00 s");
            }
        }, timeout(10_000));
        assertThat(window.table("callTree").valueAt(row(0).column(SELF))).startsWith("400 ms");
        GuiTests.screenshot(window.target(), "call-tree-raw-times");
    }

    @Test
    void ctrlFFindsEachCallPathThroughAMethodExpandingWhatHidesIt() throws Exception {
        window.table("callTree").click();
        window.table("callTree").pressAndReleaseKey(org.assertj.swing.core.KeyPressInfo.keyCode(KeyEvent.VK_F)
                .modifiers(java.awt.event.InputEvent.CTRL_MASK));
        window.panel("findBar").requireVisible();
        window.textBox("findText").enterText("jsonparser.parse").pressAndReleaseKeys(KeyEvent.VK_ENTER);
        waitUntilUpToDate(); // the search runs in the background
        // depth first, largest first: the worker's path comes before main's
        assertThat(selectedPath()).isEqualTo("Thread.run() > RequestHandler.handle(Request) > JsonParser.parse(String)");
        window.textBox("findText").pressAndReleaseKeys(KeyEvent.VK_ENTER);
        waitUntilUpToDate();
        assertThat(selectedPath()).as("main's path, collapsed until now")
                .isEqualTo("Main.main(String[]) > RequestHandler.handle(Request) > JsonParser.parse(String)");
        GuiTests.screenshot(window.target(), "call-tree-find");
        window.textBox("findText").pressAndReleaseKeys(KeyEvent.VK_ENTER);
        waitUntilUpToDate();
        assertThat(selectedPath()).as("round again").startsWith("Thread.run()");
        window.textBox("findText").deleteText().enterText("nosuch").pressAndReleaseKeys(KeyEvent.VK_ENTER);
        waitUntilUpToDate();
        window.label("findResult").requireText("Not found");
        window.textBox("findText").pressAndReleaseKeys(KeyEvent.VK_ESCAPE);
        java.awt.Component bar = window.robot().finder().findByName("findBar", false);
        assertThat(execute(bar::isVisible)).as("Escape closes the bar").isFalse();
    }

    @Test
    void ctrlFInAViewWithoutFindOpensTheCallTreesFind() throws Exception {
        window.tabbedPane("views").selectTab("Hot spots");
        window.table("hotSpots").click();
        window.table("hotSpots").pressAndReleaseKey(org.assertj.swing.core.KeyPressInfo.keyCode(KeyEvent.VK_F)
                .modifiers(java.awt.event.InputEvent.CTRL_MASK));
        window.panel("findBar").requireVisible();
        assertThat(execute(() -> window.table("callTree").target().isShowing())).isTrue();
    }

    @Test
    void theTreesMenuFindsAMethodInTheHotSpotsAndBack() throws Exception {
        JTableFixture tree = window.table("callTree");
        int row = rowOf("OrderRepository.findByCustomer(long)");
        tree.cell(row(row).column(METHOD)).rightClick();
        window.menuItem("findInHotSpots").click();
        JTableFixture spots = window.table("hotSpots");
        assertThat(spots.target().isShowing()).isTrue();
        assertThat(execute(() -> ((org.candor.core.model.MethodInfo) spots.target().getValueAt(
                spots.target().getSelectedRow(), 0)).name())).isEqualTo("findByCustomer");
        GuiTests.screenshot(window.target(), "hot-spots-found-from-tree");

        spots.cell(row(spots.target().getSelectedRow()).column(0)).rightClick();
        window.menuItem("findInCallTree").click();
        waitUntilUpToDate();
        assertThat(selectedPath()).isEqualTo(
                "Thread.run() > RequestHandler.handle(Request) > OrderRepository.findByCustomer(long)");
    }

    @Test
    void backTracesShowEachCallerWithWhatCameThroughIt() throws Exception {
        window.table("callTree").cell(row(rowOf("OrderRepository.findByCustomer(long)")).column(METHOD)).rightClick();
        window.menuItem("backTraces").click();
        JTableFixture back = window.table("backTraces");
        pause(new Condition("back traces shown") {
            @Override public boolean test() { return execute(() -> back.target().isShowing() && back.target().getRowCount() == 2); }
        }, timeout(10_000));
        Outline t = (Outline) back.target();
        // the method over both threads (1,200 + 3,000 calls), then its one caller, then that caller's two callers
        assertThat(back.valueAt(row(0).column(CALLS))).isEqualTo("4,200");
        assertThat(back.valueAt(row(0).column(TOTAL))).isEqualTo("2.00 s  100.0%");
        assertThat(window.label("backTracesHeader").text())
                .startsWith("Back traces of com.acme.shop.db.OrderRepository.findByCustomer(long) in All threads (merged)");
        execute(() -> t.expandPath(new javax.swing.tree.TreePath(((CallTreeRow) t.getValueAt(1, 0)).path())));
        assertThat(execute(() -> t.getRowCount())).isEqualTo(4);
        assertThat(back.valueAt(row(2).column(CALLS))).isEqualTo("3,000");
        assertThat(back.valueAt(row(2).column(TOTAL))).isEqualTo("1.50 s  75.0%");
        GuiTests.screenshot(window.target(), "back-traces");

        // a caller's own back traces, then back and forward again
        window.button("backTracesBack").requireDisabled();
        back.cell(row(1).column(METHOD)).rightClick();
        window.menuItem("backTracesOfCaller").click();
        pause(headerStartsWith("Back traces of com.acme.shop.http.RequestHandler.handle(Request)"), timeout(10_000));
        window.button("backTracesBack").requireEnabled().click();
        pause(headerStartsWith("Back traces of com.acme.shop.db.OrderRepository.findByCustomer(long)"), timeout(10_000));
        assertThat(back.valueAt(row(0).column(CALLS))).isEqualTo("4,200");
        window.button("backTracesBack").requireDisabled();
        window.button("backTracesForward").requireEnabled().click();
        pause(headerStartsWith("Back traces of com.acme.shop.http.RequestHandler.handle(Request)"), timeout(10_000));
        window.button("backTracesBack").click();
        pause(headerStartsWith("Back traces of com.acme.shop.db.OrderRepository.findByCustomer(long)"), timeout(10_000));

        // another thread: the same method's callers in that thread alone
        window.comboBox("threadSelector").selectItem(Pattern.compile("main \\(#1\\).*"));
        pause(new Condition("main's back traces") {
            @Override public boolean test() { return back.valueAt(row(0).column(CALLS)).equals("1,200"); }
        }, timeout(10_000));
    }

    @Test
    void focusOnSubtreeShowsADeepPathFromTheLeftEdgeAndWholeTreeGoesBack(@TempDir Path dir) throws Exception {
        window.cleanUp();
        Path file = dir.resolve("deep.candor");
        SnapshotWriter.write(TestSnapshots.deep(150), file);
        show(file, SnapshotReader.read(file));
        JTableFixture tree = window.table("callTree");
        tree.click();
        tree.pressAndReleaseKey(org.assertj.swing.core.KeyPressInfo.keyCode(KeyEvent.VK_F)
                .modifiers(java.awt.event.InputEvent.CTRL_MASK));
        window.textBox("findText").enterText("visit120(").pressAndReleaseKeys(KeyEvent.VK_ENTER);
        waitUntilUpToDate();
        int deep = execute(() -> outline().getSelectedRow());
        assertThat(methodAt(deep)).isEqualTo("Deep.visit120()");
        int column = execute(() -> outline().getColumnModel().getColumn(METHOD).getWidth());
        assertThat(indentOf(deep)).as("121 levels in, the name starts past the method column").isGreaterThan(column);
        GuiTests.screenshot(window.target(), "call-tree-deep-before-focus");

        tree.cell(row(deep).column(METHOD)).rightClick();
        window.menuItem("focusSubtree").click();
        waitUntilUpToDate();
        window.panel("focusBar").requireVisible();
        assertThat(window.label("focusTitle").text()).isEqualTo("Subtree of Deep.visit0() › … 117 calls …"
                + " › Deep.visit118() › Deep.visit119() › Deep.visit120()  (depth 121)");
        assertThat(methodAt(0)).as("the subtree's root at the top").isEqualTo("Deep.visit120()");
        assertThat(methodAt(1)).as("its hottest path open").isEqualTo("Deep.visit121()");
        assertThat(indentOf(0)).isLessThan(column / 4);
        assertThat(indentOf(10)).as("rows below it, indented from there").isGreaterThan(indentOf(0)).isLessThan(column);
        assertThat(tree.valueAt(row(0).column(CALLS))).isEqualTo("1");
        GuiTests.screenshot(window.target(), "call-tree-deep-focused");

        window.button("wholeTreeButton").click();
        waitUntilUpToDate();
        java.awt.Component bar = window.robot().finder().findByName("focusBar", false);
        assertThat(execute(bar::isVisible)).as("the focus bar is gone").isFalse();
        assertThat(selectedPath()).as("the row that was in focus, selected in the whole tree").endsWith("Deep.visit120()");
        assertThat(methodAt(0)).isEqualTo("Deep.visit0()");
    }

    /** Where a row's text starts in the method column: the outline's indentation for its depth. */
    private int indentOf(int row) {
        return execute(() -> {
            Outline o = outline();
            java.awt.Component c = o.getCellRenderer(row, METHOD)
                    .getTableCellRendererComponent(o, o.getValueAt(row, METHOD), false, false, row, METHOD);
            return ((javax.swing.JComponent) c).getInsets().left;
        });
    }

    private Condition headerStartsWith(String text) {
        return new Condition("back traces header: " + text) {
            @Override public boolean test() { return window.label("backTracesHeader").text().startsWith(text); }
        };
    }

    /** The selected call-tree row's path, method by method. */
    private String selectedPath() {
        return execute(() -> {
            Outline o = outline();
            CallTreeRow r = (CallTreeRow) o.getValueAt(o.getSelectedRow(), METHOD);
            java.util.Deque<String> names = new java.util.ArrayDeque<>();
            for (; r != null && !r.isRoot(); r = r.parent()) {
                names.push(MethodNames.shortSignature(snapshot.methods().get(r.methodId())));
            }
            return String.join(" > ", names);
        });
    }

    private int rowOf(String method) {
        return execute(() -> {
            for (int i = 0; i < outline().getRowCount(); i++) if (methodAt(i).equals(method)) return i;
            return -1;
        });
    }

    private Outline outline() {
        return (Outline) window.table("callTree").target();
    }

    /** The method of a row as the tree shows it, without the dimmed package. */
    private String methodAt(int row) {
        return execute(() -> {
            CallTreeRow r = (CallTreeRow) outline().getValueAt(row, METHOD);
            return MethodNames.shortSignature(snapshot.methods().get(r.methodId()));
        });
    }

    private Condition rowCountIs(int n) {
        return new Condition("call tree has " + n + " rows") {
            @Override public boolean test() { return execute(() -> outline().getRowCount()) == n; }
        };
    }

    private void waitUntilUpToDate() {
        SnapshotViewsPanel panel = window.robot().finder().findByType(SnapshotViewsPanel.class);
        pause(new Condition("thread view computed") {
            @Override public boolean test() { return execute(panel::isReady); }
        }, timeout(10_000));
    }
}
