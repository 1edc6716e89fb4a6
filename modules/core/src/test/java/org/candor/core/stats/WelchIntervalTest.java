package org.candor.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The statistics against values from published tables and from SciPy 1.17 (scipy.stats.t.ppf, ttest_ind). */
class WelchIntervalTest {

    @Test
    void studentQuantilesMatchTheTables() {
        assertThat(StudentT.quantile(0.975, 1)).isCloseTo(12.706204736174694, within(1e-8));
        assertThat(StudentT.quantile(0.975, 4)).isCloseTo(2.7764451051977934, within(1e-9));
        assertThat(StudentT.quantile(0.975, 10)).isCloseTo(2.228138851986274, within(1e-9));
        // fractional degrees of freedom, as Welch's are; a far tail, as Bonferroni's levels are
        assertThat(StudentT.quantile(0.995, 7.5)).isCloseTo(3.421422688124044, within(1e-8));
        assertThat(StudentT.quantile(0.9999, 3)).isCloseTo(22.203742273205, within(1e-6));
        assertThat(StudentT.quantile(0.75, 2.5)).isCloseTo(0.7850136829922992, within(1e-9));
        assertThat(StudentT.quantile(0.025, 4)).isCloseTo(-2.7764451051977934, within(1e-9));
        assertThat(StudentT.cdf(0, 3)).isEqualTo(0.5);
    }

    @Test
    void welchIntervalMatchesScipy() {
        // scipy.stats.ttest_ind(b, a, equal_var=False): df 8.0, 95 % (1.3371167698178767, 4.662883230182123)
        double[] a = {10, 12, 11, 13, 12};
        double[] b = {14, 15, 13, 16, 15};
        WelchInterval w = WelchInterval.of(a, b, 0.95);
        assertThat(w.difference()).isCloseTo(3.0, within(1e-12));
        assertThat(w.degreesOfFreedom()).isCloseTo(8.0, within(1e-9));
        assertThat(w.low()).isCloseTo(1.3371167698178767, within(1e-8));
        assertThat(w.high()).isCloseTo(4.662883230182123, within(1e-8));
        WelchInterval w99 = WelchInterval.of(a, b, 0.99);
        assertThat(w99.low()).isCloseTo(0.5803957855670334, within(1e-8));
        assertThat(w99.high()).isCloseTo(5.419604214432967, within(1e-8));
    }

    @Test
    void unequalSpreadsAndSizesGiveWelchsDegreesOfFreedom() {
        // df 2.010007474981313, 95 % (-4.75411515555794, 44.75411515555794): the difference is not significant
        double[] a = {100, 101, 99, 100.5, 99.5, 100};
        double[] b = {120, 130, 110};
        WelchInterval w = WelchInterval.of(a, b, 0.95);
        assertThat(w.degreesOfFreedom()).isCloseTo(2.010007474981313, within(1e-9));
        assertThat(w.low()).isCloseTo(-4.75411515555794, within(1e-6));
        assertThat(w.high()).isCloseTo(44.75411515555794, within(1e-6));
    }

    @Test
    void sidesThatDoNotVaryGiveTheDifferenceItself() {
        WelchInterval w = WelchInterval.of(new double[] {5, 5}, new double[] {7, 7, 7}, 0.95);
        assertThat(w.low()).isEqualTo(2);
        assertThat(w.high()).isEqualTo(2);
    }

    @Test
    void oneRunASideHasNoInterval() {
        assertThatThrownBy(() -> WelchInterval.of(new double[] {1}, new double[] {1, 2}, 0.95))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two runs a side");
        assertThatThrownBy(() -> WelchInterval.of(new double[] {1, 2}, new double[] {1, 2}, 1.0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
