package org.candor.ui.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.candor.core.snapshot.SnapshotFormatException;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotOpenerTest {

    @Test
    void aFileThatIsNotASnapshotIsReportedWithTheReadersOneLineMessage(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.candor");
        Files.writeString(bad, "this is not a snapshot\n");
        SnapshotFormatException e = assertThrows(SnapshotFormatException.class, () -> SnapshotReader.read(bad));

        String message = SnapshotOpener.failureMessage(bad, e);

        assertThat(message).startsWith("Snapshot " + bad).doesNotContain("\n");
        assertThat(message.substring(1)).isEqualTo(e.getMessage().substring(1));
    }

    @Test
    void aMissingFileIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("gone.candor");

        assertThat(SnapshotOpener.failureMessage(missing, new NoSuchFileException(missing.toString())))
                .isEqualTo("Cannot open " + missing + ": there is no such file.");
    }
}
