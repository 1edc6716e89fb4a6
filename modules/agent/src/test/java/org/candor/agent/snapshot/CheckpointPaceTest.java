package org.candor.agent.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The wait between checkpoints: their cost times {@link Checkpoints#COST_SHARE}, at least the period asked for. */
class CheckpointPaceTest {

    private static final long MS = 1_000_000;

    @Test
    void aCheapCheckpointComesEveryPeriodAskedFor() {
        assertThat(Checkpoints.nextPeriod(1000, 5 * MS, 0)).isEqualTo(1000);
    }

    @Test
    void aCostlyWholeCheckpointWaitsItsShareWhenNoContinuationWasMeasured() {
        // sampling: the trees are never continued, so every checkpoint is whole (63 ms of CPU on 300,000 nodes)
        assertThat(Checkpoints.nextPeriod(1000, 63 * MS, 0)).isEqualTo(63 * Checkpoints.COST_SHARE);
    }

    @Test
    void measuredContinuationsSetThePaceEvenAfterAWholeOne() {
        assertThat(Checkpoints.nextPeriod(1000, 450 * MS, 32 * MS)).isEqualTo(32 * Checkpoints.COST_SHARE);
        assertThat(Checkpoints.nextPeriod(1000, 30 * MS, 12 * MS)).isEqualTo(1000);
    }
}
