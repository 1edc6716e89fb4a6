package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotStreamWriterTest {

    @TempDir Path dir;

    /** A tree in arrays, as an agent holds it: parents, methods, and calls/total/self. */
    static final class ArrayTree implements NodeTable {
        final int[] parents;
        final int[] methods;
        final long[][] values;

        ArrayTree(int[] parents, int[] methods, long[][] values) {
            this.parents = parents;
            this.methods = methods;
            this.values = values;
        }

        @Override public int size() { return parents.length; }
        @Override public int parent(int node) { return parents[node]; }
        @Override public int method(int node) { return methods[node]; }
        @Override public long value(int node, int metric) { return values[node][metric]; }
    }

    private static MethodTable methods(int n) {
        MethodTable m = new MethodTable();
        for (int i = 0; i < n; i++) m.add("p.C", "m" + i, "()V");
        return m;
    }

    private List<String> listing() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    /**
     * Root, then a (method 0) with children b (1) and c (2), numbered breadth first with c before b: parents come
     * before children, but the numbering is not pre-order and the children are not in value order.
     */
    private static ArrayTree sample() {
        return new ArrayTree(new int[] {-1, 0, 1, 1}, new int[] {-1, 0, 2, 1},
                new long[][] {{1, 100, 10}, {1, 100, 10}, {2, 30, 30}, {5, 60, 60}});
    }

    @Test
    void aTreeInAnyParentFirstNumberingIsWrittenWithChildrenHighestFirst() throws Exception {
        Path target = dir.resolve("run.candor");
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.info(new SnapshotInfo().put("mode", "instrumentation"));
            w.metrics(Snapshot.instrumentationMetrics());
            w.thread(3, "main", sample(), null);
            w.methods(methods(3)); // after the trees: the writer learnt them while writing
            w.stats(Map.of("calls.dropped", 0L));
            w.commit();
        }
        assertThat(listing()).containsExactly("run.candor");
        Snapshot s = SnapshotReader.read(target);
        CallNode a = s.threads().get(0).root().children().get(0);
        assertThat(a.methodId()).isZero();
        assertThat(a.children()).extracting(CallNode::methodId).containsExactly(1, 2); // b (total 60) before c (30)
        assertThat(a.children().get(0).value(0)).isEqualTo(5);
        assertThat(s.threads().get(0).flat()).isEqualTo(TestSnapshots.flatOf(s.threads().get(0).root(), s.metrics()));
        assertThat(s.info().get("mode")).isEqualTo("instrumentation");
        assertThat(s.stat("calls.dropped")).isZero();
    }

    @Test
    void aGivenFlatTableIsWrittenAsIsNotRecomputed() throws Exception {
        Path target = dir.resolve("run.candor");
        FlatTable exact = new FlatTable() { // more calls than the tree holds: the agent counted past its budget
            @Override public int size() { return 2; }
            @Override public int method(int row) { return row == 0 ? 2 : 0; }
            @Override public long value(int row, int metric) { return (row + 1) * 1000L + metric; }
        };
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.metrics(Snapshot.instrumentationMetrics());
            w.methods(methods(3));
            w.thread(3, "main", sample(), exact);
            w.commit();
        }
        FlatProfile flat = SnapshotReader.read(target).threads().get(0).flat();
        assertThat(flat.size()).isEqualTo(2);
        assertThat(flat.method(0)).isZero(); // rows in method id order
        assertThat(flat.value(0, 1)).isEqualTo(2001);
        assertThat(flat.method(1)).isEqualTo(2);
        assertThat(flat.value(1, 2)).isEqualTo(1002);
    }

    @Test
    void aMillionLevelChainAndAMillionWideRootAreWrittenWithoutRecursion() throws Exception {
        int n = 1_000_001;
        int[] chainParents = new int[n];
        int[] wideParents = new int[n];
        int[] methods = new int[n];
        long[][] values = new long[n][];
        for (int i = 0; i < n; i++) {
            chainParents[i] = i - 1;
            wideParents[i] = i == 0 ? -1 : 0;
            methods[i] = i % 2;
            values[i] = new long[] {1, n - i, 1};
        }
        Path target = dir.resolve("big.candor");
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.metrics(Snapshot.instrumentationMetrics());
            w.methods(methods(2));
            w.thread(1, "chain", new ArrayTree(chainParents, methods, values), null);
            w.thread(2, "wide", new ArrayTree(wideParents, methods, values), null);
            w.commit();
        }
        Snapshot s = SnapshotReader.read(target);
        CallNode node = s.threads().get(0).root();
        int depth = 0;
        while (!node.children().isEmpty()) {
            node = node.children().get(0);
            depth++;
        }
        assertThat(depth).isEqualTo(n - 1);
        List<CallNode> wide = s.threads().get(1).root().children();
        assertThat(wide).hasSize(n - 1);
        for (int i = 1; i < wide.size(); i++) assertThat(wide.get(i - 1).value(1)).isGreaterThanOrEqualTo(wide.get(i).value(1));
        FlatProfile chainFlat = s.threads().get(0).flat();
        assertThat(chainFlat.value(0, 0) + chainFlat.value(1, 0)).isEqualTo(n - 1); // every call counted
        assertThat(chainFlat.value(1, 1)).isEqualTo(n - 1); // node 1, method 1: its outermost node only
        assertThat(chainFlat.value(0, 1)).isEqualTo(n - 2); // node 2, method 0
    }

    @Test
    void callsOutOfOrderAreRefused() throws Exception {
        Path target = dir.resolve("run.candor");
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            assertThatThrownBy(() -> w.thread(1, "t", sample(), null)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("the metrics come before the first thread");
            assertThatThrownBy(() -> w.metrics(Snapshot.instrumentationMetrics())).isInstanceOf(IllegalStateException.class)
                    .hasMessage("an earlier call failed; the snapshot can only be closed");
        }
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.metrics(Snapshot.instrumentationMetrics());
            assertThatThrownBy(w::commit).isInstanceOf(IllegalStateException.class).hasMessage("a snapshot needs its method table");
        }
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.info(new SnapshotInfo());
            assertThatThrownBy(() -> w.info(new SnapshotInfo())).isInstanceOf(IllegalStateException.class)
                    .hasMessage("the snapshot's info was written already");
        }
        assertThat(listing()).isEmpty();
    }

    @Test
    void aMethodIdBeyondALaterMethodTableIsRefusedWhenTheTableComes() throws Exception {
        Path target = dir.resolve("run.candor");
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.metrics(Snapshot.instrumentationMetrics());
            w.thread(9, "bad", sample(), null);
            assertThatThrownBy(() -> w.methods(methods(2))).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("thread bad (#9): a node at depth 2 refers to method 2, the method table has 2");
        }
        assertThat(listing()).isEmpty();
    }

    @Test
    void tablesThatBreakTheContractAreRefused() throws Exception {
        Path target = dir.resolve("run.candor");
        ArrayTree childFirst = new ArrayTree(new int[] {-1, 2, 0}, new int[] {-1, 0, 0}, new long[3][3]);
        ArrayTree noRoot = new ArrayTree(new int[] {0}, new int[] {0}, new long[1][3]);
        ArrayTree negative = new ArrayTree(new int[] {-1, 0}, new int[] {-1, -4}, new long[2][3]);
        FlatTable twice = new FlatTable() {
            @Override public int size() { return 2; }
            @Override public int method(int row) { return 0; }
            @Override public long value(int row, int metric) { return 0; }
        };
        for (Object[] c : new Object[][] {
                {childFirst, null, "thread t (#1): node 1 has parent 2; every node's parent must be a node that comes before it"},
                {noRoot, null, "thread t (#1): node 0 is the root, its parent must be -1"},
                {negative, null, "thread t (#1): a node at depth 1 refers to method -4, which is not a method id"},
                {sample(), twice, "thread t (#1): flat row 1 repeats method 0"}}) {
            try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
                w.metrics(Snapshot.instrumentationMetrics());
                w.methods(methods(3));
                assertThatThrownBy(() -> w.thread(1, "t", (NodeTable) c[0], (FlatTable) c[1]))
                        .isInstanceOf(IllegalArgumentException.class).hasMessage((String) c[2]);
            }
        }
        assertThat(listing()).isEmpty();
    }

    @Test
    void closingWithoutCommitKeepsThePreviousFile() throws Exception {
        Path target = dir.resolve("run.candor");
        SnapshotWriter.write(TestSnapshots.shop(), target);
        byte[] before = Files.readAllBytes(target);
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.metrics(Snapshot.instrumentationMetrics());
            w.thread(1, "t", sample(), null);
            assertThat(listing()).hasSize(2); // the target and the temporary file beside it
        }
        assertThat(Files.readAllBytes(target)).isEqualTo(before);
        assertThat(listing()).containsExactly("run.candor");
    }

    @Test
    void aModelAndTheSameTreeAsATableWriteTheSameBytes() throws Exception {
        Snapshot model = TestSnapshots.instrumentation(methods(3));
        CallNode root = TestSnapshots.root(3);
        CallNode a = TestSnapshots.node(root, 0, 1, 100, 10);
        TestSnapshots.node(a, 2, 2, 30, 30);
        TestSnapshots.node(a, 1, 5, 60, 60);
        TestSnapshots.sumIntoRoot(root);
        model.addThread(new ThreadProfile(3, "main", root));
        Path fromModel = dir.resolve("model.candor");
        SnapshotWriter.write(model, fromModel);

        Path fromTable = dir.resolve("table.candor");
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(fromTable)) {
            w.info(model.info());
            w.metrics(model.metrics());
            w.methods(model.methods());
            w.thread(3, "main", sample(), null);
            w.stats(model.stats());
            w.commit();
        }
        assertThat(Files.readAllBytes(fromTable)).isEqualTo(Files.readAllBytes(fromModel));
    }

    @Test
    void theMetricsListIsTheOneOfTheSnapshot() throws Exception {
        Path target = dir.resolve("samples.candor");
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.metrics(List.of(Metric.SELF_SAMPLES, Metric.SAMPLES)); // the sort key: the first inclusive one
            w.methods(methods(3));
            w.thread(1, "t", new ArrayTree(new int[] {-1, 0, 0}, new int[] {-1, 0, 1},
                    new long[][] {{9, 0}, {0, 2}, {0, 7}}), null);
            w.commit();
        }
        Snapshot s = SnapshotReader.read(target);
        assertThat(s.threads().get(0).root().children()).extracting(CallNode::methodId).containsExactly(1, 0);
    }
}
