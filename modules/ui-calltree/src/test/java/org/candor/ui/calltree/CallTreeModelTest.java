package org.candor.ui.calltree;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

class CallTreeModelTest {

    @Test
    void childrenAreSortedByTotalTimeLargestFirst() {
        Snapshot s = TestSnapshots.wide(5);
        CallTreeModel model = new CallTreeModel(s.threads().get(0).root(), TestSnapshots.TOTAL);
        CallTreeRow first = model.getChild(model.getRoot(), 0);

        assertThat(model.getChildCount(first)).isEqualTo(5);
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            CallTreeRow row = model.getChild(first, i);
            assertThat(row.node().value(TestSnapshots.TOTAL)).isLessThanOrEqualTo(previous);
            assertThat(model.getIndexOfChild(first, row)).isEqualTo(i);
            previous = row.node().value(TestSnapshots.TOTAL);
        }
    }

    @Test
    void aMillionNodeTreeMakesRowsOnlyForWhatIsExpanded() {
        Snapshot s = TestSnapshots.wide(1000); // 1,001,001 nodes
        CallTreeModel model = new CallTreeModel(s.threads().get(0).root(), TestSnapshots.TOTAL);

        CallTreeRow first = model.getChild(model.getRoot(), 0);

        assertThat(model.getRoot().childrenMade()).isTrue();
        assertThat(model.getChildCount(model.getRoot())).isEqualTo(1000);
        // Counting children does not make their rows: only asking for one does.
        assertThat(model.getChildCount(first)).isEqualTo(1000);
        assertThat(first.childrenMade()).isFalse();
        assertThat(model.getChild(model.getRoot(), 999).childrenMade()).isFalse();
    }

    @Test
    void pathsLeadFromTheRoot() {
        Snapshot s = TestSnapshots.shop();
        CallTreeModel model = new CallTreeModel(s.threads().get(0).root(), TestSnapshots.TOTAL);
        CallTreeRow handle = model.getChild(model.getChild(model.getRoot(), 0), 0);

        assertThat(CallTreeModel.pathTo(handle).getPath()).containsExactly(model.getRoot(), handle.parent(), handle);
    }
}
