package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;

class CalibrationRowsTest {

    @Test
    void theRowsAndCellsAreTheTextReportsTable() {
        Snapshot constants = TestSnapshots.calibratedWithConstants();
        CalibrationRows rows = new CalibrationRows(constants.info(), constants.stats());

        assertThat(rows.isEmpty()).isFalse();
        assertThat(rows.rowCount()).isEqualTo(2);
        assertThat(rows.columnCount()).isEqualTo(6);
        assertThat(rows.columnName(0)).isEqualTo("Category");
        assertThat(rows.columnName(5)).isEqualTo("Correction");
        assertThat(rows.cell(0, 0)).isEqualTo("jit-En-jit-Ex-jit");
        assertThat(rows.cell(0, 1)).isEqualTo("39268893");
        assertThat(rows.cell(0, 2)).isEqualTo("21.5 ns");
        assertThat(rows.cell(1, 2)).isEqualTo("24.3 \u00b5s");
        assertThat(rows.cell(1, 5)).isEqualTo("-");
        assertThat(rows.legend()).startsWith("Sections between two probe events").endsWith("thread root or unknown.");
    }

    @Test
    void theSummarySaysHowTheSessionCalibrated() {
        Snapshot s = TestSnapshots.calibratedWithConstants();
        assertThat(new CalibrationRows(s.info(), s.stats()).summary())
                .isEqualTo("Calibration: runtime   \u00b7   minima from this run alone   \u00b7   warm-up done (1,003,520 events)");
        s.info().put("calibration.minima", "file").put("calibration.file", "/home/me/.cache/candor/calibration/x.calstats");
        assertThat(new CalibrationRows(s.info(), s.stats()).summary()).contains("minima started from /home/me/.cache/candor/calibration/x.calstats");
        s.putStat("calibration.measure_every", 16);
        assertThat(new CalibrationRows(s.info(), s.stats()).summary())
                .endsWith("warm-up done (1,003,520 events)   ·   probe time measured at 1 event in 16, estimated at the others");
    }

    @Test
    void aSnapshotWithoutConstantsHasNoRows() {
        assertThat(new CalibrationRows(TestSnapshots.shop().info(), TestSnapshots.shop().stats()).isEmpty()).isTrue();
        assertThat(new CalibrationRows(TestSnapshots.calibrated().info(), TestSnapshots.calibrated().stats()).isEmpty()).isTrue();
        assertThat(TestSnapshots.calibrated().info().get(SnapshotInfo.CALIBRATION)).isEqualTo("runtime");
    }
}
