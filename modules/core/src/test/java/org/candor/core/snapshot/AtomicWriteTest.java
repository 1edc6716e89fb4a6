package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicWriteTest {

    @TempDir Path dir;

    /** Passes {@code limit} bytes to the file, then fails like a full disk. */
    private static final class FailingAfter extends FilterOutputStream {
        private long left;

        FailingAfter(OutputStream out, long limit) {
            super(out);
            left = limit;
        }

        @Override public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override public void write(byte[] b, int off, int len) throws IOException {
            if (len > left) {
                out.write(b, off, (int) left);
                left = 0;
                throw new IOException("No space left on device");
            }
            out.write(b, off, len);
            left -= len;
        }
    }

    private List<String> dirListing() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void successfulWriteLeavesOnlyTheTarget() throws Exception {
        Path target = dir.resolve("run.candor");
        SnapshotWriter.write(TestSnapshots.shop(), target);
        SnapshotWriter.write(TestSnapshots.shop(), target); // over an existing file
        assertThat(dirListing()).containsExactly("run.candor");
    }

    @Test
    void failureMidWriteKeepsTheOldTargetAndRemovesTheTemporaryFile() throws Exception {
        Path target = dir.resolve("run.candor");
        SnapshotWriter.write(TestSnapshots.shop(), target);
        byte[] before = Files.readAllBytes(target);

        Snapshot big = TestSnapshots.random(2, 300_000, 1);
        assertThatThrownBy(() -> SnapshotWriter.write(big, target, out -> new FailingAfter(out, 1_000_000)))
                .isInstanceOf(IOException.class).hasMessage("No space left on device");

        assertThat(Files.readAllBytes(target)).isEqualTo(before);
        assertThat(dirListing()).containsExactly("run.candor");
        TestSnapshots.assertSameSnapshot(SnapshotReader.read(target), TestSnapshots.shop());
    }

    @Test
    void failureMidWriteWithoutAnOldTargetLeavesNothing() throws Exception {
        Path target = dir.resolve("new.candor");
        assertThatThrownBy(() -> SnapshotWriter.write(TestSnapshots.shop(), target, out -> new FailingAfter(out, 100)))
                .isInstanceOf(IOException.class);
        assertThat(dirListing()).isEmpty();
    }

    @Test
    void inconsistentSnapshotFailsMidWriteWithoutTouchingTheTarget() throws Exception {
        Path target = dir.resolve("run.candor");
        SnapshotWriter.write(TestSnapshots.shop(), target);
        byte[] before = Files.readAllBytes(target);

        Snapshot bad = TestSnapshots.random(3, 200_000, 2);
        CallNode root = TestSnapshots.root(3);
        TestSnapshots.node(TestSnapshots.node(root, 0, 1, 1, 1), 77_777, 1, 1, 1);
        bad.addThread(new ThreadProfile(9, "bad", root));
        assertThatThrownBy(() -> SnapshotWriter.write(bad, target))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("thread bad (#9): a node at depth 2 refers to method 77777, the method table has 5000");

        assertThat(Files.readAllBytes(target)).isEqualTo(before);
        assertThat(dirListing()).containsExactly("run.candor");
    }

    @Test
    void aNodeWithTheWrongNumberOfValuesIsRefused() {
        Snapshot s = TestSnapshots.shop();
        CallNode root = TestSnapshots.root(3);
        new CallNode(root, 0, 2);
        s.addThread(new ThreadProfile(5, "odd", root));
        assertThatThrownBy(() -> SnapshotWriter.write(s, dir.resolve("x.candor")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("thread odd (#5): a node at depth 1 has 2 values, the snapshot declares 3 metrics");
    }
}
