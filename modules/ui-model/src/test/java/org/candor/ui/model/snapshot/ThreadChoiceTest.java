package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

class ThreadChoiceTest {

    @Test
    void allThreadsMergedComeFirstThenEachThreadLargestFirst() {
        List<ThreadChoice> choices = ThreadChoice.of(TestSnapshots.shop());

        assertThat(choices).extracting(ThreadChoice::toString).containsExactly(
                "All threads (merged)  \u2014  3.30 s", "http-worker-1 (#23)  \u2014  2.40 s", "main (#1)  \u2014  900 ms");
        assertThat(choices.get(0).isMerged()).isTrue();
        assertThat(choices.get(1).sameAs(ThreadChoice.of(TestSnapshots.shop()).get(1))).isTrue();
        assertThat(choices.get(1).sameAs(choices.get(2))).isFalse();
    }

    @Test
    void theMergedTreeSumsTheThreadsByMethodAndItsWholeIsTheirTotal() {
        Snapshot s = TestSnapshots.shop();
        SelectedThreads all = SelectedThreads.of(s, ThreadChoice.of(s).get(0));

        assertThat(all.threads()).hasSize(2);
        assertThat(all.whole()).isEqualTo(3_300_000_000L);
        assertThat(all.tree().children()).hasSize(2);
        SelectedThreads main = SelectedThreads.of(s, ThreadChoice.of(s).get(2));
        assertThat(main.tree()).isSameAs(s.threads().get(0).root());
        assertThat(main.whole()).isEqualTo(900_000_000L);
    }

    @Test
    void aCounterProfileTotalsItsThreadsInEventsNotTime() {
        Snapshot s = TestSnapshots.shop().withMetrics(
                org.candor.core.model.MeasuredMetric.of("page-faults", "events").instrumentationColumns());
        assertThat(ThreadChoice.of(s).get(2).toString()).isEqualTo("main (#1)  \u2014  900,000,000");
    }
}
