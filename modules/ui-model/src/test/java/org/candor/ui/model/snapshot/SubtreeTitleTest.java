package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.analysis.ChildOrder;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

class SubtreeTitleTest {

    /** The row of Deep.visit{depth-1}: the bottom of the path. */
    private static CallTreeRow bottom(Snapshot s) {
        CallTreeRow r = CallTreeRow.root(s.threads().get(0).root(), new ChildOrder(s.methods(), TestSnapshots.TOTAL));
        while (!r.isLeaf()) r = r.child(0);  // visit_i comes before its sibling leaf: it is larger
        return r;
    }

    @Test
    void aShortPathIsNamedWhole() {
        Snapshot s = TestSnapshots.deep(3);
        assertThat(SubtreeTitle.of(bottom(s), s.methods()))
                .isEqualTo("Subtree of Deep.visit0() \u203a Deep.visit1() \u203a Deep.visit2()  (depth 3)");
    }

    @Test
    void aDeepPathKeepsItsFirstAndLastCallsAndSaysHowManyItLeftOut() {
        Snapshot s = TestSnapshots.deep(200);
        CallTreeRow row = bottom(s);
        assertThat(SubtreeTitle.of(row, s.methods())).isEqualTo("Subtree of Deep.visit0() \u203a \u2026 196 calls \u2026"
                + " \u203a Deep.visit197() \u203a Deep.visit198() \u203a Deep.visit199()  (depth 200)");
        assertThat(SubtreeTitle.path(row, s.methods())).hasSize(200).startsWith("Deep.visit0()").endsWith("Deep.visit199()");
    }
}
