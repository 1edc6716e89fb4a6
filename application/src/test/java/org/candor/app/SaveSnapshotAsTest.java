package org.candor.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.GraphicsEnvironment;
import java.awt.Robot;
import java.awt.event.KeyEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.candor.core.snapshot.SnapshotWriter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File &gt; Save Snapshot As and Export Snapshot in the installed app, driven by the keyboard as a user would (Ctrl+Shift+S
 * or Ctrl+Shift+E, a name, Enter): the snapshot lands whole under the new name, the window takes that name, and
 * nothing else is left in the folder; the export holds what {@code candor report} writes for the same file.
 */
class SaveSnapshotAsTest {


    @Test
    void savesTheOpenSnapshotUnderTheNameTyped(@TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "needs an X display");
        Path snapshot = dir.resolve("shop.candor");
        SnapshotWriter.write(SmokeSnapshot.create(), snapshot);
        Path saved = dir.resolve("saved");
        RunningApp app = RunningApp.start(RunningApp.APP, Path.of(System.getProperty("java.home")), dir.resolve("userdir"),
                "--open", snapshot.toString());
        try (app) {
            Robot robot = app.focusedOnSnapshot(snapshot);
            RunningApp.press(robot, KeyEvent.VK_CONTROL, KeyEvent.VK_SHIFT, KeyEvent.VK_S);
            Thread.sleep(2000); // the file chooser opens with the current name in its field
            RunningApp.press(robot, KeyEvent.VK_CONTROL, KeyEvent.VK_A);
            type(robot, saved.toString());
            RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-save-as-dialog.png"));
            RunningApp.press(robot, KeyEvent.VK_ENTER);
            Path expected = dir.resolve("saved.candor");
            app.awaitLog("Saved snapshot " + snapshot + " as " + expected, Duration.ofSeconds(30));
            Thread.sleep(1000);
            RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-saved-as.png"));
            assertThat(Files.readAllBytes(expected)).isEqualTo(Files.readAllBytes(snapshot));
            try (var files = Files.list(dir)) {
                assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp"))).isEmpty();
            }
        }
    }

    @Test
    void exportsTheOpenSnapshotAsTheCommandLineReportsIt(@TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "needs an X display");
        Path snapshot = dir.resolve("shop.candor");
        SnapshotWriter.write(SmokeSnapshot.create(), snapshot);
        RunningApp app = RunningApp.start(RunningApp.APP, Path.of(System.getProperty("java.home")), dir.resolve("userdir"),
                "--open", snapshot.toString());
        Path expected = dir.resolve("exported.txt");
        try (app) {
            Robot robot = app.focusedOnSnapshot(snapshot);
            RunningApp.press(robot, KeyEvent.VK_CONTROL, KeyEvent.VK_SHIFT, KeyEvent.VK_E);
            Thread.sleep(2000); // the chooser opens on the text report, the snapshot's name in its field
            RunningApp.press(robot, KeyEvent.VK_CONTROL, KeyEvent.VK_A);
            type(robot, dir.resolve("exported").toString());
            RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-export-dialog.png"));
            RunningApp.press(robot, KeyEvent.VK_ENTER);
            app.awaitLog("Exported snapshot " + snapshot + " as text to " + expected, Duration.ofSeconds(30));
        }
        // the same bytes as the command line's report of the same file
        Process cli = new ProcessBuilder(Path.of("..", "candor").toAbsolutePath().toString(), "report", snapshot.toString())
                .redirectErrorStream(false).start();
        byte[] report = cli.getInputStream().readAllBytes();
        assertThat(cli.waitFor()).isZero();
        assertThat(new String(Files.readAllBytes(expected), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo(new String(report, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Types a path: letters, digits, '/', '-', '_' and '.' on a US keyboard. */
    private static void type(Robot robot, String text) {
        for (char c : text.toCharArray()) {
            boolean shift = Character.isUpperCase(c) || c == '_';
            int key;
            if (c == '/') key = KeyEvent.VK_SLASH;
            else if (c == '-' || c == '_') key = KeyEvent.VK_MINUS;
            else if (c == '.') key = KeyEvent.VK_PERIOD;
            else key = KeyEvent.getExtendedKeyCodeForChar(Character.toLowerCase(c));
            if (shift) robot.keyPress(KeyEvent.VK_SHIFT);
            robot.keyPress(key);
            robot.keyRelease(key);
            if (shift) robot.keyRelease(KeyEvent.VK_SHIFT);
        }
    }
}
