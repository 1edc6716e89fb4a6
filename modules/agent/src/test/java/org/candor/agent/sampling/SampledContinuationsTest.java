package org.candor.agent.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.candor.agent.sampling.SampledTreesTest.Grown;
import org.candor.core.analysis.FlatProfiles;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sampling session's checkpoint continuations: a whole checkpoint, then parts of what changed, read back as one
 * snapshot, against a whole snapshot of the trees as they are at the last part.
 */
class SampledContinuationsTest {

    @TempDir Path dir;

    private final SampledContinuations continuations = new SampledContinuations();

    private static SnapshotInfo checkpoint() {
        return new SnapshotInfo().put(SnapshotInfo.MODE, "sampling").put(SnapshotInfo.CHECKPOINT, "true");
    }

    private Path whole(Object[] parts) throws Exception {
        Path file = dir.resolve("checkpoint.candor");
        new SampledTrees(parts).writeTo(file, checkpoint(), 0, continuations);
        return file;
    }

    private int append(Path file, Object[] parts) throws Exception {
        return new SampledTrees(parts).appendTo(file, checkpoint().put(SnapshotInfo.CHECKPOINT_CONTINUATION, "true"), continuations);
    }

    private Snapshot wholeOf(Object[] parts) throws Exception {
        Path file = dir.resolve("whole.candor");
        new SampledTrees(parts).writeTo(file, new SnapshotInfo().put(SnapshotInfo.MODE, "sampling"), 0);
        return SnapshotReader.read(file);
    }

    /** Per thread: every path's values and every flat row's, by method name (ids differ from file to file). */
    private static Map<String, List<Long>> figures(Snapshot s) {
        Map<String, List<Long>> all = new TreeMap<>();
        for (ThreadProfile t : s.threads()) {
            addPaths(s, t.name(), t.root(), all);
            FlatProfile flat = FlatProfiles.of(t, s.metrics());
            for (int r = 0; r < flat.size(); r++) {
                List<Long> v = new ArrayList<>();
                for (int k = 0; k < s.metrics().size(); k++) v.add(flat.value(r, k));
                all.put(t.name() + " flat " + s.methods().get(flat.method(r)).qualifiedName(), v);
            }
        }
        return all;
    }

    private static void addPaths(Snapshot s, String path, CallNode node, Map<String, List<Long>> all) {
        List<Long> v = new ArrayList<>();
        for (int k = 0; k < s.metrics().size(); k++) v.add(node.value(k));
        all.put(path, v);
        for (CallNode c : node.children()) addPaths(s, path + ";" + s.methods().get(c.methodId()).qualifiedName(), c, all);
    }

    @Test
    void partsOfWhatChangedAddUpToTheTreesAsTheyAreAtTheLast() throws Exception {
        Random random = new Random(5);
        Grown a = new Grown().grow(random, 400, 7).count(random);
        Grown b = new Grown().grow(random, 150, 7).count(random);
        Path file = whole(SampledTreesTest.parts(3, 7, new long[] {1, 2}, new Grown[] {a, b}, false));
        a.count(random).grow(random, 60, 7);
        assertThat(append(file, SampledTreesTest.parts(3, 7, new long[] {1, 2}, new Grown[] {a, b}, true))).isEqualTo(1);
        b.grow(random, 20, 7).count(random);
        Grown c = new Grown().grow(random, 90, 7).count(random);
        Object[] last = SampledTreesTest.parts(3, 7, new long[] {1, 2, 5}, new Grown[] {a, b, c}, false);
        assertThat(append(file, last)).as("b changed, c new; a unchanged, absent").isEqualTo(2);
        Snapshot summed = SnapshotReader.read(file);
        assertThat(summed.info().get(SnapshotInfo.CHECKPOINT_CONTINUATIONS)).isEqualTo("2");
        assertThat(figures(summed)).isEqualTo(figures(wholeOf(last)));
    }

    @Test
    void methodsNumberedAnewInEachSnapshotAreAddedByName() throws Exception {
        Random random = new Random(11);
        Grown a = new Grown().grow(random, 300, 9).count(random);
        Path file = whole(SampledTreesTest.parts(0, 9, new long[] {1}, new Grown[] {a}, false));
        a.count(random).grow(random, 40, 9);
        Object[] grown = SampledTreesTest.parts(0, 9, new long[] {1}, new Grown[] {a}, false);
        Object[] renumbered = renumbered(grown, new int[] {4, 0, 8, 2, 6, 1, 3, 7, 5});
        assertThat(append(file, renumbered)).isEqualTo(1);
        assertThat(figures(SnapshotReader.read(file))).isEqualTo(figures(wholeOf(grown)));
    }

    /** The same trees with method {@code m} numbered {@code to[m]}, as libcandor.so may number them in a later snapshot. */
    private static Object[] renumbered(Object[] parts, int[] to) {
        Object[] p = parts.clone();
        for (int field : new int[] {NativeSampler.METHOD_CLASSES, NativeSampler.METHOD_NAMES, NativeSampler.METHOD_DESCRIPTORS}) {
            String[] from = (String[]) parts[field];
            String[] moved = new String[from.length];
            for (int m = 0; m < from.length; m++) moved[to[m]] = from[m];
            p[field] = moved;
        }
        int[][] methods = ((int[][]) parts[NativeSampler.NODE_METHODS]).clone();
        for (int t = 0; t < methods.length; t++) {
            methods[t] = methods[t].clone();
            for (int i = 0; i < methods[t].length; i++) if (methods[t][i] >= 0) methods[t][i] = to[methods[t][i]];
        }
        p[NativeSampler.NODE_METHODS] = methods;
        return p;
    }

    @Test
    void aPartWithNothingChangedHasNoThreadsAndReadsAsBefore() throws Exception {
        Random random = new Random(2);
        Grown a = new Grown().grow(random, 100, 5).count(random);
        Object[] parts = SampledTreesTest.parts(0, 5, new long[] {1}, new Grown[] {a}, false);
        Path file = whole(parts);
        assertThat(append(file, parts)).isZero();
        assertThat(figures(SnapshotReader.read(file))).isEqualTo(figures(wholeOf(parts)));
    }

    @Test
    void treesThatDoNotContinueTheLastPartWriteNothing() throws Exception {
        Random random = new Random(3);
        Grown a = new Grown().grow(random, 100, 5).count(random);
        Grown b = new Grown().grow(random, 50, 5).count(random);
        Path file = whole(SampledTreesTest.parts(0, 5, new long[] {1, 2}, new Grown[] {a, b}, false));
        byte[] before = Files.readAllBytes(file);
        a.count(random);
        assertThat(append(file, SampledTreesTest.parts(1, 5, new long[] {1, 2}, new Grown[] {a, b}, false)))
                .as("a reset since").isEqualTo(-1);
        assertThat(append(file, SampledTreesTest.parts(0, 5, new long[] {1}, new Grown[] {a}, false)))
                .as("a thread gone").isEqualTo(-1);
        Object[] otherInterval = SampledTreesTest.parts(0, 5, new long[] {1, 2}, new Grown[] {a, b}, false);
        otherInterval[NativeSampler.INTERVAL_NANOS] = new long[] {100_000};
        assertThat(append(file, otherInterval)).as("another interval").isEqualTo(-1);
        Grown shorter = new Grown().grow(random, 10, 5).count(random);
        assertThat(append(file, SampledTreesTest.parts(0, 5, new long[] {1, 2}, new Grown[] {a, shorter}, false)))
                .as("a tree with fewer nodes").isEqualTo(-1);
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }
}
