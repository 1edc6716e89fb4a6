package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code candor profile --mode both}: the program sampled without probes, then instrumented, and the perturbation
 * report of the two (issue 16). The target's getter {@code value()} is made slow only by its probes (a plain run
 * inlines it to next to nothing); {@code work} does the real work and must not be blamed.
 */
class PerturbationIT {

    private static final String MAIN = "org.candor.cli.targets.Getters";

    @TempDir Path dir;

    @Test
    void theReportNamesAMethodMadeSlowOnlyByItsProbes() throws Exception {
        Path out = dir.resolve("getters.candor");
        // 2 ms: some 500 samples of the program's time, not the 10 ms default's hundred (a sampling error of a few points)
        CandorCli r = CandorCli.run("profile", "--mode", "both", "--interval", "2ms", "--include", "org.candor.cli.targets.**",
                "-o", out.toString(), "--", CandorCli.JAVA, "-cp", CompareIT.TEST_CLASSES.toString(), MAIN,
                "20000000", "150000000");
        assertThat(r.exitCode).as(r.toString()).isZero();
        Path sampled = dir.resolve("getters-sampled.candor");
        assertThat(out).isRegularFile();
        assertThat(sampled).isRegularFile();
        assertThat(r.stderr).contains("run 1 of 2: sampled, without probes, to " + sampled, "run 2 of 2: instrumented, to ");
        assertThat(r.stderr).doesNotContain("exited differently");

        // the program's own output (twice), then the report
        int start = r.stdout.indexOf("Candor perturbation report: ");
        assertThat(start).as(r.stdout).isPositive();
        String text = r.stdout.substring(start);
        List<String> report = text.lines().collect(Collectors.toList());
        assertThat(text).as("without --event the sampled run measures what the probes do")
                .contains("instrumented wall time, calibrated; sampled wall time");
        assertThat(text).containsPattern("Recorded: instrumented .* calibrated .*, sampled .* in the same code");
        List<String> rows = report.stream().filter(l -> l.contains(" " + MAIN + ".")).collect(Collectors.toList());
        String getter = row(rows, "value()");
        assertThat(getter).as(r.stdout).endsWith("(probe effect on a short method)");
        assertThat(rows.indexOf(getter)).as("among the largest differences: " + r.stdout).isLessThan(3);
        assertThat(rows.stream().filter(l -> l.contains("(probe effect")).findFirst()).as(r.stdout).contains(getter);
        String work = row(rows, "work(int)");
        assertThat(work).as("the real work is not blamed: " + r.stdout)
                .doesNotContain("probe effect", "inlining", "compilation", "moved");

        // the same report from the two files, in either order
        CandorCli again = CandorCli.run("perturbation", sampled.toString(), out.toString());
        assertThat(again.exitCode).as(again.toString()).isZero();
        assertThat(again.stdout).isEqualTo(text);

        badInput(out, sampled);
    }

    private static String row(List<String> rows, String method) {
        return rows.stream().filter(l -> l.contains(MAIN + "." + method + " ")).findFirst().orElseThrow(
                () -> new AssertionError("no row of " + method + " in " + rows));
    }

    /** Each wrong pair of files: one line, exit 2. */
    private void badInput(Path instrumented, Path sampled) throws Exception {
        Path missing = dir.resolve("missing.candor");
        oneLine(CandorCli.run("perturbation", instrumented.toString(), missing.toString()),
                "candor: error: perturbation: " + missing + " does not exist");
        Path text = Files.writeString(dir.resolve("text.candor"), "not a snapshot\n");
        oneLine(CandorCli.run("perturbation", text.toString(), sampled.toString()),
                "candor: error: perturbation: snapshot " + text
                        + " is not a Candor snapshot (magic bytes are 6E 6F 74 20 61 20 73 6E)");
        oneLine(CandorCli.run("perturbation", instrumented.toString(), instrumented.toString()),
                "candor: error: perturbation: both profiles are instrumented: give one instrumented snapshot and one"
                        + " sampled profile of the same program");
        oneLine(CandorCli.run("perturbation", sampled.toString(), sampled.toString()),
                "candor: error: perturbation: both profiles are sampled: give one instrumented snapshot and one"
                        + " sampled profile of the same program");
        oneLine(CandorCli.run("perturbation", sampled.toString()),
                "candor: error: perturbation: two profiles, an instrumented snapshot and a sampled one (1 given)");
    }

    @Test
    void optionsTheTwoRunsCannotShareAreRefusedBeforeEitherStarts() throws Exception {
        String out = dir.resolve("x.candor").toString();
        oneLine(CandorCli.run("profile", "--mode", "both", "--trace", dir.resolve("t").toString(), "-o", out, "--",
                CandorCli.JAVA, "-version"), "candor: error: --trace applies to one run: --mode instrument or sample");
        oneLine(CandorCli.run("profile", "--mode", "both", "--metric", "page-faults", "-o", out, "--", CandorCli.JAVA,
                "-version"), "candor: error: --mode both compares times: --metric wall or cpu, not page-faults");
        oneLine(CandorCli.run("attach", "4242", "--mode", "both"), "candor: error: attach: --mode both runs a program"
                + " twice ('candor profile'); attach takes instrument or sample");
        assertThat(dir.resolve("x.candor")).doesNotExist();
        assertThat(dir.resolve("x-sampled.candor")).doesNotExist();
    }

    private static void oneLine(CandorCli r, String line) {
        assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
        assertThat(r.stderr.trim()).as(r.toString()).isEqualTo(line);
    }
}
