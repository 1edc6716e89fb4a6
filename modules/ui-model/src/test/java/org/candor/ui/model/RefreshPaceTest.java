package org.candor.ui.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RefreshPaceTest {

    @Test
    void aboutOnceASecondUntilRefreshesTakeMoreThanATwentieth() {
        assertThat(RefreshPace.periodMillis(3_000_000, 4_000_000)).as("a small tree: 3 + 4 ms").isEqualTo(1000);
        assertThat(RefreshPace.periodMillis(20_000_000, 30_000_000)).as("50 ms is a twentieth of a second").isEqualTo(1000);
        assertThat(RefreshPace.periodMillis(128_000_000, 0)).as("the snapshot alone").isEqualTo(2560);
        assertThat(RefreshPace.periodMillis(128_000_000, 438_000_000)).as("750,000 nodes, read back whole").isEqualTo(11_320);
        assertThat(RefreshPace.periodMillis(10_000_000_000L, 0)).isEqualTo(RefreshPace.SLOWEST_MILLIS);
        assertThat(RefreshPace.periodMillis(-1, -1)).isEqualTo(1000);
    }

    @Test
    void theSlowerPaceSaysWhy() {
        assertThat(RefreshPace.describe(1000, 3_000_000, 4_000_000)).isEqualTo("every 1 s");
        assertThat(RefreshPace.describe(11_320, 128_000_000, 438_000_000))
                .isEqualTo("every 11 s: a refresh takes about 566 ms (the program's snapshot 128 ms, reading it 438 ms)");
    }
}
