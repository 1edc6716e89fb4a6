package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An include or root pattern that matches nothing is one warning line on stderr while the program runs (a root as
 * soon as the class it names loads without such a method, an include at exit), and the same line near the top of
 * {@code candor report}; the program's own output is untouched.
 */
class UnmatchedPatternsIT {

    static final Path TEST_CLASSES = Paths.get("target", "test-classes").toAbsolutePath();
    static final String MAIN = "org.candor.cli.targets.LoadsThenTalks";
    static final String NOTHING = "com.nothing.**";
    static final String TYPO = MAIN + "$Worker.wrok";
    static final String INCLUDE_WARNING = "candor: warning: --include '" + NOTHING + "' matched no class the program loaded";
    static final String ROOT_WARNING = "candor: warning: --root '" + TYPO
            + "' matched no method the program loaded that the filters let through";

    @TempDir Path dir;

    @Test
    void anIncludeThatMatchesNothingIsSaidOnceAtExitAndInTheReport() throws Exception {
        Path out = dir.resolve("nothing.candor");
        CandorCli r = CandorCli.run("profile", "--include", NOTHING, "-o", out.toString(), "--", CandorCli.JAVA,
                "-cp", TEST_CLASSES.toString(), MAIN);
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stderr.lines()).as(r.toString())
                .startsWith("loaded 9", "done", INCLUDE_WARNING)
                .filteredOn(l -> l.contains("warning")).hasSize(1);
        assertThat(r.stderr).contains("candor: wrote " + out + ": 0 threads, 0 methods");

        CandorCli report = CandorCli.run("report", out.toString());
        assertThat(report.exitCode).as(report.toString()).isZero();
        assertThat(report.stdout.lines()).startsWith("Candor profile", INCLUDE_WARNING);
        assertThat(report.stderr).isEmpty();
    }

    @Test
    void aRootWhoseClassLoadsWithoutSuchAMethodIsSaidAsItLoads() throws Exception {
        Path out = dir.resolve("typo.candor");
        CandorCli r = CandorCli.run("profile", "--root", TYPO, "--include", "org.candor.cli.targets.**," + NOTHING,
                "-o", out.toString(), "--", CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN);
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stdout).isEmpty();
        // the root as its class loads, before the program goes on; the include only at exit
        assertThat(r.stderr.lines()).as(r.toString()).startsWith(ROOT_WARNING, "loaded 9", "done", INCLUDE_WARNING);
        assertThat(r.stderr.lines().filter(l -> l.contains("warning"))).as(r.toString()).hasSize(2);

        CandorCli report = CandorCli.run("report", out.toString());
        assertThat(report.stdout.lines()).startsWith("Candor profile", INCLUDE_WARNING, ROOT_WARNING);
        // the formats for other tools keep their data clean: the lines go to stderr
        CandorCli folded = CandorCli.run("report", out.toString(), "--format", "collapsed");
        assertThat(folded.exitCode).as(folded.toString()).isZero();
        assertThat(folded.stdout).doesNotContain("warning");
        assertThat(folded.stderr.lines()).containsExactly(INCLUDE_WARNING, ROOT_WARNING);
    }

    @Test
    void patternsThatMatchSayNothing() throws Exception {
        Path out = dir.resolve("fine.candor");
        CandorCli r = CandorCli.run("profile", "--root", MAIN + "$Worker.work", "--include", "org.candor.cli.targets.**",
                "-o", out.toString(), "--", CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN);
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stderr).as(r.toString()).startsWith("loaded 9\ndone\ncandor: wrote ").doesNotContain("warning");
        CandorCli report = CandorCli.run("report", out.toString(), "--format", "csv");
        assertThat(report.stderr).isEmpty();
        assertThat(CandorCli.run("report", out.toString()).stdout).doesNotContain("warning");
        assertThat(List.of(report.stdout.split("\n"))).anyMatch(l -> l.contains("LoadsThenTalks$Worker"));
    }
}
