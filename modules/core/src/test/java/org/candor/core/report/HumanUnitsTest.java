package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HumanUnitsTest {

    @Test
    void timesHaveThreeSignificantDigits() {
        assertThat(HumanUnits.nanos(0)).isEqualTo("0 ns");
        assertThat(HumanUnits.nanos(999)).isEqualTo("999 ns");
        assertThat(HumanUnits.nanos(1000)).isEqualTo("1.00 µs");
        assertThat(HumanUnits.nanos(1234)).isEqualTo("1.23 µs");
        assertThat(HumanUnits.nanos(1235)).isEqualTo("1.24 µs");
        assertThat(HumanUnits.nanos(9995)).isEqualTo("10.0 µs");
        assertThat(HumanUnits.nanos(12_345)).isEqualTo("12.3 µs");
        assertThat(HumanUnits.nanos(99_950)).isEqualTo("100 µs");
        assertThat(HumanUnits.nanos(123_456)).isEqualTo("123 µs");
        assertThat(HumanUnits.nanos(999_499)).isEqualTo("999 µs");
        assertThat(HumanUnits.nanos(999_500)).isEqualTo("1.00 ms");
        assertThat(HumanUnits.nanos(45_600_000)).isEqualTo("45.6 ms");
        assertThat(HumanUnits.nanos(1_500_000_000)).isEqualTo("1.50 s");
        assertThat(HumanUnits.nanos(999_600_000_000L)).isEqualTo("1000 s");
        assertThat(HumanUnits.nanos(12_345_000_000_000L)).isEqualTo("12345 s");
        assertThat(HumanUnits.nanos(-1234)).isEqualTo("-1.23 µs");
        assertThat(HumanUnits.nanos(Long.MAX_VALUE)).isEqualTo("9223372037 s");
    }

    @Test
    void percentHasOneDecimal() {
        assertThat(HumanUnits.percent(100)).isEqualTo("100.0%");
        assertThat(HumanUnits.percent(0.04)).isEqualTo("0.0%");
        assertThat(HumanUnits.percent(65.217)).isEqualTo("65.2%");
        assertThat(HumanUnits.percent(-2.55)).isEqualTo("-2.6%");
        assertThat(HumanUnits.percent(Double.NaN)).isEqualTo("-");
    }
}
