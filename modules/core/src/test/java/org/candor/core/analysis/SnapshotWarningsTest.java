package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.junit.jupiter.api.Test;

class SnapshotWarningsTest {

    private static Map<String, Long> stats(Object... keyValues) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) m.put((String) keyValues[i], ((Number) keyValues[i + 1]).longValue());
        return m;
    }

    @Test
    void noLossesNoWarnings() {
        assertThat(SnapshotWarnings.of(stats("calls.dropped", 0, "nodes.budget", 100, "nodes.used", 3, "nodes.limit", 0),
                new SnapshotInfo(), () -> 10))
                .isEmpty();
    }

    @Test
    void timesOfCallDenseCodeAreFlaggedAsUpperBounds() {
        SnapshotInfo instrumented = new SnapshotInfo().put("mode", "instrumentation").put("metric.unit", "ns");
        assertThat(SnapshotWarnings.of(stats(), instrumented, () -> 733_669_115L, () -> 28_910_000_000L))
                .containsExactly("dense calls: 733,669,115 calls in 28.910 s (39 ns a call): at this density the probes"
                        + " slow the program's own code around them, which calibration (it takes out the probes' own"
                        + " time) does not undo, so these times are upper bounds; a sampled profile (--mode sample)"
                        + " sees the program undisturbed");
        // 100 ns a call and more, a sampled profile, counted events, or no time known: nothing to say
        assertThat(SnapshotWarnings.of(stats(), instrumented, () -> 1_000, () -> 100_000)).isEmpty();
        assertThat(SnapshotWarnings.of(stats(), new SnapshotInfo().put("mode", "sampling"), () -> 1_000, () -> 1_000))
                .isEmpty();
        assertThat(SnapshotWarnings.of(stats(), new SnapshotInfo().put("mode", "instrumentation")
                .put("metric.unit", "events"), () -> 1_000, () -> 1_000)).isEmpty();
        assertThat(SnapshotWarnings.of(stats(), instrumented, () -> 1_000)).isEmpty();
    }

    @Test
    void foldedRecursionIsAShareOfAllCallsFromThePathsItBeganAt() {
        assertThat(SnapshotWarnings.of(stats("calls.folded", 512_345_678L, "recursion.folded_after_paths", 4_000_000),
                new SnapshotInfo().put("recursion", "auto"), () -> 734_001_234L))
                .containsExactly("recursion folded: 512,345,678 of 734,001,234 calls (69.8 %) are attributed to an"
                        + " earlier frame of their method, from 4,000,000 paths on");
    }

    @Test
    void everyLossInItsOrderWithoutATotalWhereTheSnapshotHasNoCalls() {
        assertThat(SnapshotWarnings.of(stats("calls.dropped", 1, "calls.beyond_budget", 2_500, "nodes.budget", 1_000_000,
                        "calls.folded", 7, "threads.not_recorded", 2),
                new SnapshotInfo().put("threads.not_recorded.names", "pool-1, pool-2"), () -> -1)).containsExactly(
                "1 call was dropped; the trees below are missing their time",
                "tree budget of 1,000,000 nodes reached: 2,500 calls have no node of their own; they are counted under"
                        + " [candor] beyond the tree budget, and exactly in the hot spots",
                "recursion folded: 7 calls are attributed to an earlier frame of their method",
                "2 threads were not recorded (pool-1, pool-2)");
    }

    @Test
    void eachLossNamesWhatCausedIt() {
        // threads left out by the thread limit, ended threads folded by name
        assertThat(SnapshotWarnings.of(stats("threads.not_recorded", 41, "threads.limit", 20, "threads.folded", 19_000,
                        "threads.ended_kept", 1_000),
                new SnapshotInfo().put("threads.not_recorded.names", "storm-1, storm-2")
                        .put("threads.folded.groups", "w-* (ended threads): 18,990; pool-*-thread-* (ended threads): 10"),
                () -> -1)).containsExactly(
                "41 threads were not recorded: more than maxthreads=20 threads had a tree of their own at once"
                        + " (storm-1, storm-2)",
                "19,000 ended threads were folded into one thread per name (w-* (ended threads): 18,990;"
                        + " pool-*-thread-* (ended threads): 10): every call and time is counted there, not thread by"
                        + " thread (the threads that ended after the first 1,000)");
        // a heap too full for the trees is the heap, not the budget
        assertThat(SnapshotWarnings.of(stats("calls.dropped", 3, "calls.beyond_budget", 2_500, "nodes.budget", 4_000_000,
                        "nodes.used", 30_000, "nodes.limit", 0, "nodes.heap_full", 1), new SnapshotInfo(), () -> -1))
                .containsExactly("3 calls were dropped; the trees below are missing their time (the heap ran short of"
                                + " room for the trees)",
                        "heap too full to grow the trees (30,000 of 4,000,000 nodes in use): 2,500 calls have no node of"
                                + " their own; they are counted under [candor] beyond the tree budget, and exactly in"
                                + " the hot spots");
    }

    @Test
    void theTextReportPrintsThemUnderTheStatisticsWithAllCallsOfAllThreads() throws Exception {
        org.candor.core.model.Snapshot shop = org.candor.core.testing.TestSnapshots.shop(); // main 1012 calls, worker-1 12
        shop.putStat("calls.folded", 4).putStat("recursion.folded_after_paths", 3);
        StringBuilder text = new StringBuilder();
        ReportFormat.TEXT.write(shop, ReportOptions.defaults().withThreads("main"), text);
        assertThat(text).contains("  WARNING: 3 calls were dropped; the trees below are missing their time\n"
                + "  WARNING: recursion folded: 4 of 1,024 calls (0.4 %) are attributed to an earlier frame of their"
                + " method, from 3 paths on\n");
    }

    @Test
    void theTotalIsAskedForOnlyWhenAShareIsShown() {
        long[] asked = {0};
        SnapshotWarnings.of(stats("calls.dropped", 5), new SnapshotInfo(), () -> ++asked[0]);
        assertThat(asked[0]).isZero();
    }
    @Test
    void classesNotInstrumentedAndDepthLimitHitsAreWarnedAbout() {
        // the app marked its statistics for these, the text report said nothing
        assertThat(SnapshotWarnings.of(stats("depth.limit", 4, "classes.failed", 1), new SnapshotInfo(), () -> -1))
                .containsExactly("depth limit hit 4 times: deeper calls have no node; their time stays with the"
                                + " deepest recorded frame",
                        "1 class could not be instrumented; calls of its methods are not in the trees");
        assertThat(SnapshotWarnings.of(stats("classes.failed", 2_345, "classes.instrumented", 10), new SnapshotInfo(), () -> -1))
                .containsExactly("2,345 classes could not be instrumented; calls of their methods are not in the trees");
    }

    @Test
    void aSampledProfileIsWarnedAboutForDroppedAndMissingSamples() {
        // the app marked these, the text report only printed its Samples line
        SnapshotInfo sampled = new SnapshotInfo().put("mode", "sampling");
        assertThat(SnapshotWarnings.of(stats("samples.expected", 10_000, "samples.delivered", 9_400,
                "samples.dropped.buffer_full", 2), sampled, () -> -1)).containsExactly(
                "2 samples were dropped (the sampler's buffer was full); the trees below are missing their time",
                "only 9,400 of 10,000 expected samples were delivered (94.0 %); the trees below are missing the rest"
                        + " of the threads' time");
        assertThat(SnapshotWarnings.of(stats("samples.expected", 10_000, "samples.delivered", 9_500), sampled, () -> -1))
                .isEmpty();
        assertThat(SnapshotWarnings.of(stats("samples.expected", 9_900, "samples.delivered", 9_900,
                "samples.dropped.signal_pending", 100), sampled, () -> -1)).containsExactly(
                "100 wall samples were not taken: the thread had not yet handled the previous signal (it got no CPU"
                        + " for a whole period, the machine is overloaded); the trees below are missing that much of the"
                        + " threads' time");
        assertThat(SnapshotWarnings.of(stats("samples.expected", 9_901, "samples.delivered", 9_901,
                "samples.dropped.signal_pending", 99), sampled, () -> -1)).as("under 1 %: a busy machine").isEmpty();
        assertThat(SnapshotWarnings.of(stats("samples.expected", 0, "samples.delivered", 0), sampled, () -> -1))
                .as("nothing expected: nothing to compare").isEmpty();
        assertThat(SnapshotWarnings.of(stats("samples.expected", 10_000, "samples.delivered", 10),
                new SnapshotInfo().put("mode", "instrumentation"), () -> -1)).isEmpty();
    }

    @Test
    void sampledTreesPastTheirBudgetSayWhereTheSamplesWentAndOlderAgentsDropsAreDrops() {
        SnapshotInfo sampled = new SnapshotInfo().put("mode", "sampling");
        assertThat(SnapshotWarnings.of(stats("samples.expected", 1_000, "samples.delivered", 1_000, "samples.running", 990,
                "samples.waiting", 10, "samples.beyond_budget", 250, "tree.node_limit", 1_000_000), sampled, () -> -1))
                .containsExactly("tree budget of 1,000,000 nodes reached: 250 samples of 1,000 (25.0 %) have no node of"
                        + " their own; each is counted under [candor] beyond the tree budget below its deepest recorded"
                        + " frame, with its own method as the leaf (the frames between are left out), so self times and"
                        + " the recorded callers' totals stay whole");
        // agents before 2026-11-28 dropped them, and nothing said so
        assertThat(SnapshotWarnings.of(stats("samples.expected", 1_000, "samples.delivered", 1_000,
                "samples.dropped.tree_full", 3), sampled, () -> -1)).containsExactly(
                "3 samples were dropped (the sampler's trees had used their node budget; agents since 2026-11-28 count"
                        + " such samples beyond the budget); the trees below are missing their time");
    }

    @Test
    void aSnapshotInMemoryGetsTheReportsWarningsDenseCallsIncluded() throws Exception {
        // the app asked without the calls and the time, so it never saw dense calls or the shares of all calls
        org.candor.core.model.Snapshot shop = org.candor.core.testing.TestSnapshots.shop();
        shop.info().put("metric.unit", "ns");
        shop.putStat("calls.folded", 4);
        List<String> app = SnapshotWarnings.of(shop);
        assertThat(app).contains("recursion folded: 4 of 1,024 calls (0.4 %) are attributed to an earlier frame of"
                + " their method");
        StringBuilder text = new StringBuilder();
        ReportFormat.TEXT.write(shop, ReportOptions.defaults(), text);
        for (String w : app) assertThat(text).contains("  WARNING: " + w + "\n");
        assertThat(text.toString().split("WARNING: ", -1)).hasSize(app.size() + 1);
    }
}
