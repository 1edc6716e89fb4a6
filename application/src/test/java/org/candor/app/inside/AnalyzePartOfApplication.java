package org.candor.app.inside;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JList;
import javax.swing.JTable;
import javax.swing.text.JTextComponent;
import com.example.shop.Checkout;
import org.assertj.swing.fixture.DialogFixture;
import org.netbeans.junit.NbTestCase;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/**
 * Profile &gt; Analyze Performance as a new user does it, on a program of the test's own: from the menu bar, Part of
 * application, a root method picked in the root browser (part of the class name typed, the class, the method), Attach;
 * Live Results, where the root's row appears and its calls grow from one refresh to the next; Reset Collected Results,
 * after which they start again lower; Take Snapshot, whose window opens with the root in its tree; a later snapshot;
 * the first saved under the user's name, closed, opened again, compared with the later one, exported as CSV; Detach. A screenshot
 * of the screen at each step: target/screenshots/inside-part-of-application-NN-*.png.
 */
public class AnalyzePartOfApplication extends NbTestCase {

    private static final String PROGRAM = Checkout.class.getName();
    private static final String ROOT = PROGRAM + ".order";
    /** The root's row in a call tree, as the tree writes it (short signature first), and its callees'. */
    private static final String ROOT_ROW = "Checkout.order(int)";
    private static final String PRICE_ROW = "Checkout.price(int, int)";
    private static final String TAX_ROW = "Checkout.tax(long)";
    private static final String JVMS_WINDOW = "CandorLiveSessions";

    private AppGui gui;
    private TargetProgram program;
    private long pid;
    /** The Running JVMs window: its list, the selected session's status, its one-line answer to the last command. */
    private TopComponent jvmsWindow;
    private JTable jvms;
    private JTextComponent status;
    private JTextComponent message;
    /** The Live Results window of the session. */
    private TopComponent live;

    public AnalyzePartOfApplication(String name) {
        super(name);
    }

    /** A hang fails the build instead of holding it. */
    @Override
    protected int timeOut() {
        return 15 * 60_000;
    }

    public void testPartOfApplicationChosenFromTheMenuBarThenLiveResultsResetSnapshotDetach() throws Exception {
        clearWorkDir();
        try (TargetProgram started = TargetProgram.start(Checkout.class, getWorkDir().toPath())) {
            program = started;
            pid = program.pid();
            gui = new AppGui("inside-part-of-application");
            try {
                theProgramIsListed();
                analyzePartOfApplicationWithARootFromTheBrowser();
                liveResultsGrow();
                resetStartsThemAgain();
                TopComponent first = aSnapshotOpens();
                TopComponent second = aLaterSnapshot(first);
                savedReopenedComparedAndExported(first, second);
                detachLeavesTheProgramRunning();
            } catch (Throwable t) {
                gui.shot("FAILED");
                throw t;
            } finally {
                gui.cleanUp();
            }
        }
    }

    private void theProgramIsListed() throws Exception {
        jvmsWindow = gui.window("the Running JVMs window",
                tc -> tc == WindowManager.getDefault().findTopComponent(JVMS_WINDOW));
        jvms = gui.find(jvmsWindow, "jvms", JTable.class);
        status = gui.find(jvmsWindow, "status", JTextComponent.class);
        message = gui.find(jvmsWindow, "message", JTextComponent.class);
        Await.until("the program in the JVM list", Await.STEP, () -> jvmRow() >= 0, () -> ShownTable.rows(jvms));
        assertThat(jvmCell("Main class")).isEqualTo(PROGRAM);
        assertThat(jvmCell("Session")).isEqualTo("none");
        gui.shot("program-listed");
    }

    /** The program's row, Profile &gt; Analyze Performance…, Part of application, Browse… for the root, Attach. */
    private void analyzePartOfApplicationWithARootFromTheBrowser() throws Exception {
        gui.click(jvms, execute(this::jvmRow));
        gui.menu("Profile", "Analyze Performance\u2026");
        DialogFixture analyze = gui.dialog("analyzePerformanceDialog");
        assertThat(analyze.comboBox("targetJvm").selectedItem()).isEqualTo("JVM " + pid + " (" + PROGRAM + ")");
        analyze.list("tasks").selectItem(Pattern.compile(".*<b>Part of application</b>.*"));
        assertThat(analyze.label("taskTitle").text()).isEqualTo("Part of application");
        gui.shot("part-of-application");

        analyze.button("rootBrowse").click();
        chooseTheRootInTheBrowser();

        JList<?> roots = analyze.list("rootList").target();
        Await.until("the root in the dialog", Await.STEP, () -> items(roots).equals(List.of(ROOT)),
                () -> items(roots).toString());
        assertThat(analyze.label("summary").text()).startsWith("Part of application: lazy scheme, roots " + ROOT + ",");
        JButton run = analyze.button("run").target();
        JLabel problem = analyze.label("problem").target();
        Await.until("Attach enabled", Await.STEP, run::isEnabled, problem::getText);
        assertThat(analyze.button("run").text()).isEqualTo("Attach");
        gui.shot("root-chosen");
        analyze.button("run").click();

        // attached: the JVM list and the session's status say so
        Await.until("a recording session in the JVM list", Await.STEP, () -> "recording".equals(jvmCell("Session")),
                () -> ShownTable.rows(jvms));
        Await.until("the session's status", Await.STEP,
                () -> status.getText().matches("(?s).*roots\\s+" + Pattern.quote(ROOT) + ".*"), status::getText);
        assertThat(execute(() -> status.getText())).containsPattern("scheme\\s+lazy")
                .containsPattern("started.by\\s+attach");
        assertThat(message()).startsWith("Attached to " + pid + ": Part of application: lazy scheme, roots " + ROOT);
        gui.shot("attached");
    }

    /** In the root browser: part of the class name, the class, its method, OK. */
    private void chooseTheRootInTheBrowser() throws Exception {
        DialogFixture browser = gui.dialog("rootBrowserDialog");
        browser.textBox("rootFilter").enterText("checko");
        JList<?> classes = browser.list("rootClasses").target();
        JLabel found = browser.label("rootFound").target();
        Await.until("the program's class found by part of its name", Await.STEP,
                () -> items(classes).equals(List.of(PROGRAM)), () -> items(classes) + ", " + found.getText());
        assertThat(browser.label("rootFound").text()).isEqualTo("1 of 1 classes on the program's class path");
        JList<?> methods = browser.list("rootMethods").target();
        browser.list("rootClasses").selectItem(PROGRAM);
        Await.until("the class's methods", Await.STEP, () -> items(methods).contains("order(int)"), () -> items(methods).toString());
        assertThat(items(methods)).contains("main(String[])", "price(int, int)", "tax(long)");
        browser.list("rootMethods").selectItem("order(int)");
        gui.shot("root-browser");
        browser.button("rootBrowserOk").click();
    }

    /** Profile &gt; Live Results: the root's row appears, and its calls grow from one refresh to the next. */
    private void liveResultsGrow() throws Exception {
        gui.menu("Profile", "Live Results");
        live = gui.window("the Live Results window", tc -> tc.getName().equals("Live: " + pid));
        Refresh first = nextRefresh(null);
        Refresh second = nextRefresh(first);
        Refresh third = nextRefresh(second);
        System.out.printf("Live Results: the root's calls at the first refreshes %d, %d, %d%n", first.calls,
                second.calls, third.calls);
        assertThat(second.calls).as("the root's calls at the second refresh").isGreaterThan(first.calls);
        assertThat(third.calls).as("the root's calls at the third refresh").isGreaterThan(second.calls);
        gui.shot("live-results");
    }

    /** Profile &gt; Reset Collected Results: the root's calls start again, lower than before. */
    private void resetStartsThemAgain() throws Exception {
        Refresh before = nextRefresh(null);
        gui.menu("Profile", "Reset Collected Results");
        Await.until("the reset said", Await.STEP, () -> message().equals("Collected results cleared"), this::message);
        // a refresh under way during the reset may still show the figures from before it
        List<Long> seen = new ArrayList<>();
        Refresh after = before;
        do {
            after = nextRefresh(after);
            seen.add(after.calls);
        } while (after.calls >= before.calls && seen.size() < 3);
        System.out.printf("Live Results: the root's calls %d before the reset, %s after%n", before.calls, seen);
        assertThat(after.calls).as("the root's calls at the refreshes after the reset %s against %d before it", seen,
                before.calls).isLessThan(before.calls);
        Await.until("one reset in the status", Await.STEP, () -> status.getText().matches("(?s).*resets\\s+1\\b.*"),
                status::getText);
        gui.shot("live-results-after-reset");
    }

    /** Profile &gt; Take Snapshot: written to the snapshot folder and opened in a window of its own, exact. */
    private TopComponent aSnapshotOpens() throws Exception {
        gui.menu("Profile", "Take Snapshot");
        Pattern snapshotName = Pattern.compile(pid + "-\\d{8}-\\d{6}\\.candor");
        TopComponent snapshot = gui.window("the snapshot's window", tc -> snapshotName.matcher(tc.getName()).matches());
        Path file = Path.of(System.getProperty("candor.snapshots"), execute(snapshot::getName));
        assertThat(file).as("the snapshot file the window names").isRegularFile();
        Await.until("the snapshot's file said", Await.STEP, () -> message().startsWith("Wrote " + file), this::message);
        JTable tree = Await.value("the snapshot's call tree", Await.STEP,
                () -> gui.findOrNull(snapshot, "callTree", JTable.class));
        Await.until("the root in the snapshot's tree", Await.STEP, () -> calls(tree, ROOT_ROW) > 0,
                () -> ShownTable.rows(tree));
        // below the root, the callees the lazy scheme instrumented as it first ran; the tree opens its hot path by
        // itself only down to callees of a large share: the root is opened as a user does
        gui.expand(tree, execute(() -> ShownTable.rowStartingWith(tree, 0, ROOT_ROW)));
        Await.until("the root's callees in the snapshot's tree", Await.STEP,
                () -> calls(tree, PRICE_ROW) > 0 && calls(tree, TAX_ROW) > 0, () -> ShownTable.rows(tree));
        long orders = execute(() -> calls(tree, ROOT_ROW));
        // the counts are exact: each order prices five lines and adds tax once (the one running may be half done)
        assertThat(execute(() -> calls(tree, PRICE_ROW))).as("price() calls against %d orders", orders)
                .isBetween(5 * orders - 5, 5 * orders);
        assertThat(execute(() -> calls(tree, TAX_ROW))).as("tax() calls against %d orders", orders)
                .isBetween(orders - 1, orders);
        gui.shot("snapshot");
        return snapshot;
    }

    /** Take Snapshot again, a few refreshes later: a second file and window, with more orders in it. */
    private TopComponent aLaterSnapshot(TopComponent first) throws Exception {
        String firstName = execute(first::getName);
        Thread.sleep(1100);  // snapshot files are named to the second
        execute(() -> jvmsWindow.requestActive());
        gui.menu("Profile", "Take Snapshot");
        Pattern snapshotName = Pattern.compile(pid + "-\\d{8}-\\d{6}\\.candor");
        return gui.window("the second snapshot's window",
                tc -> snapshotName.matcher(tc.getName()).matches() && !tc.getName().equals(firstName));
    }

    /**
     * The first snapshot saved under a name of the user's (File &gt; Save Snapshot As), its window closed and the copy
     * opened again (File &gt; Open Snapshot), compared with the later one (File &gt; Compare Snapshots: B has more
     * orders), and exported as CSV (File &gt; Export Snapshot).
     */
    private void savedReopenedComparedAndExported(TopComponent first, TopComponent second) throws Exception {
        Path folder = Files.createDirectories(getWorkDir().toPath().resolve("kept"));
        Path saved = folder.resolve("checkout-first.candor");
        execute(() -> first.requestActive());
        gui.menu("File", "Save Snapshot As\u2026");
        gui.saveAs(saved);
        Await.until("the window named as saved", Await.STEP, () -> execute(first::getName).equals(saved.getFileName().toString()),
                () -> execute(first::getName));
        assertThat(saved).isRegularFile();
        gui.shot("saved-as");

        execute(() -> {
            first.close();
        });
        gui.menu("File", "Open Snapshot\u2026");
        gui.open(saved);
        TopComponent reopened = gui.window("the saved snapshot opened again",
                tc -> tc.getName().equals(saved.getFileName().toString()));
        JTable tree = Await.value("its call tree", Await.STEP, () -> gui.findOrNull(reopened, "callTree", JTable.class));
        Await.until("the root in it", Await.STEP, () -> calls(tree, ROOT_ROW) > 0, () -> ShownTable.rows(tree));
        long ordersFirst = execute(() -> calls(tree, ROOT_ROW));
        gui.shot("reopened");

        Path later = Path.of(System.getProperty("candor.snapshots"), execute(second::getName));
        execute(() -> reopened.requestActive());
        gui.menu("File", "Compare Snapshots\u2026");
        gui.open(later);
        TopComponent comparison = gui.window("the comparison", tc -> tc.getName().startsWith(saved.getFileName() + " \u2194 "));
        JTable compared = Await.value("its methods", Await.STEP, () -> gui.findOrNull(comparison, "comparedMethods", JTable.class));
        Await.until("the root compared", Await.STEP, () -> ShownTable.rows(compared).contains("Checkout.order"),
                () -> ShownTable.rows(compared));
        gui.shot("compared");

        Path csv = folder.resolve("checkout-first.csv");
        execute(() -> reopened.requestActive());
        gui.menu("File", "Export Snapshot\u2026");
        gui.saveAs(csv, "CSV");
        Await.until("the CSV written", Await.STEP, () -> Files.isRegularFile(csv), csv::toString);
        String text = Files.readString(csv);
        assertThat(text).contains("com.example.shop.Checkout").contains(Long.toString(ordersFirst));
        gui.shot("exported");
    }

    /** Profile &gt; Detach: the session ends, the program runs on and printed nothing of Candor's. */
    private void detachLeavesTheProgramRunning() throws Exception {
        gui.menu("Profile", "Detach");
        Await.until("the session detached in the JVM list", Await.STEP, () -> "detached".equals(jvmCell("Session")),
                () -> ShownTable.rows(jvms));
        Await.until("the detach in the status", Await.STEP, () -> status.getText().matches("(?s).*state\\s+detached.*"),
                status::getText);
        assertThat(program.process.isAlive()).as("the program runs on after the detach").isTrue();
        gui.shot("detached");
        // nothing on the program's stderr but the JVM's own warnings (JDK 21+ warns of an agent loaded at runtime)
        assertThat(Files.readString(program.output).lines().filter(l -> !l.startsWith("WARNING: ")))
                .as("the program's stderr").isEmpty();
    }

    /** One refresh of Live Results: its call tree (a new table each time) and the root's calls in it. */
    private static final class Refresh {
        final JTable tree;
        final long calls;

        Refresh(JTable tree, long calls) {
            this.tree = tree;
            this.calls = calls;
        }
    }

    /** The first refresh of Live Results after {@code last} that shows the root's row (null: the one shown now). */
    private Refresh nextRefresh(Refresh last) {
        return Await.value("a refresh of Live Results with the root's row", Await.STEP, () -> {
            JTable tree = gui.findOrNull(live, "callTree", JTable.class);
            if (tree == null || (last != null && tree == last.tree)) return null;
            long calls = calls(tree, ROOT_ROW);
            return calls < 0 ? null : new Refresh(tree, calls);
        });
    }

    /** The calls of the first row of {@code tree} that reads as starting with {@code method}, or -1. Event thread. */
    private static long calls(JTable tree, String method) {
        int row = ShownTable.rowStartingWith(tree, 0, method);
        return row < 0 ? -1 : (Long) ShownTable.value(tree, row, "Calls");
    }

    /** The program's row in the JVM list, or -1. Event thread. */
    private int jvmRow() {
        for (int r = 0; r < jvms.getRowCount(); r++) {
            if (Long.toString(pid).equals(ShownTable.text(jvms, r, 0))) return r;
        }
        return -1;
    }

    /** The program's cell in the JVM list's column headed {@code column}. */
    private String jvmCell(String column) {
        return execute(() -> {
            int row = jvmRow();
            return row < 0 ? null : ShownTable.text(jvms, row, ShownTable.column(jvms, column));
        });
    }

    /** The JVMs window's one-line answer to the last command. */
    private String message() {
        return execute(() -> message.getText());
    }

    private static List<String> items(JList<?> list) {
        return execute(() -> {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < list.getModel().getSize(); i++) {
                out.add(String.valueOf(list.getModel().getElementAt(i)));
            }
            return out;
        });
    }
}
