package org.candor.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Categories, the minimum rule and the per-thread corrections of runtime calibration. */
class CalibrationTest {

    private static final int I = MethodKinds.INTERPRETED;
    private static final int J = MethodKinds.COMPILED;
    /** The probes never meet native methods: categories owned by them are this test's own. */
    private static final int N = MethodKinds.NATIVE;

    @Test
    void everyCategoryHasItsOwnNameAndOwner() {
        Set<String> names = new HashSet<>();
        for (int prev = Calibration.ENTRY; prev <= Calibration.EXIT; prev++) {
            for (int from = 0; from < MethodKinds.COUNT; from++) {
                for (int owner = 0; owner < MethodKinds.COUNT; owner++) {
                    for (int ev = Calibration.ENTRY; ev <= Calibration.EXIT; ev++) {
                        for (int to = 0; to < MethodKinds.COUNT; to++) {
                            int c = Calibration.category(prev, from, owner, ev, to);
                            assertThat(c).isBetween(0, Calibration.CATEGORIES - 1);
                            assertThat(Calibration.previousEvent(c)).isEqualTo(prev);
                            assertThat(Calibration.fromKind(c)).isEqualTo(from);
                            assertThat(Calibration.ownerKind(c)).isEqualTo(owner);
                            assertThat(Calibration.event(c)).isEqualTo(ev);
                            assertThat(Calibration.toKind(c)).isEqualTo(to);
                            assertThat(names.add(Calibration.categoryName(c))).isTrue();
                        }
                    }
                }
            }
        }
        assertThat(names).hasSize(Calibration.CATEGORIES);
        assertThat(Calibration.categoryName(Calibration.category(Calibration.ENTRY, I, J, Calibration.EXIT, I)))
                .isEqualTo("int-En-jit-Ex-int");
    }

    @Test
    void aCategoryIsCorrectedByItsMinimumOnlyOnceItWasSeenOften() {
        int c = Calibration.category(Calibration.EXIT, N, N, Calibration.EXIT, N);
        for (int i = 0; i < Calibration.CONFIDENT; i++) {
            assertThat(Calibration.correct(c, N, 40 + i, true)).isZero();
        }
        // the minimum was overhead, up to the owner's cap (another test may have set a smaller owner minimum)
        long expected = Math.min(40, Calibration.OWNER_MIN[N] * Calibration.OWNER_CAP_FACTOR);
        assertThat(Calibration.correct(c, N, 40, true)).isEqualTo(expected);
        assertThat(Calibration.correct(c, N, 1000, true)).isEqualTo(expected);
        assertThat(Calibration.correct(c, N, 1000, false)).isEqualTo(expected);
        assertThat(Calibration.currentCorrection(c)).isEqualTo(expected);
    }

    @Test
    void aMinimumFarAboveTheOwnersOthersIsProgramWorkAndCapped() {
        int small = Calibration.category(Calibration.ENTRY, N, N, Calibration.ENTRY, I);
        int large = Calibration.category(Calibration.ENTRY, N, N, Calibration.ENTRY, J);
        for (int i = 0; i <= Calibration.CONFIDENT; i++) Calibration.correct(small, N, 10, true);
        for (int i = 0; i <= Calibration.CONFIDENT; i++) Calibration.correct(large, N, 500, true);
        long cap = Calibration.OWNER_MIN[N] * Calibration.OWNER_CAP_FACTOR;
        assertThat(cap).isLessThan(500);
        assertThat(Calibration.correct(large, N, 800, true)).isEqualTo(cap);
    }

    @Test
    void histogramBucketsBoundTheirValues() {
        long previous = -1;
        for (int b = 0; b < 240; b++) {
            if (b >= 4 && b < 8) continue;  // unused: values below 4 have a bucket each, 4 starts at 8
            long low = SectionHistogram.lowerBound(b);
            assertThat(low).isGreaterThan(previous);
            assertThat(SectionHistogram.bucket(low)).isEqualTo(b);
            previous = low;
        }
        for (long v : new long[] {0, 1, 3, 4, 5, 7, 8, 100, 12_345, 1L << 40}) {
            int b = SectionHistogram.bucket(v);
            assertThat(SectionHistogram.lowerBound(b)).isLessThanOrEqualTo(v);
            if (b + 1 < SectionHistogram.BUCKETS && v > 3) {
                assertThat(SectionHistogram.lowerBound(b + 1)).isGreaterThan(v);
            }
        }
    }

    @Test
    void aNodesCorrectionCoversItsChildrensProbesAndNeverExceedsItsTime() {
        ProbeLimits.set(1_000, 100, 10);
        NodeBudget.reset();
        try {
            ThreadState ts = new ThreadState(Thread.currentThread(), true);
            for (int round = 0; round < 200; round++) {
                ts.enter(1);
                int a = ts.depth;
                for (int k = 0; k < 5; k++) {
                    ts.enter(2);
                    ts.exit(ts.depth);
                }
                ts.exit(a);
            }
            ThreadTreeCopy c = ts.copy();
            assertThat(c.nodeMethod).containsExactly(-1, 1, 2);
            assertThat(c.nodeAdjust).isNotNull();
            for (int n = 1; n < c.nodeCount(); n++) {
                assertThat(c.nodeAdjust[n]).isBetween(0L, c.nodeSelf[n]);
            }
            // each event's processing is taken out of the section it opens: the parent's sections follow its own entry
            // and its five callees' exits (six per call), the callee's its five entries. So the callee's is 5 entries
            // against 1 entry and 5 exits of the parent's: below four times it unless an entry costs 20 exits (an
            // entry does more, several times more while the probes run interpreted, so a tighter bound is a matter of
            // timing); were the exits' taken out of the callee, it would be above five times
            assertThat(c.nodeAdjust[2]).isPositive();
            assertThat(c.nodeAdjust[1] * 4).isGreaterThan(c.nodeAdjust[2]);
            assertThat(ts.sectionCounts()).isNotNull();
        } finally {
            ProbeLimits.set(4_000_000, 100_000, 10_000);
            NodeBudget.reset();
        }
    }

    @Test
    void theLanguageOverheadIsTheInvokeOrTheReturnASectionHolds() {
        long[] saved = Calibration.floors();
        try {
            Calibration.setCallCosts(new long[][] {{40, 60}, {80, 0}});  // [caller][callee]: int, jit
            int enEn = Calibration.category(Calibration.ENTRY, I, I, Calibration.ENTRY, J);    // int invokes jit
            int exEx = Calibration.category(Calibration.EXIT, J, I, Calibration.EXIT, I);      // jit returns to int
            int exEn = Calibration.category(Calibration.EXIT, I, J, Calibration.ENTRY, I);     // return + invoke
            int enEx = Calibration.category(Calibration.ENTRY, I, I, Calibration.EXIT, I);     // neither
            assertThat(Calibration.FLOOR[enEn]).isEqualTo(30);
            assertThat(Calibration.FLOOR[exEx]).isEqualTo(30);
            assertThat(Calibration.FLOOR[exEn]).isEqualTo(40 + 40);
            assertThat(Calibration.FLOOR[enEx]).isZero();
        } finally {
            System.arraycopy(saved, 0, Calibration.FLOOR, 0, saved.length);
        }
    }
}
