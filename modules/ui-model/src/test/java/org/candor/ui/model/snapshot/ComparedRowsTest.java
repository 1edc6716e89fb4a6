package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.candor.core.analysis.SnapshotComparison;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.SnapshotWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The diff tree's rows of two files read in place: both threads merged by call path, A's and B's figure on each row,
 * B's highest first, a row's children read when it is first asked for them.
 */
class ComparedRowsTest {

    private static final long MS = 1_000_000L;

    @TempDir Path dir;

    @Test
    void theDiffTreeOfTwoFilesReadInPlaceHasBothFiguresOnEveryPath() throws Exception {
        Snapshot before = TestSnapshots.shop();
        Snapshot after = TestSnapshots.shop();
        // B: the worker's findByCustomer spends 500 ms more in its own code
        for (ThreadProfile t : after.threads()) {
            if (!t.name().equals("http-worker-1")) continue;
            CallNode find = t.root().children().get(0).children().get(0).children().get(1);
            find.addValue(TestSnapshots.SELF, 500 * MS);
            for (CallNode n = find; n != null; n = n.parent()) n.addValue(TestSnapshots.TOTAL, 500 * MS);
        }
        Path a = dir.resolve("a.candor");
        Path b = dir.resolve("b.candor");
        SnapshotWriter.write(before, a);
        SnapshotWriter.write(after, b);
        try (SnapshotFile fa = SnapshotFile.open(a); SnapshotFile fb = SnapshotFile.open(b)) {
            SnapshotComparison c = new SnapshotComparison(fa, fb, "total_time");
            CallTreeRow root = CallTreeRow.root(c);
            assertThat(root.readsFile()).isTrue();
            assertThat(root.childrenMade()).isTrue();
            assertThat(new long[] {root.value(0), root.value(1)}).containsExactly(3_300 * MS, 3_800 * MS);
            assertThat(root.childCount()).isEqualTo(2);
            CallTreeRow run = root.child(0);
            assertThat(c.methods().get(run.methodId()).name()).isEqualTo("run");
            assertThat(new long[] {run.value(0), run.value(1)}).containsExactly(2_400 * MS, 2_900 * MS);
            CallTreeRow handle = run.child(0);
            assertThat(handle.childrenMade()).isFalse();
            assertThat(handle.childCount()).isEqualTo(2);
            CallTreeRow find = handle.child(0);
            assertThat(c.methods().get(find.methodId()).name()).isEqualTo("findByCustomer");
            assertThat(new long[] {find.value(0), find.value(1)}).containsExactly(1_499 * MS, 1_999 * MS);
            assertThat(find.child(0).isLeaf()).isTrue();
            CallTreeRow main = root.child(1);
            assertThat(new long[] {main.value(0), main.value(1)}).as("main's thread is the same").containsExactly(900 * MS, 900 * MS);
        }
    }
}
