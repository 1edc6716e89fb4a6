package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.core.testing.TestSnapshots.assertSameSnapshot;

import java.nio.file.Files;
import java.nio.file.Path;
import org.candor.core.model.Snapshot;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files of format 1.0, as Candor wrote them before 2.0, are still read: whole, and in place. */
class Version1ReadTest {

    @TempDir Path dir;

    private Path v1(String name, Snapshot s) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, SnapshotEncoderV1.bytes(s));
        return f;
    }

    @Test
    void version1FilesReadIntoTheSameModel() throws Exception {
        for (Snapshot s : new Snapshot[] {TestSnapshots.shop(), TestSnapshots.random(3, 30_000, 5), TestSnapshots.chain(50_000)}) {
            Path f = v1("old.candor", s);
            assertThat(Files.readAllBytes(f)[9]).isEqualTo((byte) 1);
            Snapshot read = SnapshotReader.read(f);
            assertSameSnapshot(read, s);
            assertThat(read.threads().get(0).flat()).isNull(); // 1.0 has no FLAT: hot spots come from the tree
        }
    }

    @Test
    void version1FilesOpenInPlaceThroughAnEncodingAs20() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        SnapshotFile f = SnapshotFile.open(v1("old.candor", shop));
        assertThat(f.version()).isEqualTo("1.0");
        assertThat(f.threads()).extracting(ThreadTree::name).containsExactly("main", "worker-1", "idle");
        assertSameSnapshot(SnapshotDecoder.load(f), shop);
    }
}
