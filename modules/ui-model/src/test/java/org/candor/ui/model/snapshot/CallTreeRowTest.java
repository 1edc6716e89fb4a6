package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

class CallTreeRowTest {

    @Test
    void childrenAreSortedByTotalTimeLargestFirst() {
        Snapshot s = TestSnapshots.wide(5);
        CallTreeRow root = CallTreeRow.root(s.threads().get(0).root(), TestSnapshots.TOTAL);
        CallTreeRow first = root.child(0);

        assertThat(first.childCount()).isEqualTo(5);
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            CallTreeRow row = first.child(i);
            assertThat(row.node().value(TestSnapshots.TOTAL)).isLessThanOrEqualTo(previous);
            assertThat(row.index()).isEqualTo(i);
            assertThat(row.parent()).isSameAs(first);
            previous = row.node().value(TestSnapshots.TOTAL);
        }
    }

    @Test
    void aMillionNodeTreeMakesRowsOnlyForWhatIsExpanded() {
        Snapshot s = TestSnapshots.wide(1000); // 1,001,001 nodes
        CallTreeRow root = CallTreeRow.root(s.threads().get(0).root(), TestSnapshots.TOTAL);

        CallTreeRow first = root.child(0);

        assertThat(root.childrenMade()).isTrue();
        assertThat(root.childCount()).isEqualTo(1000);
        // Counting children does not make their rows: only asking for one does.
        assertThat(first.childCount()).isEqualTo(1000);
        assertThat(first.childrenMade()).isFalse();
        assertThat(root.child(999).childrenMade()).isFalse();
    }

    @Test
    void pathsLeadFromTheRootAndAMethodPathFindsTheSameRowInAnotherTree() {
        Snapshot s = TestSnapshots.shop();
        CallTreeRow root = CallTreeRow.root(s.threads().get(0).root(), TestSnapshots.TOTAL);
        CallTreeRow handle = root.child(0).child(0);

        assertThat(handle.path()).containsExactly(root, handle.parent(), handle);
        int[] ids = handle.methodPath();
        assertThat(ids).containsExactly(handle.parent().node().methodId(), handle.node().methodId());
        // the same session's next snapshot: other nodes and rows, the same call path
        CallTreeRow later = CallTreeRow.root(TestSnapshots.shop().threads().get(0).root(), TestSnapshots.TOTAL);
        assertThat(later.at(ids).node().methodId()).isEqualTo(handle.node().methodId());
        assertThat(later.at(new int[] {ids[0], 12345})).isNull();
    }

    @Test
    void findGoesDepthFirstLargestFirstAndRoundAgain() {
        Snapshot s = TestSnapshots.shop();
        SelectedThreads all = SelectedThreads.of(s, ThreadChoice.of(s).get(0));
        CallTreeRow root = CallTreeRow.root(all.tree(), TestSnapshots.TOTAL);
        java.util.function.Predicate<org.candor.core.model.CallNode> parse =
                n -> MethodNames.matching("jsonparser.parse").test(s.methods().get(n.methodId()));

        CallTreeRow first = TreeSearch.next(root, null, parse);
        assertThat(names(s, first)).isEqualTo("Thread.run() > RequestHandler.handle(Request) > JsonParser.parse(String)");
        CallTreeRow second = TreeSearch.next(root, first, parse);
        assertThat(names(s, second)).isEqualTo("Main.main(String[]) > RequestHandler.handle(Request) > JsonParser.parse(String)");
        assertThat(TreeSearch.next(root, second, parse)).isSameAs(first);
        assertThat(TreeSearch.next(root, null, n -> false)).isNull();
    }

    private static String names(Snapshot s, CallTreeRow row) {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (CallTreeRow r : row.path()) if (!r.node().isRoot()) names.add(MethodNames.shortSignature(s.methods().get(r.node().methodId())));
        return String.join(" > ", names);
    }

    @Test
    void theHotPathOpensDownToTheFirstRowUnderATenthOfTheWhole() {
        Snapshot s = TestSnapshots.shop();
        SelectedThreads all = SelectedThreads.of(s, ThreadChoice.of(s).get(0));
        CallTreeRow root = CallTreeRow.root(all.tree(), TestSnapshots.TOTAL);

        // Thread.run (72.7 %) > handle (72.7 %) > findByCustomer (45.4 %) > Order.<init> (12.1 %): open down to it
        assertThat(root.hotPath(TestSnapshots.TOTAL, all.whole())).extracting(r -> s.methods().get(r.node().methodId()).name())
                .containsExactly("run", "handle", "findByCustomer");
        assertThat(root.hotPath(TestSnapshots.TOTAL, all.whole() * 100)).as("nothing is a tenth of this").isEmpty();
    }
}
