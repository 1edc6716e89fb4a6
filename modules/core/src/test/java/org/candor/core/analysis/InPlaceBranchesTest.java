package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

/**
 * What a window reads of trees left in their file, checked against the same trees in memory: the children of any
 * node it has seen ({@link TreeWalk#walkFrom}), in the order {@link ChildOrder} decides for both; the whole; back
 * traces; the top of a tree for a flame graph; and a reader that can be interrupted.
 */
class InPlaceBranchesTest {

    private static final int CALLS = 0, TOTAL = 1, SELF = 2;

    private final Snapshot s = TestSnapshots.random(3, 20_000, 5);

    private CallNode merged() {
        List<CallNode> roots = new ArrayList<>();
        for (ThreadProfile t : s.threads()) roots.add(t.root());
        return CallTrees.merge(roots, 3, null);
    }

    /** "method values" of a node's children in the order given. */
    private static List<String> children(CallNode node, ChildOrder order) {
        List<CallNode> kids = new ArrayList<>(node.children());
        kids.sort(order.nodes());
        List<String> lines = new ArrayList<>();
        for (CallNode c : kids) lines.add(c.methodId() + " " + c.value(CALLS) + " " + c.value(TOTAL) + " " + c.value(SELF));
        return lines;
    }

    @Test
    void goingOnBelowANodeSeenReadsItsChildrenMergedAndOrderedAsInMemory() throws Exception {
        CallNode merged = merged();
        ChildOrder order = new ChildOrder(s.methods(), TOTAL);
        try (SnapshotFile f = SnapshotFile.of(s)) {
            // down the hottest path, each level's children read anew from the records a walk gave for its node
            int[] threads = {0, 1, 2};
            long[] offsets = new long[3];
            for (int t = 0; t < 3; t++) offsets[t] = f.threads().get(t).root();
            CallNode expected = merged;
            for (int level = 0; level < 6 && !expected.children().isEmpty(); level++) {
                List<String> lines = new ArrayList<>();
                List<int[]> firstThreads = new ArrayList<>();
                List<long[]> firstOffsets = new ArrayList<>();
                boolean[] firstHasChildren = new boolean[1];
                TreeWalk walk = order.walk(f, f.threads(), true, CALLS, SELF);
                walk.walkFrom(threads, offsets, (node, depth) -> {
                    if (depth == 0) return true;
                    lines.add(node.method() + " " + node.value(CALLS) + " " + node.value(TOTAL) + " " + node.value(SELF));
                    if (firstThreads.isEmpty()) {
                        int[] ts = new int[node.sourceCount()];
                        long[] os = new long[node.sourceCount()];
                        for (int i = 0; i < ts.length; i++) {
                            ts[i] = node.sourceThread(i);
                            os[i] = node.sourceOffset(i);
                        }
                        firstThreads.add(ts);
                        firstOffsets.add(os);
                        firstHasChildren[0] = node.hasChildren();
                    }
                    return false;
                });
                assertThat(lines).as("level %d", level).isEqualTo(children(expected, order));
                CallNode hottest = expected.children().stream().sorted(order.nodes()).findFirst().orElseThrow();
                assertThat(firstHasChildren[0]).isEqualTo(!hottest.children().isEmpty());
                expected = hottest;
                threads = firstThreads.get(0);
                offsets = firstOffsets.get(0);
            }
        }
    }

    @Test
    void theWholeOfThreadsReadInPlaceIsTheWholeOfTheirTreeInMemory() throws Exception {
        CallNode merged = merged();
        try (SnapshotFile f = SnapshotFile.of(s)) {
            for (int metric : new int[] {CALLS, TOTAL, SELF}) {
                assertThat(PercentBasis.whole(f, f.threads(), metric)).as("metric %d", metric)
                        .isEqualTo(PercentBasis.whole(merged, s.metrics(), metric));
                assertThat(PercentBasis.whole(f, List.of(f.threads().get(1)), metric))
                        .isEqualTo(PercentBasis.whole(s.threads().get(1).root(), s.metrics(), metric));
            }
        }
    }

    /** The methods of the first nodes below the first thread's root, depth first: methods that occur. */
    private List<Integer> someMethods(int n) {
        List<Integer> ids = new ArrayList<>();
        CallTrees.walk(s.threads().get(0).root(), null, (node, depth) -> {
            if (depth > 0 && ids.size() < n && !ids.contains(node.methodId())) ids.add(node.methodId());
            return ids.size() < n;
        });
        return ids;
    }

    /** "depth method values" of a tree, children by method id: the same tree whatever order it was built in. */
    private static List<String> canonical(CallNode root) {
        List<String> lines = new ArrayList<>();
        CallTrees.walk(root, java.util.Comparator.comparingInt(CallNode::methodId), (node, depth) -> {
            lines.add(depth + " " + node.methodId() + " " + node.value(CALLS) + " " + node.value(TOTAL) + " " + node.value(SELF));
            return true;
        });
        return lines;
    }

    @Test
    void backTracesReadInPlaceAreThoseOfTheTreesInMemory() throws Exception {
        try (SnapshotFile f = SnapshotFile.of(s)) {
            for (int method : someMethods(30)) {
                CallNode expected = BackTraces.of(s.threads(), method, s.metrics());
                CallNode read = BackTraces.of(f, f.threads(), method, 1_000_000);
                assertThat(canonical(read.parent())).as("method %d", method).isEqualTo(canonical(expected.parent()))
                        .hasSizeGreaterThan(2);
            }
        }
    }

    @Test
    void backTracesPastTheirLimitAreRefusedInOneLine() throws Exception {
        int deep = someMethods(12).get(11);
        try (SnapshotFile f = SnapshotFile.of(s)) {
            assertThatThrownBy(() -> BackTraces.of(f, f.threads(), deep, 5)).isInstanceOf(BackTraces.TooManyPaths.class)
                    .hasMessage("its callers make more than 5 call paths");
        }
    }

    @Test
    void theTopOfATreeKeepsThePathAndTheNodesAboveAShareOfTheNodeBelowIt() throws Exception {
        CallNode merged = merged();
        ChildOrder order = new ChildOrder(s.methods(), TOTAL);
        long whole = PercentBasis.whole(merged, s.metrics(), TOTAL);
        try (SnapshotFile f = SnapshotFile.of(s)) {
            PrunedTree all = PrunedTree.of(f, f.threads(), true, order, TOTAL, new int[0], whole, 0.01, 100_000);
            assertThat(all.cut()).isFalse();
            assertThat(lines(all.root(), order)).isEqualTo(pruned(merged, order, 0.01 * whole)).isNotEmpty();

            // zoomed into the largest subtree's largest subtree: the path down to it, then its part of the tree
            java.util.Comparator<CallNode> largest = java.util.Comparator.comparingInt(CallNode::subtreeSize);
            CallNode a = merged.children().stream().max(largest).orElseThrow();
            CallNode b = a.children().stream().max(largest).orElseThrow();
            PrunedTree zoomed = PrunedTree.of(f, f.threads(), true, order, TOTAL, new int[] {a.methodId(), b.methodId()},
                    whole, 0.05, 100_000);
            CallNode z = zoomed.root().child(a.methodId()).child(b.methodId());
            assertThat(zoomed.root().children()).hasSize(1);
            assertThat(z.value(CALLS)).isEqualTo(b.value(CALLS));
            assertThat(lines(z, order)).isEqualTo(pruned(b, order, 0.05 * b.value(TOTAL)));

            PrunedTree small = PrunedTree.of(f, f.threads(), true, order, TOTAL, new int[0], whole, 0, 10);
            assertThat(small.cut()).isTrue();
            assertThat(small.root().subtreeSize()).isEqualTo(10);
        }
    }

    private static List<String> lines(CallNode start, ChildOrder order) {
        List<String> lines = new ArrayList<>();
        CallTrees.walk(start, order.nodes(), (node, depth) -> {
            if (depth > 0) lines.add(depth + " " + node.methodId() + " " + node.value(CALLS) + " " + node.value(TOTAL));
            return true;
        });
        return lines;
    }

    private static List<String> pruned(CallNode start, ChildOrder order, double min) {
        List<String> lines = new ArrayList<>();
        CallTrees.walk(start, order.nodes(), (node, depth) -> {
            if (depth == 0) return true;
            if (node.value(TOTAL) < min) return false;
            lines.add(depth + " " + node.methodId() + " " + node.value(CALLS) + " " + node.value(TOTAL));
            return true;
        });
        return lines;
    }

    @Test
    void aWalkOrAScanStopsWhenItsThreadIsInterrupted() throws Exception {
        Snapshot big = TestSnapshots.random(1, 300_000, 9);
        try (SnapshotFile f = SnapshotFile.of(big)) {
            List<ThreadTree> threads = f.threads();
            Thread.currentThread().interrupt();
            try {
                assertThatThrownBy(() -> new ChildOrder(f.methods(), TOTAL).walk(f, threads, false).walk((n, d) -> true))
                        .isInstanceOf(InterruptedIOException.class);
                Thread.currentThread().interrupt();
                assertThatThrownBy(() -> BackTraces.of(f, threads, 1, 1_000_000)).isInstanceOf(InterruptedIOException.class);
            } finally {
                Thread.interrupted();
            }
        }
    }
}
