package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.candor.core.analysis.PatternWarnings;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class TextReportTest {

    private static String text(Snapshot s, ReportOptions options) throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.TEXT.write(s, options, out);
        return out.toString();
    }

    @Test
    void headerShowsJvmCommandSchemeTimesThreadsAndEveryStatistic() throws Exception {
        String report = text(TestSnapshots.shop(), ReportOptions.defaults());
        assertThat(report).contains(
                "  JVM:        OpenJDK 64-Bit Server VM 17.0.15 (Eclipse Adoptium)\n",
                "  Command:    java -jar shop.jar --port 8080\n",
                "  Scheme:     entry-exit\n",
                "  Started:    2023-11-14T22:13:20Z\n",
                "  Duration:   2.50 s\n",
                "  Thread          Total time   Self time       Calls\n",
                "  main (#1)           2.00 s      2.00 s        1012\n",
                "  worker-1 (#12)      300 ms      300 ms          12\n",
                "  calls.dropped         3\n",
                "  methods.instrumented  5\n",
                "  future.stat           -7\n",
                "  WARNING: 3 calls were dropped;");
    }

    @Test
    void absurdTimesAndIntervalsOfACraftedFileArePrintedNotOverflowed() throws Exception {
        Snapshot s = TestSnapshots.shop();
        s.info().put(SnapshotInfo.START_TIME, "0").put(SnapshotInfo.END_TIME, "999999999999999999")
                .put(SnapshotInfo.INTERVAL_NS, "99999999999999999999");
        assertThat(text(s, ReportOptions.defaults())).contains(
                "  Interval:   99999999999999999999\n",
                "  Started:    1970-01-01T00:00:00Z\n",
                "  Ended:      +31690708-07-05T01:46:39.999Z\n",
                "  Duration:   999999999999999 s\n");
        s.info().put(SnapshotInfo.START_TIME, "+1000000000-01-01T00:00:00Z").put(SnapshotInfo.END_TIME, "-1000000000-01-01T00:00:00Z")
                .put(SnapshotInfo.INTERVAL_NS, "999999999999999999");
        assertThat(text(s, ReportOptions.defaults())).contains("  Interval:   1000000000 s\n", "  Duration:   -63113904000000000 s\n");
        // the longest a long holds in nanoseconds is still shown as such
        s.info().put(SnapshotInfo.START_TIME, "0").put(SnapshotInfo.END_TIME, "9223372035000");
        assertThat(text(s, ReportOptions.defaults())).contains("  Duration:   9223372035 s\n");
    }

    @Test
    void patternsThatMatchedNothingAreTheLinesUnderTheTitleAndNotRepeatedAsProperties() throws Exception {
        Snapshot s = TestSnapshots.shop();
        s.info().put(PatternWarnings.INCLUDE, PatternWarnings.join(java.util.List.of("com.nothing.**")));
        String report = text(s, ReportOptions.defaults());
        assertThat(report).startsWith("Candor profile\n"
                + "candor: warning: --include 'com.nothing.**' matched no class the program loaded\n  ");
        assertThat(report).doesNotContain(PatternWarnings.INCLUDE);
        assertThat(text(TestSnapshots.shop(), ReportOptions.defaults())).doesNotContain("warning");
    }

    @Test
    void treeIsIndentedSortedByValueAndCutBelowTheMinimum() throws Exception {
        String report = text(TestSnapshots.shop(), ReportOptions.defaults());
        assertThat(report).contains(""
                + "Thread main (#1): Total time 2.00 s, Self time 2.00 s, Calls 1012\n"
                + "  Percent  Total time   Self time       Calls  Method\n"
                + "   100.0%      2.00 s     1.00 ms           1  com.acme.Main.main(String[])\n"
                + "   100.0%      2.00 s     99.0 ms           1    com.acme.Shop.run()\n"
                + "    75.0%      1.50 s      1.50 s        1000      com.acme.Cart.add(Item, int)\n"
                + "    20.0%      400 ms      400 ms          10      com.acme.Cart.total()\n");
        assertThat(report).contains(""
                + "    16.7%     50.0 ms     50.0 ms           4      com.acme.Tree$Walker.walk(Tree$Node)\n"
                + "  (1 node below 0.1% of the thread hidden)\n");
        assertThat(report).contains("Thread idle (#13): Total time 0 ns, Self time 0 ns, Calls 0\n  (no calls recorded)\n");
    }

    @Test
    void higherMinimumHidesMoreAndZeroShowsAll() throws Exception {
        String cut = text(TestSnapshots.shop(), ReportOptions.defaults().withMinPercent(50));
        assertThat(cut).contains("      com.acme.Cart.add(Item, int)\n  (1 node below 50% of the thread hidden)\n")
                .contains("    com.acme.Tree$Walker.walk(Tree$Node)\n  (2 nodes below 50% of the thread hidden)\n");
        String all = text(TestSnapshots.shop(), ReportOptions.defaults().withMinPercent(0));
        assertThat(all).doesNotContain("hidden").contains("     0.0%        0 ns        0 ns           5    com.acme.Cart.total()\n");
    }

    @Test
    void sortingByCallsPutsTheMostCalledChildFirst() throws Exception {
        String report = text(TestSnapshots.shop(), ReportOptions.defaults().withValue("calls").withMinPercent(0));
        int total = report.indexOf("     0.0%        0 ns        0 ns           5    com.acme.Cart.total()\n");
        int nested = report.indexOf("    66.7%      200 ms      150 ms           2    com.acme.Tree$Walker.walk");
        assertThat(total).isPositive().isLessThan(nested);
    }

    @Test
    void hotSpotsTableRanksBySelfTimeAndCountsRecursionOnce() throws Exception {
        String report = text(TestSnapshots.shop(), ReportOptions.defaults().withHotSpots(3));
        assertThat(report).contains(""
                + "Hot spots: top 3 of 5 methods by Self time (all threads)\n"
                + "     Self time  Percent  Total time       Calls  Method\n"
                + "        1.50 s    65.2%      1.50 s        1000  com.acme.Cart.add(Item, int)\n"
                + "        400 ms    17.4%      400 ms          15  com.acme.Cart.total()\n"
                + "        300 ms    13.0%      300 ms           7  com.acme.Tree$Walker.walk(Tree$Node)\n");
        assertThat(report).doesNotContain("  com.acme.Shop.run()\n" + "\n");
    }

    @Test
    void threadFilterShowsOnlyMatchingThreads() throws Exception {
        String report = text(TestSnapshots.shop(), ReportOptions.defaults().withThreads("worker-*"));
        assertThat(report).contains("Threads: 1 of 3 (threads matching worker-*)")
                .contains("Thread worker-1 (#12):").doesNotContain("Thread main (#1):")
                .contains("Hot spots: top 2 of 2 methods by Self time (threads matching worker-*)");
    }

    @Test
    void mergedThreadsShowOneTree() throws Exception {
        String report = text(TestSnapshots.shop(), ReportOptions.defaults().withGrouping(ThreadGrouping.MERGED));
        assertThat(report).contains("Merged threads: Total time 2.30 s, Self time 2.30 s, Calls 1024\n")
                .contains("    87.0%      2.00 s     1.00 ms           1  com.acme.Main.main(String[])\n");
    }

    @Test
    void writesToAPrintStream() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ReportFormat.of("TEXT").write(TestSnapshots.shop(), ReportOptions.defaults(), out);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).startsWith("Candor profile\n");
    }

    @Test
    void deepTreeReportDoesNotRecurseAndCapsIndentation() throws Exception {
        String report = text(TestSnapshots.chain(200_000), ReportOptions.defaults().withMinPercent(99.99).withHotSpots(0));
        // totals fall by one per level from 200,000: levels down to a total of 199,980 stay, 21 of them
        assertThat(report).contains("(199979 nodes below 99.99% of the thread hidden)");
        String deepReport = text(TestSnapshots.chain(100), ReportOptions.defaults().withMinPercent(0));
        assertThat(deepReport).contains("  [42] deep.Recursion.across(int)\n");
    }
}
