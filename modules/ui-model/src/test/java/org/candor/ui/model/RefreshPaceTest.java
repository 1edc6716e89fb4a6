package org.candor.ui.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RefreshPaceTest {

    @Test
    void aboutOnceASecondUntilSnapshotsCostMoreThanATwentieth() {
        assertThat(RefreshPace.periodMillis(3_000_000)).as("a small tree: 3 ms").isEqualTo(1000);
        assertThat(RefreshPace.periodMillis(50_000_000)).as("50 ms is a twentieth of a second").isEqualTo(1000);
        assertThat(RefreshPace.periodMillis(128_000_000)).as("750,000 nodes").isEqualTo(2560);
        assertThat(RefreshPace.periodMillis(10_000_000_000L)).isEqualTo(RefreshPace.SLOWEST_MILLIS);
        assertThat(RefreshPace.periodMillis(-1)).isEqualTo(1000);
    }

    @Test
    void theSlowerPaceSaysWhy() {
        assertThat(RefreshPace.describe(1000, 3_000_000)).isEqualTo("every 1 s");
        assertThat(RefreshPace.describe(2560, 128_000_000)).isEqualTo("every 3 s: a snapshot costs this program about 128 ms");
    }
}
