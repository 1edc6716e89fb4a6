package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.candor.core.testing.CallNodes.node;

import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.junit.jupiter.api.Test;

class SnapshotComparisonTest {

    /** main -> handle (total, self) -> parse; the ids differ between the files on purpose. */
    private static Snapshot run(boolean parseFirst, long handleTotal, long handleSelf, long parse, boolean withCache) {
        Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), new MethodTable());
        int p = parseFirst ? s.methods().add("A", "parse", "()V").id() : -1;
        int main = s.methods().add("A", "main", "()V").id();
        int handle = s.methods().add("A", "handle", "()V").id();
        if (!parseFirst) p = s.methods().add("A", "parse", "()V").id();
        CallNode root = new CallNode(null, CallNode.ROOT, 3);
        CallNode m = node(root, main, 1, handleTotal + 10, 10);
        CallNode h = node(m, handle, 5, handleTotal, handleSelf);
        node(h, p, 50, parse, parse);
        if (withCache) node(h, s.methods().add("A", "cache", "()V").id(), 7, 0, 0);
        s.addThread(new ThreadProfile(1, "main", root));
        return s;
    }

    @Test
    void methodsMatchBySignatureAndTheLargestChangeComesFirst() throws Exception {
        Snapshot a = run(true, 300, 100, 200, false);
        Snapshot b = run(false, 500, 100, 400, false);
        List<SnapshotComparison.Row> rows = SnapshotComparison.of(a, b, "self_time").flat();
        assertThat(rows).extracting(r -> r.method().name()).containsExactly("parse", "handle", "main");
        SnapshotComparison.Row parse = rows.get(0);
        assertThat(parse.a()).isEqualTo(200);
        assertThat(parse.b()).isEqualTo(400);
        assertThat(parse.delta()).isEqualTo(200);
        assertThat(parse.deltaFraction()).isEqualTo(1.0);
        assertThat(rows.get(1).delta()).isZero();
    }

    @Test
    void aMethodOnlyOneSideHasShowsZeroOnTheOther() throws Exception {
        Snapshot a = run(true, 300, 100, 200, false);
        Snapshot b = run(true, 300, 100, 200, true);
        List<SnapshotComparison.Row> rows = SnapshotComparison.of(a, b, "calls").flat();
        SnapshotComparison.Row cache = rows.get(0);
        assertThat(cache.method().name()).isEqualTo("cache");
        assertThat(cache.a()).isZero();
        assertThat(cache.b()).isEqualTo(7);
        assertThat(cache.deltaFraction()).isNaN();
    }

    @Test
    void theDiffTreeMergesCallPathsWithBothFigures() throws Exception {
        Snapshot a = run(true, 300, 100, 200, false);
        Snapshot b = run(false, 500, 100, 400, true);
        // a second thread in B with the same path: merged into it
        Snapshot one = run(false, 40, 40, 0, false);
        b.addThread(new ThreadProfile(2, "worker", one.threads().get(0).root()));
        SnapshotComparison c = SnapshotComparison.of(a, b, "total_time");
        SnapshotComparison.Branch root = c.root();
        assertThat(root.a()).isEqualTo(310);
        assertThat(root.b()).isEqualTo(510 + 50);
        SnapshotComparison.Branch main = only(c.children(root));
        assertThat(c.methods().get(main.methodId()).name()).isEqualTo("main");
        assertThat(new long[] {main.a(), main.b()}).containsExactly(310, 560);
        SnapshotComparison.Branch handle = only(c.children(main));
        List<SnapshotComparison.Branch> below = c.children(handle);
        assertThat(below).extracting(x -> c.methods().get(x.methodId()).name()).containsExactly("parse", "cache");
        SnapshotComparison.Branch parse = below.get(0);
        assertThat(new long[] {parse.a(), parse.b()}).containsExactly(200, 400);
        SnapshotComparison.Branch cache = below.get(1);
        assertThat(new long[] {cache.a(), cache.b()}).as("a path only B has").containsExactly(0, 0);
        assertThat(parse.hasChildren()).isFalse();
        assertThat(c.children(parse)).isEmpty();
    }

    @Test
    void otherFiguresAreCarriedAlongInRowsAndPaths() throws Exception {
        Snapshot a = run(true, 300, 100, 200, false);
        Snapshot b = run(false, 500, 100, 400, false);
        SnapshotComparison c = new SnapshotComparison(SnapshotFile.of(a), SnapshotFile.of(b),
                List.of("self_time", "total_time", "calls"));
        assertThat(c.metrics()).extracting(m -> m.key()).containsExactly("self_time", "total_time", "calls");
        SnapshotComparison.Row handle = c.flat().get(1);
        assertThat(handle.method().name()).isEqualTo("handle");
        assertThat(new long[] {handle.a(0), handle.b(0), handle.a(1), handle.b(1), handle.a(2), handle.b(2)})
                .containsExactly(100, 100, 300, 500, 5, 5);
        SnapshotComparison.Branch main = only(c.children(c.root()));
        SnapshotComparison.Branch h = only(c.children(main));
        assertThat(new long[] {h.a(), h.b(), h.a(1), h.b(1), h.a(2), h.b(2)}).containsExactly(100, 100, 300, 500, 5, 5);
    }

    @Test
    void snapshotsWithoutThreadsCompareAsZeros() throws Exception {
        Snapshot a = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), new MethodTable());
        Snapshot b = run(true, 300, 100, 200, false);
        SnapshotComparison c = SnapshotComparison.of(a, b, "total_time");
        assertThat(c.root().a()).isZero();
        assertThat(c.root().b()).isEqualTo(310);
        assertThat(c.children(c.root())).hasSize(1);
        assertThat(c.flat()).allMatch(r -> r.a() == 0);
    }

    @Test
    void againstASnapshotWithoutDescriptorsMethodsMatchByNameTheirOverloadsSummed() throws Exception {
        // A as recorded: parse has two overloads; B as imported collapsed stacks name it: no descriptors
        Snapshot a = run(true, 300, 100, 200, false);
        int overload = a.methods().add("A", "parse", "(I)V").id();
        node(a.threads().get(0).root().children().get(0), overload, 3, 30, 30);
        Snapshot b = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), new MethodTable());
        int main = b.methods().add("A", "main", "").id();
        int parse = b.methods().add("A", "parse", "").id();
        CallNode root = new CallNode(null, CallNode.ROOT, 3);
        node(node(root, main, 1, 260, 10), parse, 1, 250, 250);
        b.addThread(new ThreadProfile(1, "main", root));

        SnapshotComparison c = SnapshotComparison.of(a, b, "self_time");
        List<SnapshotComparison.Row> rows = c.flat();
        SnapshotComparison.Row p = rows.stream().filter(r -> r.method().name().equals("parse")).findFirst().get();
        assertThat(new long[] {p.a(), p.b()}).as("both overloads of A against B's one").containsExactly(230, 250);
        assertThat(p.method().descriptor()).isEmpty();
        assertThat(rows).as("no method both removed and new").extracting(r -> r.method().name())
                .containsExactly("handle", "parse", "main");
        SnapshotComparison.Branch mainBranch = only(c.children(c.root()));
        assertThat(new long[] {mainBranch.a(), mainBranch.b()}).containsExactly(10, 10);
        assertThat(c.children(mainBranch)).extracting(x -> c.methods().get(x.methodId()).name())
                .containsExactly("parse", "handle");
    }

    private static SnapshotComparison.Branch only(List<SnapshotComparison.Branch> branches) {
        assertThat(branches).hasSize(1);
        return branches.get(0);
    }

    @Test
    void aFigureOneSnapshotLacksIsOneClearError() {
        Snapshot a = run(true, 300, 100, 200, false);
        Snapshot sampled = new Snapshot(new SnapshotInfo(), Snapshot.samplingMetrics(false), new MethodTable());
        assertThatThrownBy(() -> SnapshotComparison.of(a, sampled, "calls"))
                .hasMessage("the second snapshot has no 'calls' to compare (it has total_time, self_time, samples,"
                        + " self_samples)");
    }
}
