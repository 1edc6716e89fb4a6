package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProbeLimitsTest {

    @Test
    void theDefaultNodeLimitTakesAtMostAnEighthOfTheHeap() {
        long mb = 1024 * 1024;
        assertThat(ProbeLimits.defaultMaxNodes(256 * mb) * 48L).isLessThanOrEqualTo(256 * mb / 8);
        assertThat(ProbeLimits.defaultMaxNodes(256 * mb)).isGreaterThan(600_000);
        assertThat(ProbeLimits.defaultMaxNodes(6L * 1024 * mb)).isGreaterThan(16_000_000);
        assertThat(ProbeLimits.defaultMaxNodes(64L * 1024 * mb)).isEqualTo(32_000_000);
        assertThat(ProbeLimits.defaultMaxNodes(8 * mb)).isEqualTo(50_000);
    }

    @Test
    void limitsMustBePositive() {
        assertThatThrownBy(() -> ProbeLimits.set(0, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
