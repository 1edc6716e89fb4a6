package org.candor.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.GraphicsEnvironment;
import java.awt.Robot;
import java.awt.event.InputEvent;
import java.awt.event.KeyEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Profile Demo in the installed app (Alt+D in the Running JVMs window): the app finds the demo it ships, runs it
 * with a session, and opens its snapshot when it ends, with no command line involved.
 */
class ProfileDemoTest {


    @Test
    void theDemoRunsAndItsSnapshotOpens(@TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "needs an X display");
        Path snapshots = dir.resolve("snapshots");
        RunningApp app = RunningApp.start(RunningApp.APP, Path.of(System.getProperty("java.home")), dir.resolve("userdir"),
                "-J-Dcandor.snapshots=" + snapshots);
        try (app) {
            app.awaitLog("Turning on modules", Duration.ofSeconds(120));
            Thread.sleep(12_000); // the main window and the Running JVMs window are up
            Robot robot = new Robot();
            robot.setAutoDelay(40);
            // no window manager: the window under the pointer has the keyboard; click into the JVM list
            robot.mouseMove(200, 300);
            robot.mousePress(InputEvent.BUTTON1_DOWN_MASK);
            robot.mouseRelease(InputEvent.BUTTON1_DOWN_MASK);
            Thread.sleep(500);
            robot.keyPress(KeyEvent.VK_ALT);
            robot.keyPress(KeyEvent.VK_D);
            robot.keyRelease(KeyEvent.VK_D);
            robot.keyRelease(KeyEvent.VK_ALT);
            app.awaitLog("Launched ", Duration.ofSeconds(30));
            app.awaitLog("Opened snapshot " + snapshots, Duration.ofSeconds(90));
            Thread.sleep(1500);
            RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-profile-demo.png"));
        }
        assertThat(app.log()).containsPattern("Opened snapshot .*: 3 threads");
        try (Stream<Path> files = Files.list(snapshots)) {
            assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.endsWith(".log"));
        }
    }
}
