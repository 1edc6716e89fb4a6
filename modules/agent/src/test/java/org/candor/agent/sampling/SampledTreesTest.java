package org.candor.agent.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.analysis.FlatProfiles;
import org.candor.core.model.FlatProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.core.snapshot.TreeCut;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The conversion of the native sampler's arrays into a snapshot file, on hand-made data, read back. */
class SampledTreesTest {

    @TempDir Path dir;

    private Snapshot written(Object[] parts) throws Exception {
        return written(parts, 0);
    }

    private Snapshot written(Object[] parts, int pathsPerThread) throws Exception {
        Path file = dir.resolve("sampled.candor");
        int threads = new SampledTrees(parts).writeTo(file, new SnapshotInfo().put(SnapshotInfo.MODE, "sampling"), pathsPerThread);
        assertThat(threads).as("threads with samples").isEqualTo(1);
        return SnapshotReader.read(file);
    }

    /** main -> work -> leafA (6 self), main -> work -> leafB (3 self, 2 of them waiting), main (1 self). */
    private static Object[] drained(long interval) {
        Object[] p = new Object[NativeSampler.PARTS];
        p[NativeSampler.STAT_NAMES] = new String[] {"samples.delivered", "samples.failed.-5"};
        p[NativeSampler.STAT_VALUES] = new long[] {12, 2};
        p[NativeSampler.METHOD_CLASSES] = new String[] {"Lcom/acme/App;", "Lcom/acme/App;", "Lcom/acme/App$Leaf;", "", "Lcom/acme/Gen.0x0000abcd;"};
        p[NativeSampler.METHOD_NAMES] = new String[] {"main", "work", "a", "itable stub", "b"};
        p[NativeSampler.METHOD_DESCRIPTORS] = new String[] {"([Ljava/lang/String;)V", "()V", "()I", "", "()V"};
        p[NativeSampler.THREAD_IDS] = new long[] {1, 9};
        p[NativeSampler.THREAD_NAMES] = new String[] {"main", "idle"};
        p[NativeSampler.NODE_PARENTS] = new int[][] {{-1, 0, 1, 2, 2}, {-1}};
        p[NativeSampler.NODE_METHODS] = new int[][] {{-1, 0, 1, 2, 4}, {-1}};
        p[NativeSampler.NODE_SELF_RUNNING] = new long[][] {{0, 1, 0, 6, 1}, {0}};
        p[NativeSampler.NODE_SELF_WAITING] = new long[][] {{0, 0, 0, 0, 2}, {0}};
        p[NativeSampler.INTERVAL_NANOS] = new long[] {interval};
        p[NativeSampler.NODE_COUNTS] = new int[] {5, 1};
        p[NativeSampler.TREE_GENERATION] = new long[] {0};
        return p;
    }

    @Test
    void selfCountsBecomeInclusiveCountsAndEstimatedTimes() throws Exception {
        Snapshot s = written(drained(1_000_000));
        assertThat(s.threads()).hasSize(1);
        CallNode main = s.threads().get(0).root().children().get(0);
        CallNode work = main.children().get(0);
        int samples = s.metricIndex("samples");
        int self = s.metricIndex("self_samples");
        int total = s.metricIndex("total_time");
        int waiting = s.metricIndex("waiting_time");
        assertThat(main.value(samples)).isEqualTo(10);
        assertThat(main.value(self)).isEqualTo(1);
        assertThat(work.value(samples)).isEqualTo(9);
        assertThat(work.value(total)).isEqualTo(9_000_000);
        assertThat(work.value(waiting)).as("wall mode: waiting samples present").isEqualTo(2_000_000);
        assertThat(s.threads().get(0).root().value(samples)).isEqualTo(10);
        assertThat(s.stat("samples.failed.-5")).isEqualTo(2);
        assertThat(s.info().get(SnapshotInfo.MODE)).isEqualTo("sampling");
    }

    @Test
    void classNamesStubsAndHiddenClasses() throws Exception {
        Snapshot s = written(drained(1000));
        assertThat(s.methods().get(2).qualifiedName()).isEqualTo("com.acme.App$Leaf.a");
        assertThat(s.methods().get(3).qualifiedName()).isEqualTo("[vm].itable_stub");
        assertThat(s.methods().get(4).className()).isEqualTo("com.acme.Gen/0x0000abcd");
    }

    @Test
    void aLiveViewsSnapshotSumsTheSmallerPathsAndKeepsTheFlatProfileWhole() throws Exception {
        Snapshot s = written(drained(1_000_000), 4);
        int samples = s.metricIndex("samples");
        int self = s.metricIndex("self_samples");
        int waiting = s.metricIndex("waiting_time");
        CallNode work = s.threads().get(0).root().children().get(0).children().get(0);
        assertThat(s.methods().get(work.methodId()).qualifiedName()).isEqualTo("com.acme.App.work");
        assertThat(work.children()).as("a (6 samples) and b (3) are below the cut of 4 nodes").hasSize(1);
        CallNode cut = work.children().get(0);
        assertThat(s.methods().get(cut.methodId()).qualifiedName()).isEqualTo(TreeCut.CUT_CLASS + "." + TreeCut.CUT_METHOD);
        assertThat(cut.value(samples)).isEqualTo(9);
        assertThat(cut.value(self)).isEqualTo(9);
        assertThat(cut.value(waiting)).isEqualTo(2_000_000);
        FlatProfile flat = FlatProfiles.of(s.threads().get(0), s.metrics());
        assertThat(flat.size()).as("the flat profile is the whole tree's: main, work, a, b").isEqualTo(4);
        for (int r = 0; r < flat.size(); r++) {
            String name = s.methods().get(flat.method(r)).name();
            if (name.equals("a")) assertThat(flat.value(r, self)).isEqualTo(6);
            if (name.equals("b")) assertThat(flat.value(r, self)).isEqualTo(3);
        }
        assertThat(s.stat(TreeCut.PATHS_CUT)).isEqualTo(2);
        assertThat(s.stat(TreeCut.THREADS_CUT)).isEqualTo(1);
        assertThat(s.stat(TreeCut.PATHS_PER_THREAD)).isEqualTo(4);
    }

    @Test
    void aLiveViewsSnapshotOfTreesWithinItsLimitIsWhole() throws Exception {
        Snapshot s = written(drained(1_000_000), 5);
        assertThat(s.threads().get(0).root().children().get(0).children().get(0).children()).hasSize(2);
        assertThat(s.stat(TreeCut.PATHS_CUT)).isZero();
        assertThat(s.methods().size()).as("no synthetic method").isEqualTo(5);
    }

    // --- node arrays reused from an earlier snapshot, and a live view's flat profiles computed in node order ---

    /** A thread's tree as the sampler has it: parents first, no two children of a node with the same method. */
    static final class Grown {
        int n = 1;
        int[] parent = {-1};
        int[] method = {-1};
        long[] running = {0};
        long[] waiting = {0};

        /** Appends {@code count} random nodes of {@code methods} methods (a few, so that paths recurse). */
        Grown grow(Random random, int count, int methods) {
            Set<Long> children = new HashSet<>();
            for (int i = 1; i < n; i++) children.add((long) parent[i] << 32 | method[i]);
            parent = Arrays.copyOf(parent, n + count);
            method = Arrays.copyOf(method, n + count);
            running = Arrays.copyOf(running, n + count);
            waiting = Arrays.copyOf(waiting, n + count);
            while (count > 0) {
                int p = random.nextInt(n);
                int m = random.nextInt(methods);
                if (!children.add((long) p << 32 | m)) continue;
                parent[n] = p;
                method[n] = m;
                n++;
                count--;
            }
            return this;
        }

        /** New self counts everywhere (samples keep coming while the tree grows). */
        Grown count(Random random) {
            for (int i = 1; i < n; i++) {
                running[i] += random.nextInt(4) == 0 ? random.nextInt(50) : 0;
                waiting[i] += random.nextInt(8) == 0 ? random.nextInt(20) : 0;
            }
            return this;
        }
    }

    /** The sampler's parts for these threads; with {@code staleTail}, every node array longer than its tree, junk after. */
    static Object[] parts(long generation, int methods, long[] ids, Grown[] trees, boolean staleTail) {
        Object[] p = new Object[NativeSampler.PARTS];
        String[] classes = new String[methods];
        String[] names = new String[methods];
        String[] descriptors = new String[methods];
        for (int m = 0; m < methods; m++) {
            classes[m] = "Lcom/acme/C" + (m % 3) + ";";
            names[m] = "m" + m;
            descriptors[m] = "()V";
        }
        p[NativeSampler.STAT_NAMES] = new String[0];
        p[NativeSampler.STAT_VALUES] = new long[0];
        p[NativeSampler.METHOD_CLASSES] = classes;
        p[NativeSampler.METHOD_NAMES] = names;
        p[NativeSampler.METHOD_DESCRIPTORS] = descriptors;
        p[NativeSampler.THREAD_IDS] = ids.clone();
        String[] threadNames = new String[ids.length];
        for (int t = 0; t < ids.length; t++) threadNames[t] = "t" + ids[t];
        p[NativeSampler.THREAD_NAMES] = threadNames;
        int[][] parents = new int[trees.length][];
        int[][] nodeMethods = new int[trees.length][];
        long[][] running = new long[trees.length][];
        long[][] waiting = new long[trees.length][];
        int[] counts = new int[trees.length];
        for (int t = 0; t < trees.length; t++) {
            Grown g = trees[t];
            int length = staleTail ? g.n + 7 : g.n;
            parents[t] = Arrays.copyOf(g.parent, length);
            nodeMethods[t] = Arrays.copyOf(g.method, length);
            running[t] = Arrays.copyOf(g.running, length);
            waiting[t] = Arrays.copyOf(g.waiting, length);
            for (int i = g.n; i < length; i++) {  // what an earlier, larger tree left there
                parents[t][i] = i - 1;
                nodeMethods[t][i] = 0;
                running[t][i] = 1_000;
                waiting[t][i] = 1_000;
            }
            counts[t] = g.n;
        }
        p[NativeSampler.NODE_PARENTS] = parents;
        p[NativeSampler.NODE_METHODS] = nodeMethods;
        p[NativeSampler.NODE_SELF_RUNNING] = running;
        p[NativeSampler.NODE_SELF_WAITING] = waiting;
        p[NativeSampler.INTERVAL_NANOS] = new long[] {1_000_000};
        p[NativeSampler.NODE_COUNTS] = counts;
        p[NativeSampler.TREE_GENERATION] = new long[] {generation};
        return p;
    }

    private Path write(Object[] parts, int pathsPerThread, String name) throws Exception {
        Path file = dir.resolve(name);
        new SampledTrees(parts).writeTo(file, new SnapshotInfo().put(SnapshotInfo.MODE, "sampling"), pathsPerThread);
        return file;
    }

    /** Each thread's flat profile in a live view's snapshot equals the one the writer computes from the whole tree. */
    private void assertLiveFlatIsTheWholeTreesOne(Object[] parts, String step) throws Exception {
        Snapshot live = SnapshotReader.read(write(parts, 40, "live.candor"));
        Snapshot whole = SnapshotReader.read(write(parts, 0, "whole.candor"));
        assertThat(live.stat(TreeCut.THREADS_CUT)).as(step + ": the trees are cut").isPositive();
        assertThat(live.threads()).hasSameSizeAs(whole.threads());
        for (int t = 0; t < whole.threads().size(); t++) {
            assertThat(live.threads().get(t).flat()).as(step + ": " + whole.threads().get(t).name() + "'s flat profile")
                    .isEqualTo(FlatProfiles.of(whole.threads().get(t), whole.metrics()));
        }
    }

    @Test
    void aLiveViewsFlatProfilesAreTheWholeTreesAsTreesGrowResetAndThreadsComeAndGo() throws Exception {
        Random random = new Random(13);
        Grown a = new Grown().grow(random, 300, 6).count(random);
        Grown b = new Grown().grow(random, 200, 4).count(random);
        assertLiveFlatIsTheWholeTreesOne(parts(0, 6, new long[] {1, 2}, new Grown[] {a, b}, false), "first");
        a.grow(random, 150, 6).count(random);
        b.count(random);
        Grown c = new Grown().grow(random, 100, 6).count(random);
        assertLiveFlatIsTheWholeTreesOne(parts(0, 6, new long[] {1, 2, 3}, new Grown[] {a, b, c}, true), "grown, a thread added");
        assertLiveFlatIsTheWholeTreesOne(parts(0, 6, new long[] {1, 3}, new Grown[] {a, c}, false), "a thread gone");
        // a reset: the same threads, new trees, larger than before (what the old trees' nodes said no longer holds)
        Grown a2 = new Grown().grow(random, 600, 6).count(random);
        Grown c2 = new Grown().grow(random, 50, 5).count(random);
        assertLiveFlatIsTheWholeTreesOne(parts(1, 6, new long[] {1, 3}, new Grown[] {a2, c2}, true), "after a reset, larger");
        Grown a3 = new Grown().grow(random, 120, 6).count(random);
        assertLiveFlatIsTheWholeTreesOne(parts(2, 6, new long[] {1}, new Grown[] {a3}, false), "after a reset, smaller");
    }

    @Test
    void nodeArraysLongerThanTheirTreesAreReadUpToTheNodeCounts() throws Exception {
        Random random = new Random(7);
        Grown a = new Grown().grow(random, 80, 5).count(random);
        Grown b = new Grown().grow(random, 30, 5).count(random);
        for (int paths : new int[] {0, 20}) {
            byte[] exact = Files.readAllBytes(write(parts(0, 5, new long[] {1, 2}, new Grown[] {a, b}, false), paths, "exact.candor"));
            byte[] reused = Files.readAllBytes(write(parts(0, 5, new long[] {1, 2}, new Grown[] {a, b}, true), paths, "reused.candor"));
            assertThat(reused).as("paths " + paths).isEqualTo(exact);
        }
    }
}
