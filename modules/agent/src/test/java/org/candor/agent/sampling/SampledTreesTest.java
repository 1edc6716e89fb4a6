package org.candor.agent.sampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
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
}
