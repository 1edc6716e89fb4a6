package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** libcandor.so's metric= under the agent: each thread measured by its own CPU clock; the metric in the snapshot. */
class MetricIT {

    private static final String TARGETS = "include=org.candor.it.targets.**";

    @TempDir Path dir;

    @Test
    void cpuMetricGivesEachThreadItsOwnCpuTime() throws Exception {
        AgentRun run = profiled("metric=cpu", "org.candor.it.targets.TwoBusyThreads", "1.0");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.info().get(SnapshotInfo.METRIC)).isEqualTo("cpu");
        assertThat(s.info().get(SnapshotInfo.METRIC_UNIT)).isEqualTo("ns");
        assertThat(s.info().get(SnapshotInfo.CLOCK)).isEqualTo("thread-cputime");
        for (int t = 1; t <= 2; t++) {
            String name = "busy-" + t;
            // The thread's CPU time by the JVM's own clock, taken at the end of the measured lambda.
            long jvmCpu = Long.parseLong(run.stdout.lines().filter(l -> l.startsWith("CPU " + name + "="))
                    .findFirst().orElseThrow().substring(("CPU " + name + "=").length()));
            TreePaths tree = new TreePaths(s, TreePaths.thread(s, name));
            // both threads run the one lambda; the JVM's figure includes the probes' own CPU time, so the raw one
            long measured = tree.rawTotal("TwoBusyThreads.lambda$main$0");
            assertThat(measured).as("%s: CPU ns measured by the probes vs the JVM's %d", name, jvmCpu)
                    .isBetween(jvmCpu * 9 / 10, jvmCpu + 5_000_000L);
            assertThat(tree.total("TwoBusyThreads.lambda$main$0")).as("calibrated").isBetween(1L, measured);
        }
    }

    @Test
    void cpuMetricSeesNoTimeInSleep() throws Exception {
        AgentRun run = profiled("metric=cpu", "org.candor.it.targets.SleepAndWork", "0.6");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        TreePaths sleeper = new TreePaths(s, TreePaths.thread(s, "sleeper"));
        TreePaths worker = new TreePaths(s, TreePaths.thread(s, "worker"));
        long nap = sleeper.rawTotal("SleepAndWork.lambda$main$0 > SleepAndWork.nap");
        long spin = worker.rawTotal("SleepAndWork.lambda$main$1 > SleepAndWork.spin");
        assertThat(spin).isGreaterThan(100_000_000L);
        assertThat(nap).as("CPU time of 0.6 s of sleeping").isLessThan(spin / 20);
        assertThat(sleeper.total("SleepAndWork.lambda$main$0 > SleepAndWork.nap")).isLessThanOrEqualTo(nap);
    }

    @Test
    void wallIsTheDefaultAndSaysSo() throws Exception {
        AgentRun run = profiled("", "org.candor.it.targets.Workers");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.info().get(SnapshotInfo.METRIC)).isEqualTo("wall");
        assertThat(s.info().get(SnapshotInfo.METRIC_UNIT)).isEqualTo("ns");
        assertThat(s.metrics()).isEqualTo(Snapshot.instrumentationMetrics(true));
        assertThat(s.stats()).doesNotContainKey("counters.threads");
    }

    private AgentRun profiled(String nativeOptions, String mainClass, String... args) throws Exception {
        Path snapshot = dir.resolve("run.candor");
        List<String> jvm = new ArrayList<>();
        jvm.add("-agentpath:" + AgentRun.AGENT_DIR.resolve("libcandor.so") + (nativeOptions.isEmpty() ? "" : "=" + nativeOptions));
        jvm.add("-javaagent:" + AgentRun.AGENT_DIR.resolve("candor-agent.jar") + "=output=" + snapshot + ",quiet," + TARGETS);
        return AgentRun.run(AgentRun.javaHome(), jvm, mainClass, args, snapshot);
    }
}
