package org.candor.ui.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.candor.core.snapshot.SnapshotFormatException;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.core.snapshot.SnapshotTooLargeException;
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
    void aSnapshotTooLargeForTheHeapIsOneLineThatPointsToTheCommandLine(@TempDir Path dir) {
        Path big = dir.resolve("big.candor");
        SnapshotTooLargeException e = new SnapshotTooLargeException(big.toString(),
                "is too large to load whole: its 39,000,000 call paths need about 5.1 GB of memory, this JVM has 900 MB"
                        + " free of its 1.0 GB heap", "2.0", 5_500_000_000L);

        assertThat(SnapshotOpener.failureMessage(big, e)).isEqualTo("Snapshot " + big + " is too large to load whole: its"
                + " 39,000,000 call paths need about 5.1 GB of memory, this JVM has 900 MB free of its 1.0 GB heap;"
                + " the command line reads it without loading it: candor report " + big);
    }

    @Test
    void aMissingFileIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("gone.candor");

        assertThat(SnapshotOpener.failureMessage(missing, new NoSuchFileException(missing.toString())))
                .isEqualTo("Cannot open " + missing + ": there is no such file.");
    }
}
