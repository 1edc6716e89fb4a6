package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

class ThreadChoiceTest {

    @Test
    void allThreadsMergedComeFirstThenEachThreadLargestFirst() throws Exception {
        List<ThreadChoice> choices = SnapshotSource.of(TestSnapshots.shop()).threadChoices();

        assertThat(choices).extracting(ThreadChoice::toString).containsExactly(
                "All threads (merged)  \u2014  3.30 s", "http-worker-1 (#23)  \u2014  2.40 s", "main (#1)  \u2014  900 ms");
        assertThat(choices.get(0).isMerged()).isTrue();
        assertThat(choices.get(1).sameAs(SnapshotSource.of(TestSnapshots.shop()).threadChoices().get(1))).isTrue();
        assertThat(choices.get(1).sameAs(choices.get(2))).isFalse();
    }

    @Test
    void theMergedTreeSumsTheThreadsByMethodAndItsWholeIsTheirTotal() throws Exception {
        Snapshot s = TestSnapshots.shop();
        SnapshotSource source = SnapshotSource.of(s);
        SelectedThreads all = source.select(source.threadChoices().get(0));

        assertThat(all.whole()).isEqualTo(3_300_000_000L);
        assertThat(all.rows().childCount()).isEqualTo(2);
        assertThat(all.totals(TestSnapshots.CALLS)).isEqualTo(1 + 1_200 + 1_200 + 1_200 + 48_000 + 1 + 3_000 * 3 + 399_000);
        SelectedThreads main = source.select(source.threadChoices().get(2));
        assertThat(main.flameTree(new int[0], 0).root()).isSameAs(s.threads().get(0).root());
        assertThat(main.whole()).isEqualTo(900_000_000L);
    }

    @Test
    void aCounterProfileTotalsItsThreadsInEventsNotTime() throws Exception {
        Snapshot s = TestSnapshots.shop().withMetrics(
                org.candor.core.model.MeasuredMetric.of("page-faults", "events").instrumentationColumns());
        assertThat(SnapshotSource.of(s).threadChoices().get(2).toString()).isEqualTo("main (#1)  \u2014  900,000,000");
    }
}
