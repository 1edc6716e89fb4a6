package org.candor.agent.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The wait between checkpoints: their cost times {@link Checkpoints#COST_SHARE}, at least the period asked for. */
class CheckpointPaceTest {

    private static final long MS = 1_000_000;

    @Test
    void aCheapCheckpointComesEveryPeriodAskedFor() {
        assertThat(Checkpoints.nextPeriod(1000, 5 * MS, 0, false)).isEqualTo(1000);
    }

    @Test
    void aCostlyWholeCheckpointThatCannotBeContinuedWaitsItsShare() {
        // trees the source could not continue (a reset, a folded thread, or no continuations at all): every
        // checkpoint whole, 63 ms of CPU each on 300,000 sampled nodes, must not come every second
        assertThat(Checkpoints.nextPeriod(1000, 63 * MS, 0, false)).isEqualTo(63 * Checkpoints.COST_SHARE);
        // continuations measured earlier, refused now: the whole ones' cost, not theirs
        assertThat(Checkpoints.nextPeriod(1000, 63 * MS, 4 * MS, false)).isEqualTo(63 * Checkpoints.COST_SHARE);
    }

    @Test
    void theFirstContinuationsComeAtThePeriodAskedForUntilOneIsMeasured() {
        assertThat(Checkpoints.nextPeriod(200, 450 * MS, 0, true)).isEqualTo(200);
    }

    @Test
    void measuredContinuationsSetThePaceEvenAfterAWholeOne() {
        assertThat(Checkpoints.nextPeriod(1000, 450 * MS, 32 * MS, true)).isEqualTo(32 * Checkpoints.COST_SHARE);
        assertThat(Checkpoints.nextPeriod(1000, 30 * MS, 12 * MS, true)).isEqualTo(1000);
    }
}
