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

    @Test
    void theTableHasARowPerCategoryInNameOrderWithTheFieldsItHas() {
        java.util.Map<String, Long> stats = new java.util.LinkedHashMap<>();
        stats.put("calibration.oth-En-int-En-int.min_ps", 24_262_302L);
        stats.put("calibration.jit-En-jit-Ex-jit.count", 39_268_893L);
        stats.put("calibration.jit-En-jit-Ex-jit.correction_ps", 21_538L);
        stats.put("calibration.warmup.phase", 2L);
        stats.put("calls.dropped", 0L);

        java.util.List<CalibrationConstants.Row> rows = CalibrationConstants.rows(stats);

        assertThat(rows).extracting(CalibrationConstants.Row::category).containsExactly("jit-En-jit-Ex-jit", "oth-En-int-En-int");
        assertThat(rows.get(0).value(0)).isEqualTo(39_268_893L);
        assertThat(rows.get(0).value(1)).as("no min_ps").isEqualTo(-1);
        assertThat(rows.get(0).value(4)).isEqualTo(21_538L);
        assertThat(rows.get(1).value(1)).isEqualTo(24_262_302L);
        assertThat(CalibrationConstants.rows(java.util.Map.of("calls.dropped", 0L))).isEmpty();
        assertThat(CalibrationConstants.HEADINGS).hasSameSizeAs(CalibrationConstants.FIELDS);
    }
}
