package org.candor.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.GraphicsEnvironment;
import java.awt.Robot;
import java.awt.event.KeyEvent;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.candor.core.snapshot.SnapshotWriter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File &gt; Open Recent Snapshot in the installed app: a snapshot opened is kept in the application's preferences
 * (its userdir) from one start to the next; when the menu opens on a file that is gone, the file is taken off the
 * list with one line.
 */
class RecentSnapshotsAppTest {

    @Test
    void theSnapshotsOpenedAreKeptAndTheOnesGoneAreTakenOff(@TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "needs an X display");
        Path userdir = dir.resolve("userdir");
        Path first = dir.resolve("first.candor");
        Path second = dir.resolve("second.candor");
        SnapshotWriter.write(SmokeSnapshot.create(), first);
        SnapshotWriter.write(SmokeSnapshot.create(), second);
        Path java = Path.of(System.getProperty("java.home"));

        try (RunningApp app = RunningApp.start(RunningApp.APP, java, userdir, "--open", first.toString())) {
            app.awaitLog("Opened snapshot " + first, Duration.ofSeconds(120));
        }
        Properties prefs = new Properties();
        try (Reader r = Files.newBufferedReader(userdir.resolve("config/Preferences/org/candor/ui/snapshot.properties"))) {
            prefs.load(r);
        }
        assertThat(prefs.getProperty("recent.0")).isEqualTo(first.toString());

        Files.delete(first);
        RunningApp app = RunningApp.start(RunningApp.APP, java, userdir, "--open", second.toString());
        try (app) {
            Robot robot = app.focusedOnSnapshot(second);
            RunningApp.press(robot, KeyEvent.VK_ALT, KeyEvent.VK_F);    // File
            Thread.sleep(1000);
            RunningApp.press(robot, KeyEvent.VK_R);                     // Open Recent Snapshot
            app.awaitLog(first + " no longer exists; it is off the recent snapshots.", Duration.ofSeconds(30));
            Thread.sleep(1000);
            RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-open-recent.png"));
            RunningApp.press(robot, KeyEvent.VK_ESCAPE);
            RunningApp.press(robot, KeyEvent.VK_ESCAPE);
        }
    }
}
