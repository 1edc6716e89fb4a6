package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent never harms its target: exits, crashes, threads, limits, bad options, no native library. */
class AgentBehaviourIT {

    static final String TARGETS = "include=org.candor.it.targets.**";
    @TempDir Path dir;

    @Test
    void systemExitDeepInsideStillWritesTheSnapshotWithTheOpenFramesTimed() throws Exception {
        AgentRun plain = AgentRun.plain("org.candor.it.targets.ExitInside");
        AgentRun run = AgentRun.profiled(dir, TARGETS, "org.candor.it.targets.ExitInside");
        assertThat(run.exitCode).isEqualTo(3).isEqualTo(plain.exitCode);
        assertThat(run.stdout).isEqualTo(plain.stdout);
        Snapshot s = SnapshotReader.read(run.snapshot);
        TreePaths main = new TreePaths(s, TreePaths.thread(s, "main"));
        String inner = "ExitInside.main > ExitInside.outer > ExitInside.middle > ExitInside.inner";
        assertThat(main.calls(inner)).isEqualTo(1);
        assertThat(main.total(inner)).isPositive();
        assertThat(main.total("ExitInside.main")).isGreaterThanOrEqualTo(main.total(inner));
    }

    @Test
    void anUncaughtExceptionGivesTheSameStackTraceAndExitCode() throws Exception {
        AgentRun plain = AgentRun.plain("org.candor.it.targets.Uncaught");
        AgentRun run = AgentRun.profiled(dir, TARGETS, "org.candor.it.targets.Uncaught");
        assertThat(plain.exitCode).isEqualTo(1);
        assertThat(run.exitCode).isEqualTo(plain.exitCode);
        assertThat(run.stdout).isEqualTo(plain.stdout);
        assertThat(run.stderr).isEqualTo(plain.stderr).contains("Uncaught.level2(Uncaught.java:");
        Snapshot s = SnapshotReader.read(run.snapshot);
        TreePaths main = new TreePaths(s, TreePaths.thread(s, "main"));
        assertThat(main.calls("Uncaught.main > Uncaught.level1 > Uncaught.level2")).isEqualTo(1);
    }

    @Test
    void eachThreadHasItsOwnNamedTree() throws Exception {
        AgentRun run = AgentRun.profiled(dir, TARGETS, "org.candor.it.targets.Workers");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        TreePaths a = new TreePaths(s, TreePaths.thread(s, "worker-a"));
        TreePaths b = new TreePaths(s, TreePaths.thread(s, "worker-b"));
        assertThat(a.calls("Workers.lambda$main$0 > Workers.work > Workers.step")).isEqualTo(100);
        assertThat(b.calls("Workers.lambda$main$1 > Workers.work > Workers.step")).isEqualTo(250);
    }

    @Test
    void withoutTheNativeLibraryTheJavaClockIsUsed() throws Exception {
        AgentRun run = AgentRun.profiled(AgentRun.javaHome(), false, dir, TARGETS, "org.candor.it.targets.Workers");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.info().get("clock")).isEqualTo("nanotime");
        TreePaths b = new TreePaths(s, TreePaths.thread(s, "worker-b"));
        assertThat(b.calls("Workers.lambda$main$1 > Workers.work > Workers.step")).isEqualTo(250);
        assertThat(b.total("Workers.lambda$main$1 > Workers.work")).isPositive();
    }

    @Test
    void pastTheNodeLimitCallsCountBeyondTheBudgetAndTheProgramRunsOn() throws Exception {
        String[] args = {"paths", "5"};
        AgentRun plain = AgentRun.plain("org.candor.it.targets.ManyPaths", args);
        AgentRun run = AgentRun.profiled(dir, TARGETS + ",maxnodes=500", "org.candor.it.targets.ManyPaths", args);
        assertThat(run.exitCode).isZero();
        assertThat(run.stdout).isEqualTo(plain.stdout);
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.stat(Snapshot.STAT_DROPPED_CALLS)).isZero();
        assertThat(s.stat("calls.beyond_budget")).isPositive();
        assertThat(s.stat(Snapshot.STAT_NODE_LIMIT)).isEqualTo(500);
        assertThat(s.methods().all()).anyMatch(m -> m.name().equals("beyond the tree budget"));
        // every call is counted, on its own path or under a node beyond the budget: each m<i> the program counted,
        // and the call of next() each makes
        long counted = plain.stdout.lines().filter(l -> l.startsWith("calls "))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertThat(counted).isEqualTo(11_111);
        assertThat(TreePaths.allCalls(s)).isEqualTo(2 + 2 * counted);  // + main and the static initialiser
    }

    @Test
    void theDepthLimitDropsDeepFramesAndKeepsTheShallowOnesExact() throws Exception {
        AgentRun run = AgentRun.profiled(dir, TARGETS + ",maxdepth=6", "org.candor.it.targets.Shapes");
        assertThat(run.exitCode).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        TreePaths main = new TreePaths(s, TreePaths.thread(s, "main"));
        assertThat(main.calls("Shapes.main > Shapes.nested > Shapes.b > Shapes.c")).isEqualTo(6);
        assertThat(main.byPath.keySet()).allMatch(p -> p.split(" > ").length <= 6);
        assertThat(main.calls("Shapes.main > Shapes.overflow > Shapes.afterOverflow")).isEqualTo(1);
        assertThat(s.stat(Snapshot.STAT_DROPPED_CALLS)).isPositive();
    }

    @Test
    void excludedMethodsAreNotInstrumented() throws Exception {
        AgentRun run = AgentRun.profiled(dir, TARGETS + ",exclude=org.candor.it.targets.Shapes.c,org.candor.it.targets.Shapes$Point",
                "org.candor.it.targets.Shapes");
        Snapshot s = SnapshotReader.read(run.snapshot);
        TreePaths main = new TreePaths(s, TreePaths.thread(s, "main"));
        assertThat(main.calls("Shapes.main > Shapes.nested > Shapes.b")).isEqualTo(3);
        assertThat(main.byPath.keySet()).noneMatch(p -> p.endsWith("Shapes.c") || p.contains("Shapes$Point"));
        assertThat(s.methods().all()).noneMatch(m -> m.className().endsWith("Shapes$Point"));
    }

    @Test
    void aBadOptionStopsTheJvmBeforeTheProgramRunsWithOneLine() throws Exception {
        AgentRun run = AgentRun.profiled(dir, "colour=blue", "org.candor.it.targets.Workers");
        assertThat(run.exitCode).isEqualTo(2);
        assertThat(run.stdout).isEmpty();
        assertThat(run.stderr.trim()).isEqualTo(
                "candor: error: agent option 'colour' is unknown (known: output, mode, scheme, include, exclude, "
                        + "defaultexcludes, maxnodes, maxdepth, maxthreads, quiet, verbose, optfile, calibration, "
                        + "warmupdelay, warmupcount, calstats, calstatswrite, trainer, root, lookahead, start, recursion, "
                        + "foldafter, measureevery, trace, outcome, checkpoint)");
        assertThat(Files.exists(run.snapshot)).isFalse();

        AgentRun start = AgentRun.profiled(dir, "start=soon", "org.candor.it.targets.Workers");
        assertThat(start.exitCode).isEqualTo(2);
        assertThat(start.stdout).isEmpty();
        assertThat(start.stderr.trim())
                .isEqualTo("candor: error: agent option 'start' has unknown value 'soon' (known: now, delayed)");
        assertThat(Files.exists(start.snapshot)).isFalse();

        AgentRun pattern = AgentRun.profiled(dir, "include=org..candor", "org.candor.it.targets.Workers");
        assertThat(pattern.exitCode).isEqualTo(2);
        assertThat(pattern.stderr.trim())
                .isEqualTo("candor: error: pattern 'org..candor' is malformed: empty name segment (two dots, or a dot at an end)");
    }

    @Test
    void anUnwritableOutputFallsBackToTheTempDirectory() throws Exception {
        Path blocked = dir.resolve("not-a-dir");
        Files.writeString(blocked, "a file where a directory should be");
        AgentRun run = AgentRun.run(AgentRun.javaHome(), java.util.List.of(
                "-javaagent:" + AgentRun.AGENT_DIR.resolve("candor-agent.jar") + "=" + TARGETS + ",output="
                        + blocked.resolve("x.candor")), "org.candor.it.targets.Workers", new String[0], null);
        assertThat(run.exitCode).isZero();
        assertThat(run.stderr).contains("candor: error: cannot write snapshot").contains("writing ");
        String fallback = run.stderr.substring(run.stderr.indexOf("writing ") + 8).split(" ")[0];
        Path written = Path.of(fallback);
        assertThat(SnapshotReader.read(written).threads()).isNotEmpty();
        Files.deleteIfExists(written);
    }

    /** start=delayed and no 'start' ever: nothing recorded, but the probes ran and calibrated all along. */
    @Test
    void aDelayedStartThatNeverStartsRecordsNothingButCalibrates() throws Exception {
        AgentRun plain = AgentRun.plain("org.candor.it.targets.Workers");
        AgentRun run = AgentRun.profiled(dir, TARGETS + ",start=delayed", "org.candor.it.targets.Workers");
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(run.stdout).isEqualTo(plain.stdout);
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.threads()).as("no recorded call").isEmpty();
        assertThat(s.stat(Snapshot.STAT_DROPPED_CALLS)).isZero();
        assertThat(s.info().get("session.start")).isEqualTo("delayed");
        assertThat(s.info().get("session.recording_start_time")).isNull();
        long sections = s.stats().entrySet().stream()
                .filter(e -> e.getKey().startsWith("calibration.") && e.getKey().endsWith(".count"))
                .mapToLong(java.util.Map.Entry::getValue).sum();
        // worker-a and worker-b: 350 calls of step, 2 of work, 2 lambdas, each an entry and an exit
        assertThat(sections).as("sections timed while not recording").isGreaterThanOrEqualTo(700);
    }
}
