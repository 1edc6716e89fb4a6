package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code candor diff}: two profiles, and several runs a side with verdicts and an exit code for CI jobs. */
class DiffCommandTest {

    /** Each run's noise in per mille: the same spread on both sides, in another order. */
    private static final int[] NOISE_A = {-30, 10, 25, -5, 0};
    private static final int[] NOISE_B = {15, -25, 5, 30, -20};

    @TempDir Path dir;

    private Path run(String name, long handle, long parse, int noise) throws Exception {
        return TwoBuilds.run(dir.resolve(name + ".candor"), handle, parse, noise);
    }

    /** Five runs a side, then their paths: A's, '--', B's; B's parse as given. */
    private List<String> runs(long parseA, long parseB, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("diff"));
        args.addAll(List.of(options));
        for (int i = 0; i < NOISE_A.length; i++) args.add(run("a" + i, 50, parseA, NOISE_A[i]).toString());
        args.add("--");
        for (int i = 0; i < NOISE_B.length; i++) args.add(run("b" + i, 50, parseB, NOISE_B[i]).toString());
        return args;
    }

    @Test
    void twoProfilesShowTheChangePerMethodAndPerCallPath() throws Exception {
        Path a = run("a", 50, 100, 0);
        Path b = run("b", 50, 120, 0);
        InProcessCli.Run r = InProcessCli.candor("diff", a.toString(), b.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.out.lines()).containsSubsequence(
                "Candor diff: A = " + a + " (baseline), B = " + b,
                "Methods, largest change in self time first",
                "     self A      self B       B - A   change  total B - A   change calls B - A  method",
                "     100 ms      120 ms    +20.0 ms   +20.0%     +20.0 ms   +20.0%         +20  app.Parser.parse()",
                "    1.00 ms     1.00 ms        0 ns     0.0%     +20.0 ms   +13.2%           0  app.Main.main(String[])",
                "    50.0 ms     50.0 ms        0 ns     0.0%     +20.0 ms   +13.3%           0  app.Server.handle()",
                "Call paths of all threads, by total time (those of at least 0.5% of A's or B's total)",
                "    total A     total B       B - A   change  self B - A calls B - A  call path",
                "     151 ms      171 ms    +20.0 ms   +13.2%        0 ns           0  app.Main.main(String[])",
                "     150 ms      170 ms    +20.0 ms   +13.3%        0 ns           0    app.Server.handle()",
                "     100 ms      120 ms    +20.0 ms   +20.0%    +20.0 ms         +20      app.Parser.parse()");
    }

    @Test
    void collapsedAndFlameGraphDiffs() throws Exception {
        Path a = run("a", 50, 100, 0);
        Path b = run("b", 50, 120, 0);
        InProcessCli.Run folded = InProcessCli.candor("diff", "--format", "collapsed", a.toString(), b.toString());
        assertThat(folded.out.lines()).as(folded.toString()).containsExactly(
                "app.Main.main 1000000 1000000",
                "app.Main.main;app.Server.handle 50000000 50000000",
                "app.Main.main;app.Server.handle;app.Parser.parse 100000000 120000000");
        Path html = dir.resolve("diff.html");
        InProcessCli.Run page = InProcessCli.candor("diff", "--format", "flamegraph", "-o", html.toString(), a.toString(), b.toString());
        assertThat(page.exit).as(page.toString()).isZero();
        String text = Files.readString(html, StandardCharsets.UTF_8);
        assertThat(text).contains("\"baseline\":").contains("{\"name\":\"app.Parser.parse\",\"value\":120000000,\"base\":100000000}")
                .doesNotContain("http://").doesNotContain("https://");
    }

    @Test
    void aRegressionOverFiveRunsASideFailsTheBuildAndTheUntouchedMethodIsUnchanged() throws Exception {
        InProcessCli.Run r = InProcessCli.candor(runs(100, 120, "--fail-on-regression", "5").toArray(new String[0]));
        assertThat(r.exit).as(r.toString()).isEqualTo(DiffCommand.REGRESSION);
        assertThat(r.out).startsWith("Candor diff of 5 runs (A, baseline) and 5 runs (B) by self time: slower\n");
        assertThat(line(r.out, "app.Parser.parse()"))
                .isEqualTo("     100 ms      120 ms    +19.9 ms   +19.9%  [+14.8%, +25.0%]     slower           app.Parser.parse()");
        assertThat(line(r.out, "app.Server.handle()")).contains(" unchanged ");
        assertThat(r.out).endsWith("1 slower, 0 faster, 2 without a change the runs can tell from noise\n"
                + "2 regressions of more than 5.0%:\n  (all methods)\n  app.Parser.parse()\n");

        InProcessCli.Run same = InProcessCli.candor(runs(100, 100, "--fail-on-regression", "5").toArray(new String[0]));
        assertThat(same.exit).as(same.toString()).isZero();
        assertThat(same.out).startsWith("Candor diff of 5 runs (A, baseline) and 5 runs (B) by self time: unchanged\n")
                .contains("No regression of more than 5.0%\n");
        // 20 % slower is significant, but not significantly more than 50 %
        assertThat(InProcessCli.candor(runs(100, 120, "--fail-on-regression", "50").toArray(new String[0])).exit).isZero();
    }

    private static String line(String text, String method) {
        return text.lines().filter(l -> l.endsWith("  " + method)).findFirst().orElseThrow();
    }

    @Test
    void badInputIsOneLine() throws Exception {
        String a = run("a", 50, 100, 0).toString();
        String b = run("b", 50, 100, 0).toString();
        String missing = dir.resolve("missing.candor").toString();
        InProcessCli.oneLine(InProcessCli.candor("diff", a, missing), 1, "candor: error: no such file: " + missing);
        InProcessCli.oneLine(InProcessCli.candor("diff", a, b, "--"), 2, "candor: error: diff: no runs after '--' (B)");
        InProcessCli.oneLine(InProcessCli.candor("diff", "--", a, b), 2,
                "candor: error: diff: no runs before '--' (A, the baseline)");
        InProcessCli.oneLine(InProcessCli.candor("diff", a, "--", a, "--", b), 2,
                "candor: error: diff: '--' twice; it goes once, between A's runs and B's");
        InProcessCli.oneLine(InProcessCli.candor("diff", a, a, b), 2, "candor: error: diff: two profiles, A (the"
                + " baseline) and B, or several runs a side: A1 A2 -- B1 B2 (3 files and no '--')");
        InProcessCli.oneLine(InProcessCli.candor("diff", a), 2,
                "candor: error: diff: two profiles, A (the baseline) and B, or several runs a side: A1 A2 -- B1 B2");
        InProcessCli.oneLine(InProcessCli.candor("diff", "--fail-on-regression", "5", a, "--", b, b), 2,
                "candor: error: diff: --fail-on-regression needs two runs a side at least (A has 1, B has 2): A1 A2 -- B1 B2");
        InProcessCli.oneLine(InProcessCli.candor("diff", "--format", "flamegraph", a, a, "--", b, b), 2,
                "candor: error: diff: several runs a side report as text, not flamegraph");
        InProcessCli.oneLine(InProcessCli.candor("diff", "--format", "pdf", a, b), 2,
                "candor: error: diff: unknown diff format 'pdf'; use text, html, collapsed, flamegraph");
        InProcessCli.oneLine(InProcessCli.candor("diff", "--metric", "samples", a, a, "--", b, b), 2,
                "candor: error: diff: run 1 of A has no 'samples' to compare");
    }
}
