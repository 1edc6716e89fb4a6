package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

/** Where a snapshot carries a thread's exact flat profile, the hot spots and totals are that, not the tree's sums. */
class FlatHotSpotsTest {

    @Test
    void hotSpotsAndCallTotalsComeFromTheFlatProfileWhenTheSnapshotHasOne() throws Exception {
        MethodTable m = new MethodTable();
        int run = m.add("p.R", "run", "()V").id();
        int work = m.add("p.W", "work", "()V").id();
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode root = TestSnapshots.root(3);
        CallNode r = TestSnapshots.node(root, run, 1, 1000, 100);
        TestSnapshots.node(r, work, 10, 900, 900);
        TestSnapshots.sumIntoRoot(root);
        // the agent counted 90 calls of work: 80 of them past the tree's budget, folded into the node it has
        FlatProfile exact = new FlatProfile(3, new int[] {run, work}, new long[] {1, 1000, 100, 90, 900, 900});
        s.addThread(new ThreadProfile(1, "main", root, exact));

        StringBuilder text = new StringBuilder();
        ReportFormat.TEXT.write(s, ReportOptions.defaults(), text);

        assertThat(text).contains("  main (#1)     1.00 µs     1.00 µs          91\n"); // calls: 1 + 90
        assertThat(text).contains("        900 ns    90.0%      900 ns          90  p.W.work()\n");
        assertThat(text).contains("      900 ns      900 ns          10    p.W.work()\n"); // the tree: the node's own 10
    }
}
