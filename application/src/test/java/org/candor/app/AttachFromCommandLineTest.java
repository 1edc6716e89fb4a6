package org.candor.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.GraphicsEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.candor.client.ControlClient;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code candor --attach PID} through the installed launcher: the app finds its own agent (no CANDOR_AGENT_DIR, no
 * source tree to fall back on), attaches to a running program with the settings a new user gets (the whole
 * application), and the program then has a recording session; when the program ends, the app notices without a click and opens the session's snapshot at
 * exit; a pid that is no JVM is one line in the app, not a
 * failure. Screenshots go to target/screenshots.
 */
class AttachFromCommandLineTest {

    private static final Duration START_LIMIT = Duration.ofSeconds(120);

    private static final String PROGRAM = String.join("\n",
            "public class Ticker {",
            "    static long count;",
            "    static void tick() { count++; }",
            "    public static void main(String[] args) throws Exception {",
            "        while (true) { for (int i = 0; i < 1000; i++) tick(); Thread.sleep(1); }",
            "    }",
            "}");

    @Test
    void attachesToTheJvmNamedOnTheCommandLine(@TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "needs an X display");
        Path source = dir.resolve("Ticker.java");
        Files.writeString(source, PROGRAM);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        // the app must find its agent in its own installation, never through the test's environment
        ProcessBuilder targetBuilder = new ProcessBuilder(java.toString(), source.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("target.out").toFile());
        Process target = targetBuilder.start();
        try {
            Thread.sleep(1500); // the source launcher compiles Ticker first
            assertThat(target.isAlive()).as("the target program runs").isTrue();
            Path snapshots = dir.resolve("snapshots");
            RunningApp app = RunningApp.start(RunningApp.APP, java.getParent().getParent(), dir.resolve("userdir"),
                    "-J-Dcandor.snapshots=" + snapshots, "--attach", Long.toString(target.pid()));
            try (app) {
                app.awaitLog("Attached to " + target.pid(), START_LIMIT);
                try (ControlClient c = ControlClient.connect(target.pid(), 10_000)) {
                    ControlClient.Reply status = c.command("status");
                    assertThat(status.ok).isTrue();
                    assertThat(status.get("state")).isEqualTo("recording");
                    assertThat(status.get("scheme")).isEqualTo("total");
                    assertThat(status.get("started.by")).isEqualTo("attach");
                }
                Thread.sleep(1500); // the window shows the session's status
                RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-attach-from-command-line.png"));

                // the program ends: the list notices by itself and the session's snapshot at exit opens
                target.destroy();
                assertThat(target.waitFor(20, TimeUnit.SECONDS)).isTrue();
                app.awaitLog("JVM " + target.pid() + " ended; its snapshot at exit is open: " + snapshots, START_LIMIT);
                app.awaitLog("Opened snapshot " + snapshots, START_LIMIT);
                Thread.sleep(1500);
                RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-attached-program-ended.png"));
            }
            assertThat(app.log()).doesNotContain("cannot find candor-agent.jar");
        } finally {
            target.destroyForcibly();
            target.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPidThatIsNoJvmIsOneLineInTheApp(@TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "needs an X display");
        Process sleeper = new ProcessBuilder("sleep", "300").start();
        long noJvm = sleeper.pid();
        RunningApp app = RunningApp.start(RunningApp.APP, Path.of(System.getProperty("java.home")), dir.resolve("userdir"),
                "--attach", Long.toString(noJvm));
        try (app) {
            app.awaitLog("No local JVM has process id " + noJvm, START_LIMIT);
            Thread.sleep(1000);
            RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-attach-no-jvm.png"));
        } finally {
            sleeper.destroyForcibly();
        }
        List<String> lines = app.log().lines().filter(l -> l.contains("LiveSessionsPanel]")).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).startsWith("INFO");
    }
}
