package org.candor.app.inside;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;

import java.util.regex.Pattern;
import javax.swing.JButton;
import javax.swing.JLabel;
import javax.swing.JTable;
import org.assertj.swing.fixture.DialogFixture;
import org.netbeans.junit.NbTestCase;
import org.openide.windows.TopComponent;

/**
 * Profile &gt; Analyze Performance, Application startup, Bundled Demo, Launch: the demo Candor ships runs under a
 * session from its first class, and its snapshot opens when it ends, with its worker threads and its main method.
 * Screenshots: target/screenshots/inside-launch-the-demo-NN-*.png.
 */
public class LaunchTheDemo extends NbTestCase {

    public LaunchTheDemo(String name) {
        super(name);
    }

    @Override
    protected int timeOut() {
        return 10 * 60_000;
    }

    public void testTheDemoLaunchedFromTheDialogOpensItsSnapshotWhenItEnds() throws Exception {
        AppGui gui = new AppGui("inside-launch-the-demo");
        try {
            gui.menu("Profile", "Analyze Performance\u2026");
            DialogFixture analyze = gui.dialog("analyzePerformanceDialog");
            analyze.list("tasks").selectItem(Pattern.compile(".*<b>Application startup</b>.*"));
            analyze.button("chooseDemo").click();
            assertThat(analyze.label("targetProgram").text()).contains("candor-demo.jar");
            JButton run = analyze.button("run").target();
            JLabel problem = analyze.label("problem").target();
            Await.until("Launch enabled", Await.STEP, run::isEnabled, problem::getText);
            assertThat(analyze.button("run").text()).isEqualTo("Launch");
            gui.shot("startup-of-the-demo");
            analyze.button("run").click();

            Pattern launched = Pattern.compile("launch-\\d{8}-\\d{6}\\.candor");
            TopComponent snapshot = gui.window("the demo's snapshot at its end", tc -> launched.matcher(tc.getName()).matches());
            JTable tree = Await.value("its call tree", Await.STEP, () -> gui.findOrNull(snapshot, "callTree", JTable.class));
            Await.until("the demo's main in it", Await.STEP,
                    () -> ShownTable.rows(tree).contains("DemoApp.main(String[])"), () -> ShownTable.rows(tree));
            String threads = execute(() -> gui.findOrNull(snapshot, "threadSelector", javax.swing.JComboBox.class).getModel().getSize() + "");
            assertThat(Integer.parseInt(threads)).as("merged, main and its two workers").isGreaterThanOrEqualTo(4);
            gui.shot("snapshot-at-its-end");
        } catch (Throwable t) {
            gui.shot("FAILED");
            throw t;
        } finally {
            gui.cleanUp();
        }
    }
}
