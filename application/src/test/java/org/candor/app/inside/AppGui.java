package org.candor.app.inside;

import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.awt.Component;
import java.awt.Container;
import java.awt.Point;
import java.awt.Window;
import java.awt.event.KeyEvent;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Predicate;
import javax.swing.JFileChooser;
import javax.swing.JMenuItem;
import javax.swing.JTabbedPane;
import javax.swing.JTable;
import javax.swing.SwingUtilities;
import javax.swing.filechooser.FileFilter;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.GenericTypeMatcher;
import org.assertj.swing.core.MouseButton;
import org.assertj.swing.core.Robot;
import org.assertj.swing.data.TableCell;
import org.assertj.swing.finder.WindowFinder;
import org.assertj.swing.fixture.DialogFixture;
import org.assertj.swing.fixture.JFileChooserFixture;
import org.assertj.swing.fixture.JTabbedPaneFixture;
import org.assertj.swing.fixture.JTableFixture;
import org.candor.app.Screenshots;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/**
 * The running application's windows as a test inside it drives them, with AssertJ Swing's robot (real mouse and
 * keyboard events on the X display): the main window and its menu bar, dialogs, the windows of the window system
 * (TopComponents), and a numbered screenshot of the whole screen at each step.
 */
final class AppGui {

    private final Robot robot;
    private final String workflow;
    private final long start = System.nanoTime();
    private int step;

    /** Waits for the main window; {@code workflow} names the screenshots ({@code workflow-01-step.png}). */
    AppGui(String workflow) {
        this.workflow = workflow;
        Await.until("the main window", Await.START, () -> WindowManager.getDefault().getMainWindow().isShowing());
        robot = BasicRobot.robotWithCurrentAwtHierarchy();
    }

    /**
     * Clicks through the menu bar as a user does: the menu, then each item of the path as it shows (the platform
     * makes a menu's items when it opens), once the mouse over it highlights it; the last one must be enabled.
     */
    void menu(String... path) {
        for (int i = 0; i < path.length; i++) {
            String text = path[i];
            String where = String.join(" > ", Arrays.copyOf(path, i + 1));
            JMenuItem item = Await.value(where + " showing", Await.STEP, () -> showingMenuItem(text));
            if (i == path.length - 1) Await.until(where + " enabled", Await.STEP, item::isEnabled);
            if (i > 0) {
                raise(item);
                pointAt(item, where);
            }
            robot.click(item);
            robot.waitForIdle();
        }
    }

    /**
     * Raises the window of an open menu's popup. Swing shows a menu in a window of its own and reuses it; on an X
     * display without a window manager (Xvfb here and in CI) nothing keeps that window above the main window, which
     * AWT raises again when a modal dialog closes: the menu then opens unseen below it. A window manager
     * does this for users.
     */
    private void raise(JMenuItem item) {
        execute(() -> {
            Window popup = SwingUtilities.getWindowAncestor(item);
            if (popup != null && popup != WindowManager.getDefault().getMainWindow()) popup.toFront();
        });
        robot.waitForIdle();
    }

    /**
     * Moves the mouse onto an item of an open menu until the menu highlights it (arms it): proof that the item is on
     * the screen and gets the mouse, where a click on an item Swing calls showing but the screen does not show lands
     * on the window below (a row of the JVM list, once).
     */
    private void pointAt(JMenuItem item, String where) {
        long end = System.nanoTime() + Await.STEP.toNanos();
        for (int x = 8; !execute(item::isArmed); x = 8 + (x + 5) % 40) {
            if (System.nanoTime() > end) throw new AssertionError("the mouse over " + where + " did not highlight it");
            // a new position each time: a move to where the mouse already is makes no event
            robot.moveMouse(item, new Point(x, item.getHeight() / 2));
            robot.waitForIdle();
        }
    }

    private JMenuItem showingMenuItem(String text) {
        for (JMenuItem item : robot.finder().findAll(new GenericTypeMatcher<JMenuItem>(JMenuItem.class, true) {
            @Override protected boolean isMatching(JMenuItem m) { return text.equals(m.getText()); }
        })) {
            return item;
        }
        return null;
    }

    /** Clicks a row of a table (in its first column). */
    void click(JTable table, int row) {
        new JTableFixture(robot, table).cell(TableCell.row(row).column(0)).click();
    }

    /** Opens a row of a tree table as a user does: a click on it, then the right arrow (an open row stays open). */
    void expand(JTable tree, int row) {
        JTableFixture table = new JTableFixture(robot, tree);
        table.cell(TableCell.row(row).column(0)).click();
        table.pressAndReleaseKeys(KeyEvent.VK_RIGHT);
    }

    /** Shows the tab titled {@code title} of the tabbed pane named {@code name} inside {@code in}, as a click on it does. */
    void selectTab(Container in, String name, String title) {
        JTabbedPane tabs = Await.value("tabs " + name, Await.STEP, () -> findOrNull(in, name, JTabbedPane.class));
        new JTabbedPaneFixture(robot, tabs).selectTab(title);
        robot.waitForIdle();
    }

    /** A drag with the left button inside {@code c}, from one point to another (in its coordinates), in steps. */
    void drag(Component c, Point from, Point to) {
        robot.pressMouse(c, from, MouseButton.LEFT_BUTTON);
        for (int i = 1; i <= 10; i++) {
            robot.moveMouse(c, new Point(from.x + (to.x - from.x) * i / 10, from.y + (to.y - from.y) * i / 10));
        }
        robot.releaseMouse(MouseButton.LEFT_BUTTON);
        robot.waitForIdle();
    }

    /** Clicks the showing button named {@code name} inside {@code in}. */
    void clickButton(Container in, String name) {
        robot.click(find(in, name, javax.swing.JButton.class));
        robot.waitForIdle();
    }

    /** The showing dialog named {@code name}. */
    DialogFixture dialog(String name) {
        return WindowFinder.findDialog(name).withTimeout(Await.STEP.toMillis()).using(robot);
    }

    /** In the file chooser showing now: {@code file} picked, then Open (or whatever its approve button says). */
    void open(Path file) {
        JFileChooser chooser = fileChooser().target();
        // picked and approved as the chooser's own buttons do, on the event thread: without a window manager a
        // robot's click on a file dialog's button is sometimes lost
        execute(() -> {
            if (chooser.isMultiSelectionEnabled()) chooser.setSelectedFiles(new java.io.File[] {file.toFile()});
            else chooser.setSelectedFile(file.toFile());
            chooser.approveSelection();
        });
    }

    /**
     * In the save dialog showing now: {@code file}'s folder and name typed, with the file filter whose description
     * starts with {@code filter} when one is given, then Save.
     */
    void saveAs(Path file, String... filter) {
        JFileChooserFixture chooser = fileChooser();
        JFileChooser target = chooser.target();
        if (filter.length > 0) {
            execute(() -> {
                for (FileFilter f : target.getChoosableFileFilters()) {
                    if (f.getDescription().startsWith(filter[0])) target.setFileFilter(f);
                }
            });
        }
        execute(() -> {
            target.setCurrentDirectory(file.getParent().toFile());
            target.setSelectedFile(file.toFile());
            target.approveSelection();
        });
    }

    private JFileChooserFixture fileChooser() {
        return new JFileChooserFixture(robot, Await.value("a file chooser", Await.STEP, () -> {
            for (JFileChooser c : robot.finder().findAll(new GenericTypeMatcher<JFileChooser>(JFileChooser.class, true) {
                @Override protected boolean isMatching(JFileChooser c) { return true; }
            })) {
                return c;
            }
            return null;
        }));
    }

    /** The opened window of the window system that {@code which} picks (read on the event thread), waited for. */
    TopComponent window(String what, Predicate<TopComponent> which) {
        return Await.value(what, Await.STEP, () -> {
            for (TopComponent tc : WindowManager.getDefault().getRegistry().getOpened()) if (which.test(tc)) return tc;
            return null;
        });
    }

    /** The showing component named {@code name} inside {@code in}; fails when there is none. */
    <T extends Component> T find(Container in, String name, Class<T> type) {
        return robot.finder().findByName(in, name, type, true);
    }

    /** The showing component named {@code name} inside {@code in}, or null. Event thread. */
    <T extends Component> T findOrNull(Container in, String name, Class<T> type) {
        return robot.finder().findAll(in, new GenericTypeMatcher<T>(type, true) {
            @Override protected boolean isMatching(T c) { return name.equals(c.getName()); }
        }).stream().findFirst().orElse(null);
    }

    /** The whole screen once the app is idle, as {@code target/screenshots/WORKFLOW-NN-name.png}; says when. */
    Path shot(String name) throws Exception {
        robot.waitForIdle();
        Path png = Screenshots.take(String.format("%s-%02d-%s", workflow, ++step, name));
        System.out.printf("%s at %.1f s%n", png.getFileName(), (System.nanoTime() - start) / 1e9);
        return png;
    }

    /** Lets go of the mouse and keyboard; the windows stay (the application closes them at its exit). */
    void cleanUp() {
        robot.cleanUpWithoutDisposingWindows();
    }
}
