package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which events measure the probe's own time, and what the others are taken to have spent. */
class ProbeTimeTest {

    @Test
    void aNewThreadMeasuresEveryEventThenOneInEveryAtRandomGaps() {
        assertThat(ProbeTime.EVERY).as("the default").isEqualTo(16);
        ThreadState ts = new ThreadState(Thread.currentThread(), false);
        for (int i = 0; i < ProbeTime.FIRST_MEASURED; i++) assertThat(ProbeTime.gap(ts)).isEqualTo(1);
        long sum = 0;
        int n = 200_000;
        int[] seen = new int[2 * ProbeTime.EVERY];
        for (int i = 0; i < n; i++) {
            int g = ProbeTime.gap(ts);
            assertThat(g).isBetween(1, 2 * ProbeTime.EVERY - 1);
            seen[g]++;
            sum += g;
        }
        assertThat((double) sum / n).isCloseTo(ProbeTime.EVERY, org.assertj.core.data.Offset.offset(0.2));
        for (int g = 1; g < seen.length; g++) assertThat(seen[g]).as("gap %d", g).isGreaterThan(n / seen.length / 2);
    }

    @Test
    void twoThreadsGapsDiffer() {
        ThreadState a = new ThreadState(Thread.currentThread(), false);
        ThreadState b = new ThreadState(new Thread(() -> { }), false);
        for (int i = 0; i < ProbeTime.FIRST_MEASURED; i++) {
            ProbeTime.gap(a);
            ProbeTime.gap(b);
        }
        int same = 0;
        for (int i = 0; i < 1000; i++) if (ProbeTime.gap(a) == ProbeTime.gap(b)) same++;
        assertThat(same).as("threads do not sample in step").isLessThan(200);
    }

    @Test
    void theAverageStartsAtTheFirstMeasurementAndFollowsTheRecentOnes() {
        long avg = ProbeTime.learn(0, 40);
        assertThat(avg >> ProbeTime.AVERAGE_SHIFT).isEqualTo(40);
        for (int i = 0; i < 200; i++) avg = ProbeTime.learn(avg, 100);
        assertThat(avg >> ProbeTime.AVERAGE_SHIFT).isBetween(98L, 100L);
        assertThat(ProbeTime.learn(avg, -5)).as("a negative measurement counts as 0").isLessThan(avg);
    }

    @Test
    void anEstimateLeavesOutTheSecondReadingAndIsNeverNegative() {
        long avg = ProbeTime.learn(0, ProbeTime.LEAVING_READ + 30);
        assertThat(ProbeTime.estimate(avg)).isEqualTo(30);
        assertThat(ProbeTime.estimate(0)).isZero();
    }
}
