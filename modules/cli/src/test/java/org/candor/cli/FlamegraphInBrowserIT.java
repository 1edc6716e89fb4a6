package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flame graph page as a browser shows it: headless Chromium (Debian's package, which .ci/run installs) runs the
 * page's own script on the page the real {@code candor report --format flamegraph} wrote, and the frames it draws are
 * in the document; a screenshot is left in target/screenshots.
 */
class FlamegraphInBrowserIT {

    @TempDir Path dir;

    @Test
    void theFlameGraphPageDrawsItsFramesInABrowser() throws Exception {
        Path chromium = Paths.get("/usr/bin/chromium");
        assumeTrue(Files.isExecutable(chromium), "no chromium here (.ci/run installs it)");
        Path snapshot = TinySnapshot.write(dir.resolve("tiny.candor"));
        Path page = dir.resolve("tiny.html");
        CandorCli report = CandorCli.run("report", snapshot.toString(), "--format", "flamegraph", "-o", page.toString());
        assertThat(report.exitCode).as(report.toString()).isZero();

        List<String> headless = List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + dir.resolve("profile"), "--window-size=1200,600");
        CandorCli dom = CandorCli.exec(concat(headless, "--dump-dom", page.toUri().toString()));
        assertThat(dom.exitCode).as(dom.toString()).isZero();
        // the frames the script drew: the root and the one method, each a div of class frame
        Matcher frames = Pattern.compile("<div class=\"frame\"[^>]*>([^<]*)").matcher(dom.stdout);
        StringBuilder drawn = new StringBuilder();
        while (frames.find()) drawn.append(frames.group(1)).append('\n');
        assertThat(drawn.toString()).as(dom.stdout).contains("all").contains("com.acme.Foo.run");

        Path shots = Files.createDirectories(Paths.get("target", "screenshots"));
        Path shot = shots.resolve("flamegraph-in-chromium.png").toAbsolutePath();
        CandorCli screenshot = CandorCli.exec(concat(headless, "--screenshot=" + shot, page.toUri().toString()));
        assertThat(screenshot.exitCode).as(screenshot.toString()).isZero();
        assertThat(Files.size(shot)).isGreaterThan(1000);
    }

    @Test
    void theDiffFlameGraphColoursFramesByTheirChange() throws Exception {
        Path chromium = Paths.get("/usr/bin/chromium");
        assumeTrue(Files.isExecutable(chromium), "no chromium here (.ci/run installs it)");
        Path a = TwoBuilds.run(dir.resolve("a.candor"), 50, 100, 0);
        Path b = TwoBuilds.run(dir.resolve("b.candor"), 50, 120, 0);
        Path page = dir.resolve("diff.html");
        CandorCli diff = CandorCli.run("diff", "--format", "flamegraph", "-o", page.toString(), a.toString(), b.toString());
        assertThat(diff.exitCode).as(diff.toString()).isZero();

        List<String> headless = List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + dir.resolve("profile"), "--window-size=1200,600");
        CandorCli dom = CandorCli.exec(concat(headless, "--dump-dom", page.toUri().toString()));
        assertThat(dom.exitCode).as(dom.toString()).isZero();
        // parse, the only frame whose own time grew, is the reddest; handle's own time did not change: grey
        assertThat(background(dom.stdout, "app.Parser.parse")).isEqualTo("rgb(255, 55, 55)");
        assertThat(background(dom.stdout, "app.Server.handle")).isEqualTo("rgb(235, 235, 235)");

        Path shots = Files.createDirectories(Paths.get("target", "screenshots"));
        Path shot = shots.resolve("diff-flamegraph-in-chromium.png").toAbsolutePath();
        CandorCli screenshot = CandorCli.exec(concat(headless, "--screenshot=" + shot, page.toUri().toString()));
        assertThat(screenshot.exitCode).as(screenshot.toString()).isZero();
    }

    /** The background the script gave the frame drawn for {@code name}. */
    private static String background(String dom, String name) {
        Matcher frame = Pattern.compile("<div class=\"frame\" style=\"[^\"]*background: (rgb\\([^)]*\\))[^\"]*\">"
                + Pattern.quote(name) + "<").matcher(dom);
        assertThat(frame.find()).as(dom).isTrue();
        return frame.group(1);
    }

    private static List<String> concat(List<String> a, String... more) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(List.of(more));
        return all;
    }
}
