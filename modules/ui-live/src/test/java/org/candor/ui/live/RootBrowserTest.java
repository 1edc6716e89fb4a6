package org.candor.ui.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.swing.edt.GuiActionRunner.execute;
import static org.assertj.swing.timing.Pause.pause;
import static org.assertj.swing.timing.Timeout.timeout;

import java.awt.Dimension;
import java.nio.file.Path;
import java.util.function.Supplier;
import javax.swing.JFrame;
import javax.swing.JList;
import org.assertj.swing.core.BasicRobot;
import org.assertj.swing.core.Robot;
import org.assertj.swing.edt.FailOnThreadViolationRepaintManager;
import org.assertj.swing.fixture.FrameFixture;
import org.assertj.swing.timing.Condition;
import org.candor.ui.calltree.GuiTests;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The root browser on a real program's session: type part of a class name, pick the class and a method, add it. */
class RootBrowserTest {

    private static final String TARGET = "org.candor.ui.live.program.Ticker";

    @TempDir Path dir;
    private Process target;
    private FrameFixture window;
    private RootBrowser browser;

    @BeforeAll
    static void needsDisplay() throws Exception {
        GuiTests.assumeDisplay();
        GuiTests.useApplicationLookAndFeel();
        FailOnThreadViolationRepaintManager.install();
    }

    @AfterEach
    void close() {
        if (window != null) window.cleanUp();
        if (browser != null) execute(browser::dispose);
        if (target != null) target.destroyForcibly();
    }

    @Test
    void aClassFoundByPartOfItsNameGivesItsMethodsAsRoots() throws Exception {
        String java = System.getenv().getOrDefault("CANDOR_TEST_JAVA", ProcessHandle.current().info().command().orElse("java"));
        Path classes = Path.of(org.candor.ui.live.program.Ticker.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        target = new ProcessBuilder(java, "-cp", classes.toString(), TARGET).start();
        assertThat(new String(target.getInputStream().readNBytes(6))).isEqualTo("ready\n");
        LiveSessions sessions = new LiveSessions();
        sessions.attach(target.pid(), "total", "", "org.candor.ui.live.program.**", dir.resolve("exit.candor"));

        Robot robot = BasicRobot.robotWithNewAwtHierarchy();
        browser = execute(() -> new RootBrowser(sessions, target.pid()));
        JFrame frame = execute(() -> {
            JFrame f = new JFrame("Candor: root browser");
            f.add(browser);
            f.setLocation(100, 100);
            return f;
        });
        window = new FrameFixture(robot, frame);
        window.show(new Dimension(900, 420));

        window.textBox("rootFilter").enterText("live.program.tick");
        waitFor("the class listed", () -> execute(() -> list("rootClasses").getModel().getSize()) == 1);
        window.list("rootClasses").selectItem(TARGET);
        waitFor("its methods", () -> execute(() -> list("rootMethods").getModel().getSize()) >= 3);
        window.list("rootMethods").selectItems("tick(long)", "step(long)");
        window.button("rootAdd").click();
        assertThat(execute(browser::chosen)).containsExactly(TARGET + ".step", TARGET + ".tick");
        assertThat(window.label("rootFound").text()).startsWith("1 of 1 loaded classes");
        GuiTests.screenshot(frame, "root-browser");
    }

    @SuppressWarnings("unchecked")
    private JList<String> list(String name) {
        return (JList<String>) window.robot().finder().findByName(name, JList.class, false);
    }

    private void waitFor(String what, Supplier<Boolean> condition) {
        pause(new Condition(what) {
            @Override public boolean test() { return condition.get(); }
        }, timeout(30_000));
    }
}
