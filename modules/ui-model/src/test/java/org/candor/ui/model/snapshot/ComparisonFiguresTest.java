package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.MeasuredMetric;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotFile;
import org.junit.jupiter.api.Test;

class ComparisonFiguresTest {

    @Test
    void methodsCompareBySelfTimeFirstAndTheTreeByTotalTime() {
        ComparisonFigures f = new ComparisonFigures(SnapshotFile.of(TestSnapshots.shop()), SnapshotFile.of(TestSnapshots.shop()));
        assertThat(f.comparable()).extracting(Metric::label).containsExactly("Self time", "Calls", "Total time");
        assertThat(f.treeMetric().key()).isEqualTo("total_time");
    }

    @Test
    void onlyTheFiguresBothHaveAreOffered() {
        Snapshot faults = TestSnapshots.shop().withMetrics(MeasuredMetric.of("page-faults", "events").instrumentationColumns());
        ComparisonFigures f = new ComparisonFigures(SnapshotFile.of(TestSnapshots.shop()), SnapshotFile.of(faults));
        assertThat(f.comparable()).extracting(Metric::label).containsExactly("Calls");
        assertThat(f.treeMetric().label()).isEqualTo("Calls");
    }

    @Test
    void theCellsAreABTheDifferenceAndTheChange() {
        assertThat(ComparisonFigures.cell(0, 1_480_000_000L, 1_980_000_000L, Metric.Unit.NANOS)).hasToString("1.48 s");
        assertThat(ComparisonFigures.cell(1, 1_480_000_000L, 1_980_000_000L, Metric.Unit.NANOS)).hasToString("1.98 s");
        assertThat(ComparisonFigures.cell(2, 1_480_000_000L, 1_980_000_000L, Metric.Unit.NANOS)).hasToString("+500 ms");
        assertThat(ComparisonFigures.cell(3, 1_480_000_000L, 1_980_000_000L, Metric.Unit.NANOS)).hasToString("+33.8%");
        assertThat(ComparisonFigures.cell(3, 0, 5, Metric.Unit.COUNT)).hasToString("new");
        assertThat(ComparisonFigures.cell(2, 5, 3, Metric.Unit.COUNT)).hasToString("-2");
        assertThat(ComparisonFigures.type(3)).isEqualTo(ComparedValue.Change.class);
    }
}
