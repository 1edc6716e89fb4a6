package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.IntPredicate;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

class CallTreeRowTest {

    private static CallTreeRow rootOf(Snapshot s, int thread) {
        return CallTreeRow.root(s.threads().get(thread).root(), new ChildOrder(s.methods(), TestSnapshots.TOTAL));
    }

    @Test
    void childrenAreSortedByTotalTimeLargestFirst() {
        Snapshot s = TestSnapshots.wide(5);
        CallTreeRow first = rootOf(s, 0).child(0);

        assertThat(first.childCount()).isEqualTo(5);
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            CallTreeRow row = first.child(i);
            assertThat(row.value(TestSnapshots.TOTAL)).isLessThanOrEqualTo(previous);
            assertThat(row.index()).isEqualTo(i);
            assertThat(row.parent()).isSameAs(first);
            previous = row.value(TestSnapshots.TOTAL);
        }
        assertThat(first.readsFile()).isFalse();
    }

    @Test
    void equalValuesComeBySignature() {
        Snapshot s = TestSnapshots.wide(12); // each of the root's children has total 78: the same
        CallTreeRow root = rootOf(s, 0);

        // m0, m1, m10, m11, m2, ...: by the signature's text
        assertThat(root.child(0).methodId()).isEqualTo(0);
        assertThat(root.child(1).methodId()).isEqualTo(1);
        assertThat(root.child(2).methodId()).isEqualTo(10);
        assertThat(root.child(4).methodId()).isEqualTo(2);
    }

    @Test
    void aMillionNodeTreeMakesRowsOnlyForWhatIsExpanded() {
        Snapshot s = TestSnapshots.wide(1000); // 1,001,001 nodes
        CallTreeRow root = rootOf(s, 0);

        CallTreeRow first = root.child(0);

        assertThat(root.childrenMade()).isTrue();
        assertThat(root.childCount()).isEqualTo(1000);
        // Whether a row has children is known without making their rows: only asking for one does.
        assertThat(first.isLeaf()).isFalse();
        assertThat(first.childrenMade()).isFalse();
        assertThat(root.child(999).childrenMade()).isFalse();
    }

    @Test
    void pathsLeadFromTheRootAndAMethodPathFindsTheSameRowInAnotherTree() {
        Snapshot s = TestSnapshots.shop();
        CallTreeRow root = rootOf(s, 0);
        CallTreeRow handle = root.child(0).child(0);

        assertThat(handle.path()).containsExactly(root, handle.parent(), handle);
        int[] ids = handle.methodPath();
        assertThat(ids).containsExactly(handle.parent().methodId(), handle.methodId());
        // the same session's next snapshot: other nodes and rows, the same call path
        CallTreeRow later = rootOf(TestSnapshots.shop(), 0);
        assertThat(later.at(ids).methodId()).isEqualTo(handle.methodId());
        assertThat(later.at(new int[] {ids[0], 12345})).isNull();
    }

    @Test
    void findGoesDepthFirstLargestFirstAndRoundAgain() throws Exception {
        Snapshot s = TestSnapshots.shop();
        SnapshotSource source = SnapshotSource.of(s);
        SelectedThreads all = source.select(source.threadChoices().get(0));
        IntPredicate parse = id -> MethodNames.matching("jsonparser.parse").test(s.methods().get(id));

        int[] first = all.find(null, parse);
        assertThat(names(s, all.rows().at(first))).isEqualTo("Thread.run() > RequestHandler.handle(Request) > JsonParser.parse(String)");
        int[] second = all.find(first, parse);
        assertThat(names(s, all.rows().at(second)))
                .isEqualTo("Main.main(String[]) > RequestHandler.handle(Request) > JsonParser.parse(String)");
        assertThat(all.find(second, parse)).isEqualTo(first);
        assertThat(all.find(null, id -> false)).isNull();
        // the only match, searched after itself, is found again
        int[] main = all.find(null, id -> s.methods().get(id).name().equals("main"));
        assertThat(all.find(main, id -> s.methods().get(id).name().equals("main"))).isEqualTo(main);
    }

    private static String names(Snapshot s, CallTreeRow row) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (CallTreeRow r : row.path()) if (!r.isRoot()) names.add(MethodNames.shortSignature(s.methods().get(r.methodId())));
        return String.join(" > ", names);
    }

    @Test
    void theHotPathOpensDownToTheFirstRowUnderATenthOfTheWhole() throws Exception {
        Snapshot s = TestSnapshots.shop();
        SnapshotSource source = SnapshotSource.of(s);
        SelectedThreads all = source.select(source.threadChoices().get(0));

        // Thread.run (72.7 %) > handle (72.7 %) > findByCustomer (45.4 %) > Order.<init> (12.1 %): open down to it
        assertThat(all.hotPath()).extracting(r -> s.methods().get(r.methodId()).name())
                .containsExactly("run", "handle", "findByCustomer");
        assertThat(all.hotPath()).allMatch(CallTreeRow::childrenMade);
        assertThat(all.rows().hotPath(TestSnapshots.TOTAL, all.whole() * 100)).as("nothing is a tenth of this").isEmpty();
    }
}
