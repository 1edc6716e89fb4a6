package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

class SnapshotSummaryTest {

    @Test
    void sessionLineNamesJvmCommandAndScheme() throws Exception {
        String line = new SnapshotSummary(SnapshotSource.of(TestSnapshots.shop())).sessionLine();

        assertThat(line).contains("JVM: OpenJDK 64-Bit Server VM 21.0.5", "Command: com.acme.shop.Main --port 8080",
                "Scheme: total", "Threads: 2");
    }

    @Test
    void droppedCallsAreAlwaysShownAndMarkTheTreeIncomplete() throws Exception {
        Snapshot s = TestSnapshots.shop();
        SnapshotSummary clean = new SnapshotSummary(SnapshotSource.of(s));
        assertThat(clean.statisticsLine()).startsWith("Dropped calls: 0").contains("Instrumented methods: 6");
        assertThat(clean.hasLosses()).isFalse();

        s.putStat(Snapshot.STAT_DROPPED_CALLS, 12_345).putStat("some.new.stat", 7);
        SnapshotSummary lossy = new SnapshotSummary(SnapshotSource.of(s));
        assertThat(lossy.statisticsLine()).startsWith("Dropped calls: 12,345").endsWith("some.new.stat: 7");
        assertThat(lossy.hasLosses()).isTrue();
    }

    @Test
    void theLossesAreTheOnesTheTextReportWarnsAbout() throws Exception {
        Snapshot s = TestSnapshots.shop();
        s.putStat("nodes.budget", 4_000_000).putStat("nodes.used", 12); // a budget, not a loss
        assertThat(new SnapshotSummary(SnapshotSource.of(s)).hasLosses()).isFalse();
        s.putStat("calls.folded", 3);
        assertThat(new SnapshotSummary(SnapshotSource.of(s)).hasLosses()).isTrue();
    }

    @Test
    void everyWarningOfTheTextReportMarksTheStatisticsAndIsInTheirTooltip() throws Exception {
        Snapshot s = TestSnapshots.shop();
        s.putStat(Snapshot.STAT_FAILED_CLASSES, 2);
        SnapshotSummary summary = new SnapshotSummary(SnapshotSource.of(s));
        assertThat(summary.hasLosses()).isTrue();
        assertThat(summary.warnings()).containsExactly(
                "2 classes could not be instrumented; calls of their methods are not in the trees");
        assertThat(summary.details()).first().isEqualTo(new SnapshotSummary.Detail("Warning",
                "2 classes could not be instrumented; calls of their methods are not in the trees"));
    }

    @Test
    void onlyTheCalibrationTablesConstantsAreLeftOutOfTheStatistics() throws Exception {
        Snapshot s = TestSnapshots.shop();
        s.putStat("calibration.int-En-jit-Ex-int.min_ps", 5_000).putStat("calibration.int-En-jit-Ex-int.max_ps", 9_000)
                .putStat("calibration.warmup.phase", 2);
        String line = new SnapshotSummary(SnapshotSource.of(s)).statisticsLine();
        assertThat(line).doesNotContain("min_ps").contains("calibration.int-En-jit-Ex-int.max_ps: 9,000")
                .contains("calibration.warmup.phase: 2");
    }
}
