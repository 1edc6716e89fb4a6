package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.core.testing.TestSnapshots.node;
import static org.candor.core.testing.TestSnapshots.root;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class CallTreesTest {

    @Test
    void mergeJoinsChildrenByMethodIdAndSumsValues() {
        CallNode a = root(3);
        CallNode a1 = node(a, 0, 1, 100, 10);
        node(a1, 1, 2, 90, 90);
        node(a, 2, 1, 5, 5);
        CallNode b = root(3);
        CallNode b1 = node(b, 0, 3, 300, 30);
        node(b1, 1, 4, 200, 200);
        node(b1, 3, 1, 70, 70);

        CallNode merged = CallTrees.merge(List.of(a, b), 3, null);

        assertThat(merged.children()).extracting(CallNode::methodId).containsExactly(0, 2);
        CallNode m0 = merged.child(0);
        assertThat(values(m0)).containsExactly(4, 400, 40);
        assertThat(m0.children()).extracting(CallNode::methodId).containsExactly(1, 3);
        assertThat(values(m0.child(1))).containsExactly(6, 290, 290);
        assertThat(values(m0.child(3))).containsExactly(1, 70, 70);
        assertThat(values(merged.child(2))).containsExactly(1, 5, 5);
        // the inputs are untouched
        assertThat(values(a1)).containsExactly(1, 100, 10);
        assertThat(a1.children()).hasSize(1);
    }

    @Test
    void mergeThreadsOfTheShopKeepsTotals() {
        Snapshot shop = TestSnapshots.shop();
        ThreadProfile all = CallTrees.mergeThreads(shop.threads(), 3);
        assertThat(all.threadId()).isEqualTo(CallTrees.MERGED_THREAD_ID);
        assertThat(all.root().children()).hasSize(2);
        assertThat(CallTrees.totals(all.root(), shop.metrics())).containsExactly(1024, 2_300_000_000L, 2_300_000_000L);
    }

    @Test
    void mergeByFrameIdsJoinsOverloads() {
        MethodTable methods = new MethodTable();
        methods.add("a.B", "run", "()V");
        methods.add("a.B", "run", "(I)V");
        methods.add("a.B", "other", "()V");
        int[] frames = CallTrees.frameIds(methods);
        assertThat(frames).containsExactly(0, 0, 2);

        CallNode r = root(3);
        node(node(r, 0, 1, 10, 5), 2, 1, 5, 5);
        node(node(r, 1, 2, 20, 10), 2, 1, 10, 10);
        CallNode merged = CallTrees.merge(List.of(r), 3, frames);
        assertThat(merged.children()).hasSize(1);
        assertThat(values(merged.child(0))).containsExactly(3, 30, 15);
        assertThat(values(merged.child(0).child(2))).containsExactly(2, 15, 15);
    }

    @Test
    void mergeOfWideAndDeepTreesIsFastAndDoesNotRecurse() {
        Snapshot wide = TestSnapshots.wide(1_000_000);
        long t0 = System.nanoTime();
        CallNode merged = CallTrees.merge(List.of(wide.threads().get(0).root(), wide.threads().get(0).root()), 3, null);
        long t1 = System.nanoTime();
        assertThat(merged.children()).hasSize(1_000_000);
        assertThat(values(merged.children().get(999_999))).containsExactly(2_000_000, 2 * 999_999_000L, 2 * 9_999_990L);

        CallNode deep = TestSnapshots.chain(200_000).threads().get(0).root();
        long t2 = System.nanoTime();
        CallNode mergedDeep = CallTrees.merge(List.of(deep, deep), 3, null);
        long t3 = System.nanoTime();
        assertThat(mergedDeep.subtreeSize()).isEqualTo(200_001);
        System.out.printf("[timing] merge wide 2 x 1,000,000: %.1f ms, deep 2 x 200,000: %.1f ms%n",
                (t1 - t0) / 1e6, (t3 - t2) / 1e6);
    }

    @Test
    void walkVisitsDepthFirstInTheGivenOrderAndCanSkipSubtrees() {
        CallNode r = root(3);
        CallNode x = node(r, 0, 1, 10, 1);
        node(x, 1, 1, 2, 2);
        node(x, 2, 1, 7, 7);
        node(r, 3, 1, 50, 50);
        List<String> events = new ArrayList<>();
        CallTrees.walk(r, Comparator.comparingLong((CallNode n) -> n.value(1)).reversed(), new TreeVisitor() {
            @Override public boolean enter(CallNode node, int depth) {
                events.add("+" + node.methodId() + "@" + depth);
                return node.methodId() != 2;
            }

            @Override public void exit(CallNode node, int depth) {
                events.add("-" + node.methodId());
            }
        });
        assertThat(events).containsExactly("+-1@0", "+3@1", "-3", "+0@1", "+2@2", "-2", "+1@2", "-1", "-0", "--1");
    }

    @Test
    void walkOfA200000DeepTreeDoesNotOverflowTheStack() {
        CallNode root = TestSnapshots.chain(200_000).threads().get(0).root();
        int[] maxDepth = new int[1];
        CallTrees.walk(root, null, (node, depth) -> {
            maxDepth[0] = Math.max(maxDepth[0], depth);
            return true;
        });
        assertThat(maxDepth[0]).isEqualTo(200_000);
    }

    @Test
    void totalsSumInclusiveMetricsOverOutermostCallsAndOthersOverAllNodes() {
        Snapshot shop = TestSnapshots.shop();
        assertThat(CallTrees.totals(shop.threads().get(1).root(), shop.metrics()))
                .containsExactly(12, 300_000_000L, 300_000_000L);
    }

    static long[] values(CallNode n) {
        long[] v = new long[n.metricCount()];
        for (int k = 0; k < v.length; k++) v[k] = n.value(k);
        return v;
    }
}
