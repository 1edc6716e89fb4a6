package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

/**
 * The walk over trees read in place visits exactly what a walk over the same trees in memory visits: the same
 * nodes (merged the same way), in the same order, with the same values, however the file stores them.
 */
class TreeWalkTest {

    /** Random trees whose methods share qualified names by pairs (overloads), over three threads. */
    private static Snapshot snapshot() {
        Snapshot random = TestSnapshots.random(3, 30_000, 17);
        MethodTable overloads = new MethodTable();
        for (MethodInfo m : random.methods().all()) overloads.add(m.className(), "m" + m.id() / 2, m.id() % 2 == 0 ? "()V" : "(I)V");
        Snapshot s = new Snapshot(random.info(), random.metrics(), overloads);
        random.threads().forEach(s::addThread);
        return s;
    }

    /** "depth method values" per node, the start left out, from a walk in memory. */
    private static List<String> expected(CallNode root, Comparator<CallNode> order, int metricCount) {
        List<String> lines = new ArrayList<>();
        CallTrees.walk(root, order, (node, depth) -> {
            if (depth > 0) lines.add(line(depth, node.methodId(), k -> node.value(k), metricCount));
            return true;
        });
        return lines;
    }

    private interface Values {
        long get(int k) throws IOException;
    }

    private static String line(int depth, int method, Values values, int metricCount) {
        StringBuilder s = new StringBuilder().append(depth).append(' ').append(method);
        try {
            for (int k = 0; k < metricCount; k++) s.append(' ').append(values.get(k));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return s.toString();
    }

    private static List<String> walked(TreeWalk walk, int metricCount) throws IOException {
        List<String> lines = new ArrayList<>();
        walk.walk((node, depth) -> {
            if (depth > 0) lines.add(line(depth, node.method(), node::value, metricCount));
            return true;
        });
        return lines;
    }

    @Test
    void threadsMergedByFrameComeInFrameNameOrderWithSummedValues() throws Exception {
        Snapshot s = snapshot();
        int[] frameIds = CallTrees.frameIds(s.methods());
        List<CallNode> roots = new ArrayList<>();
        for (ThreadProfile t : s.threads()) roots.add(t.root());
        CallNode merged = CallTrees.merge(roots, 3, frameIds);
        List<String> expected = expected(merged, Comparator.comparing((CallNode n) -> s.methods().get(n.methodId()).qualifiedName()), 3);

        try (SnapshotFile f = SnapshotFile.of(s)) {
            TreeWalk walk = new TreeWalk(f, f.threads(), frameIds, MethodRanks.byQualifiedName(f.methods()), new int[] {2}, -1);
            assertThat(walked(walk, 3)).isEqualTo(expected);
        }
    }

    @Test
    void oneThreadByValueComesHighestFirstWithTiesBySignature() throws Exception {
        Snapshot s = snapshot();
        int[] rank = MethodRanks.bySignature(s.methods());
        for (int value : new int[] {0, 1, 2}) {
            Comparator<CallNode> order = Comparator.comparingLong((CallNode n) -> -n.value(value))
                    .thenComparingInt(n -> rank[n.methodId()]);
            List<String> expected = expected(s.threads().get(1).root(), order, 3);
            try (SnapshotFile f = SnapshotFile.of(s)) {
                TreeWalk walk = new TreeWalk(f, List.of(f.threads().get(1)), null, rank, new int[] {value}, 0);
                assertThat(walked(walk, 3)).as("by metric %d", value).isEqualTo(expected);
            }
        }
    }

    @Test
    void admittingOnlyChildrenAboveAMinimumSkipsTheRestAndTheirSubtrees() throws Exception {
        Snapshot s = snapshot();
        long min = 30_000_000;
        int[] rank = MethodRanks.bySignature(s.methods());
        List<String> expected = new ArrayList<>();
        CallTrees.walk(s.threads().get(0).root(), Comparator.comparingLong((CallNode n) -> -n.value(1))
                .thenComparingInt(n -> rank[n.methodId()]), (node, depth) -> {
                    if (depth == 0) return true;
                    if (node.value(1) < min) return false;
                    expected.add(line(depth, node.methodId(), node::value, 3));
                    return true;
                });
        try (SnapshotFile f = SnapshotFile.of(s)) {
            TreeWalk walk = new TreeWalk(f, List.of(f.threads().get(0)), null, rank, new int[] {1}, 0).admitOnly(0, min);
            List<String> lines = walked(walk, 3);
            assertThat(lines).isEqualTo(expected).isNotEmpty();
            assertThat(lines.size()).isLessThan(s.threads().get(0).root().subtreeSize() / 2);
        }
    }

    @Test
    void aMergedSubtreeIsCountedAsTheMergedTreeHasIt() throws Exception {
        Snapshot s = snapshot();
        List<CallNode> roots = new ArrayList<>();
        for (ThreadProfile t : s.threads()) roots.add(t.root());
        CallNode merged = CallTrees.merge(roots, 3, null);
        int[] rank = MethodRanks.bySignature(s.methods());
        try (SnapshotFile f = SnapshotFile.of(s)) {
            TreeWalk walk = new TreeWalk(f, f.threads(), TreeWalk.byMethod(f.methods().size()), rank, new int[] {1}, 0);
            List<long[]> counted = new ArrayList<>();
            walk.walk((node, depth) -> {
                if (depth == 1) counted.add(new long[] {node.method(), walk.countSubtree(node)});
                return depth == 0;
            });
            assertThat(counted).hasSize(merged.children().size());
            for (long[] c : counted) assertThat(c[1]).isEqualTo(merged.child((int) c[0]).subtreeSize());
        }
    }

    @Test
    void threadsOfAFileAreWalkedByTheirIndexInTheWalk() throws Exception {
        Snapshot s = TestSnapshots.shop();
        try (SnapshotFile f = SnapshotFile.of(s)) {
            List<ThreadTree> two = List.of(f.threads().get(1), f.threads().get(0));
            TreeWalk walk = new TreeWalk(f, two, TreeWalk.byMethod(f.methods().size()), MethodRanks.bySignature(f.methods()), new int[] {1}, 0);
            List<Integer> threadsOfTotal = new ArrayList<>();
            walk.walk((node, depth) -> {
                if (depth == 1 && f.methods().get(node.method()).name().equals("walk")) {
                    for (int i = 0; i < node.sourceCount(); i++) threadsOfTotal.add(node.sourceThread(i));
                }
                return true;
            });
            assertThat(threadsOfTotal).containsExactly(0); // worker-1, the first thread of this walk
        }
    }
}
