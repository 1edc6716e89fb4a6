package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.candor.core.analysis.FlatProfiles;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A live view's cut trees against the whole ones, written from the same random trees. */
class TreeCutTest {

    @TempDir Path dir;

    private static final int METHODS = 500;
    private static final int CALLS = 0;
    private static final int TOTAL = 1;
    private static final int SELF = 2;

    /** Calls, total and self (instrumentation's columns), in a parent-first numbering that is not pre-order. */
    private static SnapshotStreamWriterTest.ArrayTree random(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] parents = new int[n];
        int[] methods = new int[n];
        long[][] values = new long[n][3];
        parents[0] = -1;
        methods[0] = -1;
        java.util.Set<Long> siblings = new java.util.HashSet<>();
        for (int i = 1; i < n; i++) {
            parents[i] = random.nextInt(100) < 70 ? Math.max(0, i - 1 - random.nextInt(3)) : random.nextInt(i);
            do methods[i] = random.nextInt(METHODS);
            while (!siblings.add((long) parents[i] << 32 | methods[i]));  // one node per method under a parent, as agents make
            values[i][CALLS] = 1 + random.nextInt(9);
            // a few heavy nodes, many light ones, as real trees have
            values[i][SELF] = random.nextInt(100) < 5 ? random.nextInt(1_000_000) : random.nextInt(1_000);
        }
        for (int i = 1; i < n; i++) values[i][TOTAL] += values[i][SELF];
        for (int i = n - 1; i > 0; i--) values[parents[i]][TOTAL] += values[i][TOTAL];
        return new SnapshotStreamWriterTest.ArrayTree(parents, methods, values);
    }

    private Snapshot write(NodeTable tree, TreeCut cut) throws Exception {
        Path file = dir.resolve(cut == null ? "whole.candor" : "cut.candor");
        MethodTable methods = new MethodTable();
        for (int m = 0; m < METHODS; m++) methods.add("p.C", "m" + m, "()V");
        try (SnapshotStreamWriter w = cut == null ? SnapshotStreamWriter.open(file) : SnapshotStreamWriter.openLive(file, cut)) {
            w.info(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation"));
            w.metrics(Snapshot.instrumentationMetrics());
            w.thread(1, "main", tree, null);
            if (cut != null && cut.threadsCut() > 0) methods.add(TreeCut.CUT_CLASS, TreeCut.CUT_METHOD, TreeCut.CUT_DESCRIPTOR);
            w.methods(methods);
            w.stats(cut == null ? Map.of() : cut.stats());
            w.commit();
        }
        return SnapshotReader.read(file);
    }

    private static List<CallNode> nodes(CallNode root) {
        List<CallNode> all = new ArrayList<>();
        List<CallNode> open = new ArrayList<>(List.of(root));
        while (!open.isEmpty()) {
            CallNode node = open.remove(open.size() - 1);
            all.add(node);
            open.addAll(node.children());
        }
        return all;
    }

    private static long subtreeSum(CallNode node, int metric) {
        long sum = node.value(metric);
        for (CallNode c : node.children()) sum += subtreeSum(c, metric);
        return sum;
    }

    @Test
    void aCutTreeKeepsItsHeaviestPathsWithinTheLimitAndEveryFigureAddsUp() throws Exception {
        for (long seed = 1; seed <= 5; seed++) {
            // trees smaller each time: each cut works in the arrays the one before left, longer than it needs
            int size = 22_000 - (int) seed * 2_000;
            SnapshotStreamWriterTest.ArrayTree tree = random(size, seed);
            int limit = 500 + (int) seed * 300;
            TreeCut cut = new TreeCut(limit, () -> METHODS);
            Snapshot whole = write(tree, null);
            Snapshot live = write(tree, cut);
            CallNode wholeRoot = whole.threads().get(0).root();
            CallNode liveRoot = live.threads().get(0).root();
            List<CallNode> kept = nodes(liveRoot);
            assertThat(kept.size()).as("seed %d: nodes within the limit", seed).isLessThanOrEqualTo(limit);
            assertThat(kept.size()).as("seed %d: the limit is used, not wasted", seed).isGreaterThan(limit / 4);
            assertThat(cut.pathsLeftOut()).isEqualTo(size - kept.stream().filter(c -> c.methodId() != METHODS).count());
            // the root's figures and every subtree's sums of the exclusive columns are the whole tree's
            assertThat(liveRoot.value(TOTAL)).isEqualTo(wholeRoot.value(TOTAL));
            for (int metric : new int[] {CALLS, SELF}) {
                assertThat(subtreeSum(liveRoot, metric)).as("seed %d, metric %d", seed, metric).isEqualTo(subtreeSum(wholeRoot, metric));
            }
            long lightestKept = Long.MAX_VALUE;
            long heaviestCut = 0;
            for (CallNode node : kept) {
                long childTotals = 0;
                for (CallNode c : node.children()) {
                    childTotals += c.value(TOTAL);
                    if (c.methodId() == METHODS) {
                        assertThat(c.children()).isEmpty();
                        assertThat(c.value(SELF)).as("a synthetic node's self time is its whole subtree's").isEqualTo(c.value(TOTAL));
                    } else {
                        lightestKept = Math.min(lightestKept, c.value(TOTAL));
                    }
                }
                if (node != liveRoot) {
                    assertThat(node.value(SELF) + childTotals).as("a kept node's total is its self time and its children's").isEqualTo(node.value(TOTAL));
                }
            }
            for (CallNode node : kept) {
                for (CallNode c : node.children()) if (c.methodId() == METHODS) heaviestCut = Math.max(heaviestCut, largestCutChild(wholeRoot, node, liveRoot));
            }
            assertThat(heaviestCut).as("seed %d: no path that was cut outweighs one that was kept", seed).isLessThanOrEqualTo(lightestKept);
            assertThat(flat(live)).as("seed %d: the flat profile is the whole tree's", seed).isEqualTo(flat(whole));
            assertThat(SnapshotWarnings.of(live)).anySatisfy(line -> assertThat(line)
                    .startsWith(String.format(java.util.Locale.ROOT, "live view: %,d smaller call paths of 1 thread are summed under [candor] smaller paths (live view)", cut.pathsLeftOut())));
        }
    }

    /** The heaviest child of {@code keptNode}'s counterpart in the whole tree that has no counterpart in the cut one. */
    private static long largestCutChild(CallNode wholeRoot, CallNode keptNode, CallNode liveRoot) {
        CallNode counterpart = counterpart(wholeRoot, keptNode);
        long largest = 0;
        for (CallNode c : counterpart.children()) {
            if (keptNode.child(c.methodId()) == null) largest = Math.max(largest, c.value(TOTAL));
        }
        return largest;
    }

    private static CallNode counterpart(CallNode wholeRoot, CallNode node) {
        List<Integer> path = new ArrayList<>();
        for (CallNode n = node; n.parent() != null; n = n.parent()) path.add(0, n.methodId());
        CallNode at = wholeRoot;
        for (int m : path) at = at.child(m);
        return at;
    }

    private static Map<Integer, List<Long>> flat(Snapshot s) {
        FlatProfile f = FlatProfiles.of(s.threads().get(0), s.metrics());
        Map<Integer, List<Long>> rows = new HashMap<>();
        for (int r = 0; r < f.size(); r++) rows.put(f.method(r), List.of(f.value(r, CALLS), f.value(r, TOTAL), f.value(r, SELF)));
        return rows;
    }

    @Test
    void aTreeWithinTheLimitIsWrittenWhole() throws Exception {
        SnapshotStreamWriterTest.ArrayTree tree = random(300, 9);
        TreeCut cut = new TreeCut(300, () -> METHODS);
        Snapshot live = write(tree, cut);
        assertThat(nodes(live.threads().get(0).root())).hasSize(300);
        assertThat(cut.pathsLeftOut()).isZero();
        assertThat(SnapshotWarnings.of(live)).noneSatisfy(line -> assertThat(line).startsWith("live view"));
    }

    /**
     * Live views one after another, each with two threads cut, less room each time: every cut tree lives in the arrays
     * the one before left (of this snapshot or the last), longer than it needs and full of that one's figures.
     */
    @Test
    void cutTreesInTheArraysOfTheCutsBeforeAddUp() throws Exception {
        for (int round = 0; round < 4; round++) {
            int limit = 2_000 - round * 400;
            SnapshotStreamWriterTest.ArrayTree[] trees = {random(20_000 - round * 3_000, 100 + round), random(8_000, 200 + round)};
            TreeCut cut = new TreeCut(limit, () -> METHODS);
            Snapshot whole = writeThreads(trees, null);
            Snapshot live = writeThreads(trees, cut);
            assertThat(cut.threadsCut()).isEqualTo(2);
            for (int t = 0; t < trees.length; t++) {
                CallNode wholeRoot = whole.threads().get(t).root();
                CallNode liveRoot = live.threads().get(t).root();
                assertThat(nodes(liveRoot).size()).as("round %d thread %d: within the limit", round, t).isLessThanOrEqualTo(limit);
                assertThat(liveRoot.value(TOTAL)).isEqualTo(wholeRoot.value(TOTAL));
                for (int metric : new int[] {CALLS, SELF}) {
                    assertThat(subtreeSum(liveRoot, metric)).as("round %d thread %d metric %d", round, t, metric)
                            .isEqualTo(subtreeSum(wholeRoot, metric));
                }
            }
        }
    }

    /**
     * A sampled tree's columns (total, self, samples, self samples): a cut that takes what it leaves out from the cut
     * nodes alone, as their subtree sums say ({@link NodeTable#subtreeSum}), writes the same bytes as the cut that
     * visits every node below them, in cut trees of every size.
     */
    @Test
    void aCutFromTheCutNodesSubtreeSumsWritesWhatTheCutOfEveryNodeWrites() throws Exception {
        SnapshotStreamWriterTest.ArrayTree instrumented = random(20_000, 77);
        long[][] values = new long[instrumented.size()][4];
        for (int i = 0; i < values.length; i++) {
            values[i][0] = instrumented.value(i, TOTAL);
            values[i][1] = instrumented.value(i, SELF);
            values[i][2] = instrumented.value(i, TOTAL) / 1000;
            values[i][3] = instrumented.value(i, SELF) / 1000;
        }
        // samples: self samples summed over each subtree, built bottom up from the self column alone
        for (int i = 0; i < values.length; i++) values[i][2] = values[i][3];
        for (int i = values.length - 1; i > 0; i--) values[instrumented.parents[i]][2] += values[i][2];
        SnapshotStreamWriterTest.ArrayTree visited = new SnapshotStreamWriterTest.ArrayTree(instrumented.parents, instrumented.methods, values);
        NodeTable summed = new NodeTable() {
            @Override public int size() { return visited.size(); }
            @Override public int parent(int node) { return visited.parent(node); }
            @Override public int method(int node) { return visited.method(node); }
            @Override public long value(int node, int metric) { return visited.value(node, metric); }
            @Override public int subtreeSum(int metric) { return metric == 1 ? 0 : metric == 3 ? 2 : -1; }
        };
        for (int limit : new int[] {2, 3, 50, 1_000, 19_999}) {
            byte[] byEveryNode = writeSampled(visited, new TreeCut(limit, () -> METHODS), "every");
            byte[] byCutNodes = writeSampled(summed, new TreeCut(limit, () -> METHODS), "summed");
            assertThat(byCutNodes).as("limit %d", limit).isEqualTo(byEveryNode);
        }
    }

    private byte[] writeSampled(NodeTable tree, TreeCut cut, String name) throws Exception {
        Path file = dir.resolve(name + ".candor");
        MethodTable methods = new MethodTable();
        for (int m = 0; m < METHODS; m++) methods.add("p.C", "m" + m, "()V");
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openLive(file, cut)) {
            w.info(new SnapshotInfo().put(SnapshotInfo.MODE, "sampling"));
            w.metrics(Snapshot.samplingMetrics(false));
            w.thread(1, "main", tree, null);
            if (cut.threadsCut() > 0) methods.add(TreeCut.CUT_CLASS, TreeCut.CUT_METHOD, TreeCut.CUT_DESCRIPTOR);
            w.methods(methods);
            w.stats(cut.stats());
            w.commit();
        }
        return java.nio.file.Files.readAllBytes(file);
    }

    private Snapshot writeThreads(NodeTable[] trees, TreeCut cut) throws Exception {
        Path file = dir.resolve(cut == null ? "whole.candor" : "cut.candor");
        MethodTable methods = new MethodTable();
        for (int m = 0; m < METHODS; m++) methods.add("p.C", "m" + m, "()V");
        try (SnapshotStreamWriter w = cut == null ? SnapshotStreamWriter.open(file) : SnapshotStreamWriter.openLive(file, cut)) {
            w.info(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation"));
            w.metrics(Snapshot.instrumentationMetrics());
            for (int t = 0; t < trees.length; t++) w.thread(t + 1, "t" + t, trees[t], null);
            if (cut != null && cut.threadsCut() > 0) methods.add(TreeCut.CUT_CLASS, TreeCut.CUT_METHOD, TreeCut.CUT_DESCRIPTOR);
            w.methods(methods);
            w.stats(Map.of());
            w.commit();
        }
        return SnapshotReader.read(file);
    }
}
