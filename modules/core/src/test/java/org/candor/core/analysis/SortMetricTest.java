package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.candor.core.model.MeasuredMetric;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

/** What the tree is sorted by and the hot spots ranked by, when nobody chose: one answer for report and app. */
class SortMetricTest {

    @Test
    void theAgentsSnapshotsSortByTotalAndRankBySelf() {
        List<Metric> instrumented = Snapshot.instrumentationMetrics(true);
        assertThat(SortMetric.tree(instrumented)).isEqualTo(1);
        assertThat(SortMetric.hotSpots(instrumented, 1)).isEqualTo(2);
        List<Metric> sampled = Snapshot.samplingMetrics(true);
        assertThat(SortMetric.tree(sampled)).isEqualTo(0);
        assertThat(SortMetric.hotSpots(sampled, 0)).isEqualTo(1);
        List<Metric> faults = MeasuredMetric.of("page-faults", "events").instrumentationColumns();
        assertThat(SortMetric.tree(faults)).isEqualTo(1);
        assertThat(SortMetric.hotSpots(faults, 1)).isEqualTo(2);
    }

    @Test
    void withoutAnInclusiveMetricTheTreeIsSortedByTimeNotByCalls() {
        // the report used to sort by the first metric (calls), the app by self time
        List<Metric> m = List.of(Metric.CALLS, Metric.SELF_TIME);
        assertThat(SortMetric.tree(m)).isEqualTo(1);
        assertThat(SortMetric.hotSpots(m, 1)).isEqualTo(1);
    }

    @Test
    void withoutASelfValueHotSpotsAreRankedByTheTreesValueNotByCalls() {
        // the report used to rank by calls, the app by total time
        List<Metric> m = List.of(Metric.TOTAL_TIME, Metric.CALLS);
        assertThat(SortMetric.hotSpots(m, SortMetric.tree(m))).isEqualTo(0);
    }

    @Test
    void anExclusiveChoiceRanksTheHotSpotsItself() {
        List<Metric> m = Snapshot.instrumentationMetrics();
        assertThat(SortMetric.hotSpots(m, 0)).as("--value calls").isEqualTo(0);
        assertThat(SortMetric.hotSpots(m, 1)).as("--value total").isEqualTo(2);
    }

    @Test
    void callsOnlyWhenThereIsNothingElse() {
        assertThat(SortMetric.tree(List.of(Metric.CALLS))).isEqualTo(0);
        assertThat(SortMetric.tree(List.of())).isEqualTo(-1);
    }
}
