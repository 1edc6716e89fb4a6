package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.MeasuredMetric;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;

/** Columns of a time profile and of a counter's profile (counts shown as counts, calls last), as core orders them. */
class ValueColumnsTest {

    @Test
    void aTimeProfileShowsTimesThenCalls() {
        Snapshot s = TestSnapshots.shop();
        assertThat(names(ValueColumns.forTree(s.metrics()))).containsExactly("Total time", "Self time", "Calls");
        assertThat(names(ValueColumns.forHotSpots(s.metrics()))).containsExactly("Self time", "Total time", "Calls");
    }

    @Test
    void aWallClockSampledProfileHasTheTextReportsColumns() {
        Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.samplingMetrics(true), new MethodTable());
        assertThat(names(ValueColumns.forTree(s.metrics()))).containsExactly(
                "Total time", "Waiting time", "Self time", "Self waiting time", "Samples", "Self samples");
        assertThat(names(ValueColumns.forHotSpots(s.metrics()))).containsExactly(
                "Self time", "Total time", "Waiting time", "Self waiting time", "Samples", "Self samples");
    }

    @Test
    void aCounterProfileShowsItsCountsThenCallsAndRanksBySelfCount() {
        Snapshot s = pageFaults();
        ValueColumns tree = ValueColumns.forTree(s.metrics());
        assertThat(names(tree)).containsExactly("Total page faults", "Self page faults", "Calls");
        assertThat(tree.type(0)).isEqualTo(Long.class);
        assertThat(names(ValueColumns.forHotSpots(s.metrics()))).containsExactly("Self page faults", "Total page faults", "Calls");
    }

    @Test
    void theSessionLineNamesTheMetric() {
        assertThat(new SnapshotSummary(SnapshotSource.of(pageFaults())).sessionLine()).contains("Metric: page-faults (events)");
        assertThat(new SnapshotSummary(SnapshotSource.of(TestSnapshots.shop())).sessionLine()).doesNotContain("Metric");
    }

    /** The shop's values, as if its probes had counted page faults. */
    private static Snapshot pageFaults() {
        Snapshot s = TestSnapshots.shop().withMetrics(MeasuredMetric.of("page-faults", "events").instrumentationColumns());
        s.info().put(SnapshotInfo.METRIC, "page-faults").put(SnapshotInfo.METRIC_UNIT, "events");
        return s;
    }

    private static java.util.List<String> names(ValueColumns columns) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int c = 0; c < columns.count(); c++) names.add(columns.name(c));
        return names;
    }
}
