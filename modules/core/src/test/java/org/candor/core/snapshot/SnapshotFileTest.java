package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a snapshot in place: heads, then nodes by offset, children by their extents; no tree is built. */
class SnapshotFileTest {

    @TempDir Path dir;

    @Test
    void aNodesChildrenAreFoundByTheirExtentsInStoredOrder() throws Exception {
        Snapshot s = TestSnapshots.random(2, 40_000, 3);
        Path file = dir.resolve("r.candor");
        SnapshotWriter.write(s, file);
        try (SnapshotFile f = SnapshotFile.open(file)) {
            assertThat(f.version()).isEqualTo("2.0");
            assertThat(f.threads()).extracting(ThreadTree::name).containsExactly("pool-1-thread-0", "pool-1-thread-1");
            ThreadTree t = f.threads().get(1);
            assertThat(t.nodeCount()).isEqualTo(s.threads().get(1).root().subtreeSize());
            assertThat(t.hasFlat()).isTrue();
            // follow the first child down to a leaf, comparing each level's children with the model's, highest first
            CallNode model = s.threads().get(1).root();
            TreeNode node = f.newNode();
            f.readRoot(t, node);
            TreeNode child = f.newNode();
            int depth = 0;
            while (!model.children().isEmpty()) {
                List<CallNode> expected = new ArrayList<>(model.children());
                expected.sort(Comparator.comparingLong((CallNode c) -> c.value(1)).reversed());
                long[] offsets = f.childOffsets(node);
                assertThat(offsets).hasSize(expected.size());
                for (int i = 0; i < offsets.length; i++) {
                    f.read(offsets[i], node.end(), child);
                    assertThat(child.method()).isEqualTo(expected.get(i).methodId());
                    for (int k = 0; k < 3; k++) assertThat(child.value(k)).isEqualTo(expected.get(i).value(k));
                }
                f.read(offsets[0], node.end(), node);
                model = expected.get(0);
                depth++;
            }
            assertThat(node.childCount()).isZero();
            assertThat(depth).isPositive();
        }
    }

    @Test
    void aViewShowsOtherColumnsOfTheSameRecords() throws Exception {
        Snapshot s = TestSnapshots.shop();
        try (SnapshotFile f = SnapshotFile.of(s)) {
            SnapshotFile v = f.withColumns(new SnapshotInfo().put("values", "swapped"), List.of(Metric.SELF_TIME, Metric.CALLS),
                    new int[] {2, 0});
            assertThat(v.info().get("values")).isEqualTo("swapped");
            TreeNode root = v.newNode();
            v.readRoot(v.threads().get(0), root);
            TreeNode main = v.newNode();
            v.read(root.firstChild(), root.end(), main);
            assertThat(main.value(0)).isEqualTo(1_000_000L); // main's self time
            assertThat(main.value(1)).isEqualTo(1); // its calls
            assertThat(v.flat(v.threads().get(0)).value(0, 1)).isEqualTo(1);
            assertThatThrownBy(() -> f.withColumns(new SnapshotInfo(), List.of(Metric.CALLS), new int[] {0, 1}))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aFileOfManyPagesReadsTheSameAsInMemory() throws Exception {
        Snapshot s = TestSnapshots.random(1, 200_000, 9); // ~3 MB: dozens of 64 KiB pages, records across their ends
        Path file = dir.resolve("pages.candor");
        SnapshotWriter.write(s, file);
        try (SnapshotFile f = SnapshotFile.open(file)) {
            TestSnapshots.assertSameSnapshot(SnapshotDecoder.load(f), s);
        }
    }

    @Test
    void theHeapBudgetRefusesTreesThatCannotFitInOneLine() throws Exception {
        long nodes = Runtime.getRuntime().maxMemory() / 50; // at over 100 bytes a node: twice the heap
        assertThatThrownBy(() -> HeapBudget.check("big.candor", "2.0", nodes, 3))
                .isInstanceOf(SnapshotTooLargeException.class)
                .hasMessageStartingWith("snapshot big.candor is too large to load whole: its ")
                .hasMessageContaining(" call paths need about ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"))
                .satisfies(e -> assertThat(((SnapshotTooLargeException) e).bytesNeeded()).isEqualTo(nodes * 120));
        HeapBudget.check("small.candor", "2.0", 1000, 3); // fits: no exception
    }
}
