package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.core.testing.CallNodes.below;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shapes of real programs at full size, CI-sized (issue 12): millions of distinct paths, deep recursion, worker
 * threads that make most of the calls, more threads than the limit. Nothing is dropped, no thread vanishes, every
 * call counts once, and what could not get a path of its own says so. The programs count their own calls
 * ({@code ManyPaths}): that is the independent count the profiles are checked against.
 */
class FullSizeIT {

    static final String TARGET = "org.candor.it.targets.ManyPaths";
    static final String INCLUDE = "include=org.candor.it.targets.**";
    @TempDir Path dir;

    @Test
    void aMillionPathsPastTheBudgetAreAllCountedAndTheOutputIsUnchanged() throws Exception {
        String[] args = {"paths", "7"};
        AgentRun plain = AgentRun.plain(TARGET, args);
        AgentRun run = AgentRun.profiled(dir, INCLUDE + ",recursion=keep,maxnodes=200000", TARGET, args);
        assertThat(run.exitCode).isZero();
        assertThat(run.stdout).isEqualTo(plain.stdout);
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.stat("calls.dropped")).isZero();
        assertThat(s.stat("calls.beyond_budget")).isPositive();
        assertThat(s.stat("nodes.used")).isBetween(200_000L, 200_000L + 200_000 / 16 + 1);
        Map<String, Long> counted = counted(plain.stdout);
        assertThat(counted.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(1_111_111);
        // every call counts at exactly one node: the program's own m<i>, the next() each makes, main, <clinit>
        assertThat(TreePaths.allCalls(s)).isEqualTo(2 + 2 * 1_111_111);
        assertThat(s.info().get("recursion")).isEqualTo("keep");
        // and per method, the flat figures beside the tree match the program's own count exactly
        ThreadProfile main = TreePaths.thread(s, "main");
        assertThat(flatCalls(s, main)).containsAllEntriesOf(counted);
        assertThat(flatCalls(s, main).get("next")).isEqualTo(1_111_111);
        assertFlatTimesHold(s, main);
    }

    @Test
    void deepRecursionFoldsOnceTheTreeIsBigAndEveryCallStillCounts() throws Exception {
        String[] args = {"recursion", "30000"};
        Instant start = Instant.now();
        AgentRun run = AgentRun.profiled(dir, INCLUDE + ",foldafter=1000", TARGET, args);
        Duration wall = Duration.between(start, Instant.now());
        assertThat(run.exitCode).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.stat("calls.dropped")).isZero();
        assertThat(s.stat("calls.folded")).isPositive();
        assertThat(s.stat("recursion.folded_after_paths")).isEqualTo(1000);
        assertThat(s.info().get("recursion")).isEqualTo("auto");
        ThreadProfile deep = TreePaths.thread(s, "deep");
        Map<String, Long> counted = counted(run.stdout);
        assertThat(counted).containsEntry("a", 100_010L).containsEntry("b", 100_000L).containsEntry("c", 100_000L);
        assertThat(callsOf(s, deep, "a") + callsOf(s, deep, "b") + callsOf(s, deep, "c")).isEqualTo(300_010);
        assertThat(flatCalls(s, deep)).containsEntry("a", 100_010L).containsEntry("b", 100_000L).containsEntry("c", 100_000L);
        assertFlatTimesHold(s, deep);
        // no method's time exceeds the thread's recorded time (as measured; per-node rounding aside)
        FlatProfile flat = deep.flat();
        int total = s.metricIndex("total_time");
        for (int r = 0; r < flat.size(); r++) {
            assertThat(flat.value(r, total)).isLessThanOrEqualTo(deep.root().value(s.metricIndex("raw_total_time")) + 1_000);
        }
        assertThat(deep.root().subtreeSize()).as("folded: the tree stops growing").isLessThan(1_200);
        // no figure exceeds the thread's time, and a child's total never exceeds its parent's
        long totalNs = deep.root().value(s.metricIndex("total_time"));
        assertThat(totalNs).isPositive().isLessThanOrEqualTo(wall.toNanos());
        assertChildrenWithinParents(s, deep);
    }

    @Test
    void workerThreadsThatMakeMostCallsAreNeverMissingEvenPastTheBudget() throws Exception {
        String[] args = {"workers", "4"};
        AgentRun run = AgentRun.profiled(dir, INCLUDE + ",recursion=keep,maxnodes=100", TARGET, args);
        assertThat(run.exitCode).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.stat("calls.dropped")).isZero();
        assertThat(s.stat("threads.not_recorded")).isZero();
        for (int i = 0; i < 4; i++) {
            ThreadProfile w = TreePaths.thread(s, "worker-" + i);
            // work() and m0(4): 1 + 1,111 calls of m<i>, each with its call of next()
            assertThat(TreePaths.allCalls(s, w)).as(w.name()).isEqualTo(1 + 2 * 1_111);
        }
    }

    @Test
    void threadsPastTheThreadLimitAreCountedAndNamed() throws Exception {
        String[] args = {"workers", "4"};
        AgentRun run = AgentRun.profiled(dir, INCLUDE + ",maxthreads=2", TARGET, args);
        assertThat(run.exitCode).isZero();
        Snapshot s = SnapshotReader.read(run.snapshot);
        assertThat(s.stat("threads.not_recorded")).isEqualTo(3);
        assertThat(s.info().get("threads.not_recorded.names")).contains("worker-");
        assertThat(s.info().get("threads.not_recorded.names").split(", ")).hasSize(3);
    }

    /** Calls per method name of the thread's flat profile (the FLAT section the agent writes). */
    static Map<String, Long> flatCalls(Snapshot s, ThreadProfile t) {
        FlatProfile flat = t.flat();
        assertThat(flat).as("the agent writes the flat profile of " + t.name()).isNotNull();
        Map<String, Long> m = new TreeMap<>();
        int calls = s.metricIndex("calls");
        for (int r = 0; r < flat.size(); r++) {
            MethodInfo method = s.methods().get(flat.method(r));
            if (method.className().endsWith("ManyPaths")) m.merge(method.name(), flat.value(r, calls), Long::sum);
        }
        return m;
    }

    /** Per method: self within total, total within the thread's, raw within raw. */
    static void assertFlatTimesHold(Snapshot s, ThreadProfile t) {
        FlatProfile flat = t.flat();
        int self = s.metricIndex("self_time");
        int total = s.metricIndex("total_time");
        int rawSelf = s.metricIndex("raw_self_time");
        int rawTotal = s.metricIndex("raw_total_time");
        long threadRaw = t.root().value(rawTotal);
        for (int r = 0; r < flat.size(); r++) {
            String name = s.methods().get(flat.method(r)).name();
            assertThat(flat.value(r, self)).as(name).isBetween(0L, flat.value(r, total) + 1_000);
            assertThat(flat.value(r, rawSelf)).as(name).isBetween(0L, flat.value(r, rawTotal) + 1_000);
            assertThat(flat.value(r, rawTotal)).as(name).isLessThanOrEqualTo(threadRaw + 1_000);
        }
    }

    /** The {@code calls NAME N} lines a ManyPaths run prints. */
    static Map<String, Long> counted(String stdout) {
        Map<String, Long> m = new TreeMap<>();
        stdout.lines().filter(l -> l.startsWith("calls ")).forEach(l -> {
            String[] p = l.split(" ");
            m.put(p[1], Long.parseLong(p[2]));
        });
        return m;
    }

    static long callsOf(Snapshot s, ThreadProfile t, String method) {
        int calls = s.metricIndex("calls");
        long sum = 0;
        for (CallNode n : below(t.root())) {
            MethodInfo m = s.methods().get(n.methodId());
            if (m.name().equals(method) && m.className().endsWith("ManyPaths")) sum += n.value(calls);
        }
        return sum;
    }

    static void assertChildrenWithinParents(Snapshot s, ThreadProfile t) {
        int total = s.metricIndex("total_time");
        int rawTotal = s.metricIndex("raw_total_time");
        for (CallNode n : below(t.root())) {
            for (CallNode c : n.children()) {
                assertThat(c.value(total)).isLessThanOrEqualTo(n.value(total));
                assertThat(c.value(rawTotal)).isLessThanOrEqualTo(n.value(rawTotal));
            }
        }
    }
}
