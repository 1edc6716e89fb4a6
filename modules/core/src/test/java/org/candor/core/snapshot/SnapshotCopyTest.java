package org.candor.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotCopyTest {

    @TempDir Path dir;

    @Test
    void copiesTheBytesAndReplacesAnOlderFileLeavingNothingElse() throws Exception {
        Path from = Files.write(dir.resolve("a.candor"), new byte[] {1, 2, 3, 4});
        Path to = Files.write(dir.resolve("b.candor"), new byte[] {9});
        SnapshotCopy.copy(from, to);
        assertThat(Files.readAllBytes(to)).containsExactly(1, 2, 3, 4);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("a.candor", "b.candor");
        }
    }

    @Test
    void aFailedCopyKeepsTheOldFileAndLeavesNoTemporaryFile() throws Exception {
        Path to = Files.write(dir.resolve("b.candor"), new byte[] {9});
        assertThatThrownBy(() -> SnapshotCopy.copy(dir.resolve("missing.candor"), to)).isInstanceOf(IOException.class);
        assertThat(Files.readAllBytes(to)).containsExactly(9);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("b.candor");
        }
    }

    @Test
    void aDirectoryThatCannotBeWrittenIsAnError() throws Exception {
        Path from = Files.write(dir.resolve("a.candor"), new byte[] {1});
        assertThatThrownBy(() -> SnapshotCopy.copy(from, dir.resolve("no/such/dir/b.candor"))).isInstanceOf(IOException.class);
    }
}
