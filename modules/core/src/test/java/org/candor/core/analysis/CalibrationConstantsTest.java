package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which statistics the calibration table takes out of the plain list, for the report and the app. */
class CalibrationConstantsTest {

    @Test
    void theFieldsOfACategoryAreConstants() {
        for (String field : CalibrationConstants.FIELDS) {
            assertThat(CalibrationConstants.isConstant("calibration.int-En-jit-Ex-int." + field)).as(field).isTrue();
        }
        assertThat(CalibrationConstants.category("calibration.int-En-jit-Ex-int.min_ps")).isEqualTo("int-En-jit-Ex-int");
        assertThat(CalibrationConstants.field("calibration.int-En-jit-Ex-int.min_ps")).isEqualTo("min_ps");
    }

    @Test
    void theWarmUpIsAPlainStatistic() {
        assertThat(CalibrationConstants.isConstant("calibration.warmup.phase")).isFalse();
        assertThat(CalibrationConstants.isConstant("calibration.warmup.events")).isFalse();
        // the report took this for a category "warmup" of the table (it ends in .count), the app for a statistic
        assertThat(CalibrationConstants.isConstant("calibration.warmup.count")).isFalse();
    }

    @Test
    void aFieldNoTablePrintsStaysInTheList() {
        // the app hid every calibration.* key but the warm-up's, a field the table does not know included, so it
        // showed nowhere; the report listed it
        assertThat(CalibrationConstants.isConstant("calibration.int-En-jit-Ex-int.max_ps")).isFalse();
        assertThat(CalibrationConstants.isConstant("calibration.sections")).isFalse();
        assertThat(CalibrationConstants.isConstant("calibration..count")).isFalse();
        assertThat(CalibrationConstants.isConstant("calls.dropped")).isFalse();
        assertThat(CalibrationConstants.field("calls.dropped")).isNull();
    }
}
