package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.MeasuredMetric;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

/** One column order for the text report and the app. */
class ColumnOrderTest {

    @Test
    void anInstrumentedProfileIsTotalSelfCalls() {
        assertThat(labels(Snapshot.instrumentationMetrics(), ColumnOrder.of(Snapshot.instrumentationMetrics())))
                .containsExactly("Total time", "Self time", "Calls");
    }

    @Test
    void aWallClockSampledProfileHasItsInclusiveTimesFirst() {
        // the app used to keep the file's order among times (Total, Self, Waiting, Self waiting), the report not
        List<Metric> wall = Snapshot.samplingMetrics(true);
        assertThat(labels(wall, ColumnOrder.of(wall))).containsExactly(
                "Total time", "Waiting time", "Self time", "Self waiting time", "Samples", "Self samples");
    }

    @Test
    void aCountersTotalComesBeforeItsSelfCountWhateverTheFilesOrder() {
        MeasuredMetric faults = MeasuredMetric.of("page-faults", "events");
        List<Metric> scrambled = List.of(faults.self(), Metric.CALLS, faults.total());
        assertThat(labels(scrambled, ColumnOrder.of(scrambled)))
                .containsExactly("Total page faults", "Self page faults", "Calls");
        List<Metric> timesLast = List.of(Metric.CALLS, Metric.SELF_TIME, Metric.TOTAL_TIME);
        assertThat(labels(timesLast, ColumnOrder.of(timesLast))).containsExactly("Total time", "Self time", "Calls");
    }

    @Test
    void theHotSpotsLeadWithTheirRankingValue() {
        List<Metric> m = Snapshot.instrumentationMetrics();
        assertThat(labels(m, ColumnOrder.leading(m, 2))).containsExactly("Self time", "Total time", "Calls");
        assertThat(labels(m, ColumnOrder.leading(m, -1))).containsExactly("Total time", "Self time", "Calls");
    }

    private static List<String> labels(List<Metric> metrics, int[] order) {
        List<String> out = new ArrayList<>();
        for (int k : order) out.add(metrics.get(k).label());
        return out;
    }
}
