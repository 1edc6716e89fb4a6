package org.candor.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.GraphicsEnvironment;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.candor.core.snapshot.SnapshotWriter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Starts the assembled application (target/candor/bin/candor) the way a user does, with --open, on each JDK at hand,
 * and checks that it shows the snapshot and logs no problem. Screenshots go to target/screenshots.
 */
class ApplicationSmokeTest {

    /** Also started on when present: the newest JDK the application is meant to run on. */
    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
    private static final Duration START_LIMIT = Duration.ofSeconds(120);

    @BeforeAll
    static void needsDisplayAndApplication() {
        if (GraphicsEnvironment.isHeadless()) {
            String why = "no X display: DISPLAY is not set and xvfb-run is not installed (apt-get install xvfb xauth)";
            if ("true".equals(System.getenv("CI"))) fail("GUI tests must run in CI, but there is " + why);
            System.out.println("Skipping application smoke test: " + why);
            Assumptions.abort(why);
        }
        assertThat(RunningApp.APP.resolve("bin/candor")).as("the assembled application").isExecutable();
    }

    static Stream<Path> jdks() {
        Set<Path> jdks = new java.util.LinkedHashSet<>();
        jdks.add(Path.of(System.getProperty("java.home")));
        if (Files.isExecutable(JDK_25.resolve("bin/java"))) jdks.add(JDK_25);
        return jdks.stream();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void opensTheSnapshotGivenOnTheCommandLineAndLogsNoProblem(Path jdk, @TempDir Path dir) throws Exception {
        Path snapshot = dir.resolve("shop.candor");
        SnapshotWriter.write(SmokeSnapshot.create(), snapshot);
        String version = javaVersion(jdk);

        RunningApp app = RunningApp.start(RunningApp.APP, jdk, dir.resolve("userdir"), "--open", snapshot.toString());
        try (app) {
            app.awaitLog("Opened snapshot " + snapshot, START_LIMIT);
            Thread.sleep(2000); // let the window paint
            Path png = RunningApp.SCREENSHOTS.resolve("app-jdk" + version + ".png");
            RunningApp.screenshot(png);
            assertThat(colours(png)).as("colours in " + png + " (a blank screen has one)").isGreaterThan(20);
        }
        assertThat(problems(app.log())).as("problems in messages.log on JDK " + version).isEmpty();
        assertThat(problems(app.output())).as("problems printed by the launcher or JVM on JDK " + version).isEmpty();
    }

    @Test
    void aBadSnapshotGivesOneNotificationAndNothingElse(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.candor");
        Files.writeString(bad, "this is not a snapshot\n");

        RunningApp app = RunningApp.start(RunningApp.APP, Path.of(System.getProperty("java.home")), dir.resolve("userdir"),
                "--open", bad.toString());
        try (app) {
            app.awaitLog("SnapshotOpener]: Snapshot " + bad, START_LIMIT);
            Thread.sleep(2000);  // the notification's balloon at the status bar says the same line
            RunningApp.screenshot(RunningApp.SCREENSHOTS.resolve("app-bad-snapshot.png"));
        }
        List<String> reports = app.log().lines().filter(l -> l.contains("SnapshotOpener]")).collect(Collectors.toList());
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0)).startsWith("INFO").contains(bad.toString());
        assertThat(problems(app.log())).isEmpty();
    }

    /** Lines that tell of something wrong: SEVERE or WARNING records, exceptions, JVM warnings. */
    private static List<String> problems(String text) {
        List<String> found = new ArrayList<>();
        for (String line : text.split("\\R")) {
            if (line.startsWith("SEVERE") || line.startsWith("WARNING") || line.contains("Exception")) found.add(line);
        }
        return found;
    }

    private static String javaVersion(Path jdk) throws Exception {
        Path release = jdk.resolve("release");
        if (Files.exists(release)) {
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) return line.replaceAll("[^0-9.]", "").split("\\.")[0];
            }
        }
        return jdk.getFileName().toString();
    }

    private static int colours(Path png) throws Exception {
        BufferedImage image = ImageIO.read(png.toFile());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) colours.add(image.getRGB(x, y));
        }
        return colours.size();
    }
}
