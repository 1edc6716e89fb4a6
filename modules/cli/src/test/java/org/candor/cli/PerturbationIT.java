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

        // the sampled side as Candor's collapsed export, whose counts are self times in ns: read as ns it is the same
        // run's time; read as samples (the default for other tools' files), 10 ms each, it is not
        Path folded = dir.resolve("getters-sampled.collapsed");
        CandorCli export = CandorCli.run("report", sampled.toString(), "--format", "collapsed", "-o", folded.toString());
        assertThat(export.exitCode).as(export.toString()).isZero();
        CandorCli asNs = CandorCli.run("perturbation", "--collapsed-unit", "ns", out.toString(), folded.toString());
        assertThat(asNs.exitCode).as(asNs.toString()).isZero();
        double time = sampledNanos(text);
        assertThat(sampledNanos(asNs.stdout)).as(asNs.stdout).isCloseTo(time, org.assertj.core.data.Percentage.withPercentage(2));
        CandorCli asSamples = CandorCli.run("perturbation", out.toString(), folded.toString());
        assertThat(asSamples.exitCode).as(asSamples.toString()).isZero();
        assertThat(sampledNanos(asSamples.stdout)).as(asSamples.stdout).isGreaterThan(100 * time);
        oneLine(CandorCli.run("perturbation", "--collapsed-unit", "parsecs", out.toString(), folded.toString()),
                "candor: error: perturbation: --collapsed-unit must be samples, samples:INTERVAL or one of "
                        + org.candor.core.imports.CollapsedUnit.Time.ids(", ") + ", not 'parsecs'");

        badInput(out, sampled);
    }

    /** The sampled run's time in the same code, from the report's "Recorded:" line, in ns. */
    private static double sampledNanos(String report) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Recorded: .*, sampled ([\\d.]+) (\\S+) in the same code")
                .matcher(report);
        assertThat(m.find()).as(report).isTrue();
        double v = Double.parseDouble(m.group(1));
        switch (m.group(2)) {
            case "ns": return v;
            case "µs": case "us": return v * 1e3;
            case "ms": return v * 1e6;
            case "s": return v * 1e9;
            case "min": return v * 60e9;
            case "h": return v * 3600e9;
            default: throw new AssertionError("unit " + m.group(2) + " in " + m.group());
        }
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
