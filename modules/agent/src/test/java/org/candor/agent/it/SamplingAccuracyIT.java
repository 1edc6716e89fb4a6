package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sampling against known answers: the split of three leaves, safepoint bias, delivered samples, wall clock. */
class SamplingAccuracyIT {

    @TempDir Path dir;

    @Test
    void threeLeavesSplitWithinThreePointsAtOneMillisecond() throws Exception {
        AgentRun run = AgentRun.sampled(AgentRun.javaHome(), dir, "sample=cpu,interval=1000000", List.of(),
                "org.candor.it.targets.ThreeLeaves", "5");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Matcher truth = Pattern.compile("TRUE a=([\\d.]+) b=([\\d.]+) c=([\\d.]+)").matcher(run.stdout);
        assertThat(truth.find()).as(run.stdout).isTrue();
        Snapshot s = SnapshotReader.read(run.snapshot);
        // a, b and c each call work(): their share is their inclusive samples
        Map<String, Long> self = samplesByMethod(s, "leaves", "samples");
        long leaves = self.getOrDefault("a", 0L) + self.getOrDefault("b", 0L) + self.getOrDefault("c", 0L);
        assertThat(leaves).as("samples in the leaves").isGreaterThan(3000);
        for (int i = 0; i < 3; i++) {
            String leaf = String.valueOf((char) ('a' + i));
            double expected = Double.parseDouble(truth.group(i + 1));
            double sampled = 100.0 * self.getOrDefault(leaf, 0L) / leaves;
            System.out.printf("leaf %s: true %.2f %%, sampled %.2f %%%n", leaf, expected, sampled);
            assertThat(sampled).as("leaf " + leaf).isCloseTo(expected, org.assertj.core.data.Offset.offset(3.0));
        }
    }

    @Test
    void timeInACountedLoopLandsInItsMethodWhereThreadDumpsBlameTheCaller() throws Exception {
        AgentRun run = AgentRun.sampled(AgentRun.javaHome(), dir, "sample=cpu,interval=1000000",
                List.of("-XX:-UseCountedLoopSafepoints", "-XX:LoopStripMiningIter=0"),
                "org.candor.it.targets.SafepointBias", "4");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Map<String, Long> dumps = new HashMap<>();
        Matcher m = Pattern.compile("SAFEPOINT (\\w+)=(\\d+)").matcher(run.stdout);
        while (m.find()) dumps.put(m.group(1), Long.parseLong(m.group(2)));
        long dumpTotal = dumps.values().stream().mapToLong(Long::longValue).sum();
        double dumpShare = 100.0 * dumps.getOrDefault("countedLoop", 0L) / dumpTotal;

        Map<String, Long> self = selfSamplesByMethod(SnapshotReader.read(run.snapshot), "biased-worker");
        long total = self.values().stream().mapToLong(Long::longValue).sum();
        double candorShare = 100.0 * self.getOrDefault("countedLoop", 0L) / total;
        System.out.printf("countedLoop: Candor %.1f %% of %d samples; thread dumps %.1f %% of %d samples %s%n",
                candorShare, total, dumpShare, dumpTotal, dumps);
        assertThat(candorShare).isGreaterThan(90);
        assertThat(dumpShare).as("the safepoint-biased sampler misattributes").isLessThan(20);
    }

    @Test
    void twoBusyThreadsEachGetAtLeast97PercentOfTheirSamples() throws Exception {
        AgentRun run = AgentRun.sampled(AgentRun.javaHome(), dir, "sample=cpu,interval=1000000", List.of(),
                "org.candor.it.targets.TwoBusyThreads", "3");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        Matcher m = Pattern.compile("CPU (busy-\\d)=(\\d+)").matcher(run.stdout);
        int threads = 0;
        while (m.find()) {
            threads++;
            double expected = Long.parseLong(m.group(2)) / 1_000_000.0;
            long got = rootSamples(s, m.group(1));
            System.out.printf("%s: %d samples of %.0f expected (%.1f %%)%n", m.group(1), got, expected, 100 * got / expected);
            assertThat(got / expected).as(m.group(1)).isGreaterThanOrEqualTo(0.97);
        }
        assertThat(threads).isEqualTo(2);
    }

    @Test
    void wallClockSamplingSeesTheSleeperWaitingAndTheWorkerRunning() throws Exception {
        AgentRun run = AgentRun.sampled(AgentRun.javaHome(), dir, "sample=wall,interval=5000000", List.of(),
                "org.candor.it.targets.SleepAndWork", "2");
        assertThat(run.exitCode).as(run.toString()).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        int samples = s.metricIndex("samples");
        int waiting = s.metricIndex("waiting_time");
        assertThat(waiting).as("wall snapshots carry waiting time").isNotNegative();
        CallNode sleeper = thread(s, "sleeper").root();
        CallNode worker = thread(s, "worker").root();
        assertThat(sleeper.value(samples)).isGreaterThan(200);
        assertThat(worker.value(samples)).isGreaterThan(200);
        long interval = Long.parseLong(s.info().get("interval.ns"));
        assertThat(sleeper.value(waiting)).isGreaterThan(sleeper.value(samples) * interval * 8 / 10);
        assertThat(worker.value(waiting)).isLessThan(worker.value(samples) * interval / 10);
    }

    private static ThreadProfile thread(Snapshot s, String name) {
        return s.threads().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no thread " + name + " in " + s.threads()));
    }

    private static long rootSamples(Snapshot s, String thread) {
        int samples = s.metricIndex("samples");
        return thread(s, thread).root().children().stream().mapToLong(c -> c.value(samples)).sum();
    }

    /** Self samples per method name (simple name) over one thread's tree. */
    private static Map<String, Long> selfSamplesByMethod(Snapshot s, String thread) {
        return samplesByMethod(s, thread, "self_samples");
    }

    /** A metric summed per method name (simple name) over one thread's tree; for methods that do not recurse. */
    private static Map<String, Long> samplesByMethod(Snapshot s, String thread, String metric) {
        int self = s.metricIndex(metric);
        Map<String, Long> out = new HashMap<>();
        java.util.ArrayDeque<CallNode> todo = new java.util.ArrayDeque<>(thread(s, thread).root().children());
        while (!todo.isEmpty()) {
            CallNode n = todo.pop();
            out.merge(s.methods().get(n.methodId()).name(), n.value(self), Long::sum);
            todo.addAll(n.children());
        }
        return out;
    }

}
