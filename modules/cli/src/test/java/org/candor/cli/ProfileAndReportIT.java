package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** candor profile + candor report on a real program, through the assembled distribution. */
class ProfileAndReportIT {

    @TempDir static Path dir;
    static Path snapshot;
    static CandorCli plain;
    static CandorCli profiled;

    @BeforeAll
    static void profileTheDemo() throws Exception {
        snapshot = dir.resolve("demo.candor");
        plain = CandorCli.exec(List.of(CandorCli.JAVA, "-jar", CandorCli.demoJar(), "2000"));
        profiled = CandorCli.run("profile", "--include", "org.candor.demo.**", "-o", snapshot.toString(),
                "--", CandorCli.JAVA, "-jar", CandorCli.demoJar(), "2000");
    }

    @Test
    void theProgramsOutputIsUnchangedAndTheSnapshotIsAnnounced() {
        assertThat(profiled.exitCode).as(profiled.toString()).isZero();
        assertThat(profiled.stdout).isEqualTo(plain.stdout);
        assertThat(profiled.stderr).startsWith("candor: wrote " + snapshot + ": 3 threads,").contains(" 0 calls dropped");
        assertThat(Files.isRegularFile(snapshot)).isTrue();
    }

    @Test
    void aLazySessionRecordsOnlyUnderItsRootAndSaysWhatItInstrumented() throws Exception {
        Path out = dir.resolve("lazy.candor");
        CandorCli r = CandorCli.run("profile", "--root", "org.candor.demo.Batch.process", "--include", "org.candor.demo.**",
                "-o", out.toString(), "--", CandorCli.JAVA, "-jar", CandorCli.demoJar(), "2000");
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stdout).isEqualTo(plain.stdout);
        assertThat(r.stderr).containsPattern("candor: lazy scheme \\(roots org.candor.demo.Batch.process\\): \\d+ methods"
                + " instrumented \\(1 roots\\), \\d+ invoked; \\d+ classes retransformed; transforming \\d+ ms, expanding \\d+ ms");
        CandorCli folded = CandorCli.run("report", out.toString(), "--format", "collapsed", "--value", "calls");
        List<String> stacks = Arrays.asList(folded.stdout.split("\n"));
        assertThat(stacks).allMatch(l -> l.startsWith("org.candor.demo.Batch.process"));
        assertThat(stacks).contains("org.candor.demo.Batch.process;org.candor.demo.OrderParser.parse 2000");
    }

    @Test
    void aTreePastItsBudgetSaysSoAtTheEndOfTheRunAndInTheReport() throws Exception {
        Path out = dir.resolve("budget.candor");
        CandorCli r = CandorCli.run("profile", "--include", "org.candor.demo.**", "--max-nodes", "20",
                "--recursion", "keep", "-o", out.toString(), "--", CandorCli.JAVA, "-jar", CandorCli.demoJar(), "2000");
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stdout).isEqualTo(plain.stdout);
        assertThat(r.stderr).contains(" 0 calls dropped").containsPattern("candor: tree budget of 20 nodes reached: "
                + "[\\d,]+ of [\\d,]+ calls \\([\\d.]+ %\\) have no node of their own");
        CandorCli text = CandorCli.run("report", out.toString());
        assertThat(text.stdout).contains("WARNING: tree budget of 20 nodes reached").doesNotContain("dropped;");
        CandorCli folded = CandorCli.run("report", out.toString(), "--format", "collapsed", "--value", "calls");
        assertThat(folded.stdout).contains("[candor].beyond the tree budget");
        // every call is counted somewhere: the same calls in all as the run with the whole tree
        assertThat(sumOfLastColumn(folded.stdout)).isEqualTo(sumOfLastColumn(
                CandorCli.run("report", snapshot.toString(), "--format", "collapsed", "--value", "calls").stdout));
    }

    private static long sumOfLastColumn(String lines) {
        return Arrays.stream(lines.split("\n")).filter(l -> !l.isBlank())
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    @Test
    void collapsedStacksCountEveryCallOnEveryPath() throws Exception {
        CandorCli r = CandorCli.run("report", snapshot.toString(), "--format", "collapsed", "--value", "calls");
        assertThat(r.exitCode).as(r.toString()).isZero();
        Map<String, Long> lines = Arrays.stream(r.stdout.split("\n"))
                .collect(Collectors.toMap(l -> l.substring(0, l.lastIndexOf(' ')), l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))));
        assertThat(lines.keySet()).allMatch(k -> k.matches("[\\w.$<>]+(;[\\w.$<>]+)*"));
        String batch = "org.candor.demo.DemoApp.lambda$main$0;org.candor.demo.Batch.process";
        assertThat(lines).containsEntry(batch, 1L);
        assertThat(lines).containsEntry(batch + ";org.candor.demo.OrderParser.parse", 1000L);
        assertThat(lines).containsEntry("org.candor.demo.DemoApp.lambda$main$1;org.candor.demo.Batch.process;org.candor.demo.OrderParser.parse", 1000L);
        assertThat(lines).containsEntry("org.candor.demo.DemoApp.main;org.candor.demo.OrderGenerator.generate", 1L);
    }

    @Test
    void selfTimesInFoldedStacksAddUpToTheThreadsTotalInCsv() throws Exception {
        CandorCli folded = CandorCli.run("report", snapshot.toString(), "--format", "collapsed", "--thread", "main");
        CandorCli csv = CandorCli.run("report", snapshot.toString(), "--format", "csv", "--thread", "main");
        assertThat(csv.exitCode).isZero();
        long selfSum = Arrays.stream(folded.stdout.split("\n"))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        List<String> header = List.of(csv.stdout.split("\n")[0].split(","));
        int depth = header.indexOf("depth");
        int total = header.indexOf("total_ns");
        long topLevelTotal = Arrays.stream(csv.stdout.split("\n")).skip(1).map(l -> l.split(","))
                .filter(f -> f[depth].equals("1")).mapToLong(f -> Long.parseLong(f[total])).sum();
        assertThat(topLevelTotal).isPositive();
        assertThat(selfSum).isEqualTo(topLevelTotal);
    }

    @Test
    void theTextTreeShowsCallsTimesAndSignatures() throws Exception {
        CandorCli r = CandorCli.run("report", snapshot.toString(), "--min-percent", "0");
        assertThat(r.exitCode).isZero();
        assertThat(r.stdout).contains("Thread order-worker-1").contains("Thread order-worker-2").contains("Thread main")
                .contains("org.candor.demo.Batch.process(List)").contains("org.candor.demo.OrderParser.parse(String)");
        assertThat(r.stdout).containsPattern("\\s1000\\s+org\\.candor\\.demo\\.OrderParser\\.parse\\(String\\)");
    }

    @Test
    void aScriptThatStartsJavaIsProfiledThroughJavaToolOptions() throws Exception {
        Path script = dir.resolve("run-demo.sh");
        Files.writeString(script, "#!/bin/sh\nexec \"" + CandorCli.JAVA + "\" -jar \"" + CandorCli.demoJar() + "\" \"$@\"\n");
        script.toFile().setExecutable(true);
        Path out = dir.resolve("script.candor");
        CandorCli r = CandorCli.run("profile", "--include", "org.candor.demo.**", "-o", out.toString(), "--",
                script.toString(), "2000");
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stdout).isEqualTo(plain.stdout);
        assertThat(r.stderr).contains("Picked up JAVA_TOOL_OPTIONS").contains("candor: wrote " + out + ": 3 threads");
    }

    @Test
    void theDemoCommandProfilesAndPrintsTheTree() throws Exception {
        CandorCli r = CandorCli.run("demo", "--orders", "3000", "--min-percent", "0.5");
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stdout).contains("orders accepted").contains("Thread order-worker-1")
                .contains("org.candor.demo.CouponRule");
    }
}
