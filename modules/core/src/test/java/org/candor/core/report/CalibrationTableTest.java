package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;

/** The calibration table of the text report and candor calibrate, byte for byte: the app shows the same rows. */
class CalibrationTableTest {

    @Test
    void aRowPerCategoryPicosecondsInNanosecondsAndADashForWhatIsMissing() {
        Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(true), new MethodTable());
        s.putStat("calibration.jit-En-jit-Ex-jit.count", 39268893).putStat("calibration.jit-En-jit-Ex-jit.min_ps", 21538)
                .putStat("calibration.jit-En-jit-Ex-jit.median_ps", 30769).putStat("calibration.jit-En-jit-Ex-jit.floor_ps", 0)
                .putStat("calibration.jit-En-jit-Ex-jit.correction_ps", 21538)
                .putStat("calibration.oth-En-int-En-int.count", 1).putStat("calibration.oth-En-int-En-int.min_ps", 24262302)
                .putStat("calibration.oth-En-int-En-int.median_ps", 22055380).putStat("calibration.warmup.phase", 2);

        assertThat(CalibrationTable.format(s)).isEqualTo(
                "Calibration (sections between two probe events, per category from -event-> owner -event-> to;\n"
                + "int interpreted, jit compiled, oth thread root or unknown):\n"
                + "  Category                Sections         Min      Median       Floor  Correction\n"
                + "  jit-En-jit-Ex-jit       39268893     21.5 ns     30.8 ns      0.0 ns     21.5 ns\n"
                + "  oth-En-int-En-int              1     24.3 \u00b5s     22.1 \u00b5s           -           -\n");
    }

    @Test
    void noCalibrationNoTable() {
        Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), new MethodTable());
        assertThat(CalibrationTable.format(s.putStat("calls.dropped", 0))).isEmpty();
    }
}
