package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** candor profile --mode sample end to end: same program output, a sampled snapshot, reports of it. */
class SamplingCliIT {

    @TempDir Path dir;

    @Test
    void sampleTheDemoAndReportIt() throws Exception {
        Path out = dir.resolve("sampled.candor");
        CandorCli plain = CandorCli.exec(List.of(CandorCli.JAVA, "-jar", CandorCli.demoJar(), "150000"));
        CandorCli run = CandorCli.run("profile", "--mode", "sample", "--interval", "1ms", "-o", out.toString(), "--",
                CandorCli.JAVA, "-jar", CandorCli.demoJar(), "150000");
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(run.stdout).isEqualTo(plain.stdout);
        assertThat(run.stderr).startsWith("candor: wrote " + out + ": ").contains("expected samples delivered");

        CandorCli text = CandorCli.run("report", out.toString());
        assertThat(text.exitCode).as(text.toString()).isZero();
        assertThat(text.stdout).contains("Mode:       sampling").contains("Interval:   1.00 ms")
                .containsPattern("Event:      cpu \\((user \\+ system CPU time|user CPU time only: time in system calls is not"
                        + " sampled)\\)")
                .containsPattern("Samples: +[\\d,]+ of [\\d,]+ expected samples delivered")
                .contains("Thread order-worker-1").contains("org.candor.demo.");
        // libcandor.so started the session itself: no -javaagent, so the JVM kept its archived module graph
        assertThat(text.stdout).containsPattern("JVM args: .*libcandor\\.so=sample=cpu,interval=1000000,session=")
                .doesNotContain("-javaagent");

        CandorCli folded = CandorCli.run("report", out.toString(), "--format", "collapsed", "--value", "self_samples");
        assertThat(folded.exitCode).as(folded.toString()).isZero();
        long samples = Arrays.stream(folded.stdout.split("\n")).mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertThat(samples).isGreaterThan(100);
        assertThat(folded.stdout).contains("org.candor.demo.Batch.process");

        CandorCli calls = CandorCli.run("report", out.toString(), "--value", "calls");
        assertThat(calls.exitCode).isEqualTo(2);
        assertThat(calls.stderr.trim()).startsWith("candor: error: the snapshot has no metric for value 'calls'");
    }

    @Test
    void wallClockSamplingOfTheDemo() throws Exception {
        Path out = dir.resolve("wall.candor");
        CandorCli run = CandorCli.run("profile", "--mode", "sample", "--event", "wall", "--interval", "2ms", "-o",
                out.toString(), "--", CandorCli.JAVA, "-jar", CandorCli.demoJar(), "50000");
        assertThat(run.exitCode).as(run.toString()).isZero();
        CandorCli text = CandorCli.run("report", out.toString(), "--min-percent", "0");
        assertThat(text.stdout).contains("Event:      wall").contains("Waiting time");
    }

    /**
     * Past the trees' node budget a sample is not dropped: it counts under its deepest recorded frame's node beyond
     * the tree budget, its leaf's method below that (a 10-minute javac loop once lost 12-17 % of its samples here).
     */
    @Test
    void samplesPastTheTreeBudgetAreCountedUnderTheirDeepestRecordedFrame() throws Exception {
        Path out = dir.resolve("paths.candor");
        CandorCli run = CandorCli.run("profile", "--mode", "sample", "--interval", "1ms", "--max-nodes", "1000", "-o",
                out.toString(), "--", CandorCli.JAVA, "-cp", CompareIT.TEST_CLASSES.toString(),
                "org.candor.cli.targets.ManyPaths", "2000");
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(run.stdout).isEqualTo("done\n");
        assertThat(run.stderr).contains("; 0 dropped").containsPattern("tree budget of 1,000 nodes reached: [\\d,]+ samples of"
                + " [\\d,]+ \\([\\d.]+ %\\) have no node of their own; each is counted under \\[candor\\] beyond the tree budget");

        CandorCli folded = CandorCli.run("report", out.toString(), "--format", "collapsed", "--value", "self_samples");
        assertThat(folded.exitCode).as(folded.toString()).isZero();
        long all = 0, inLeaf = 0, beyond = 0, belowCaller = 0;
        for (String line : folded.stdout.split("\n")) {
            long n = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            String stack = line.substring(0, line.lastIndexOf(' '));
            all += n;
            if (stack.endsWith("ManyPaths.leaf")) inLeaf += n;
            if (stack.contains("[candor].beyond the tree budget")) {
                beyond += n;
                // once the reserve of nodes beyond the budget is gone too, under the root's one
                if (stack.contains("ManyPaths.walk;")) belowCaller += n;
            }
        }
        assertThat(beyond).as(folded.stdout).isGreaterThan(all / 2);
        assertThat(belowCaller).as("below a recorded caller: " + folded.stdout).isGreaterThan(beyond / 2);
        // nearly all of the program's time is in leaf(): the budget must not take that from it
        assertThat(inLeaf).as(folded.stdout).isGreaterThan(all * 6 / 10);
    }
}
