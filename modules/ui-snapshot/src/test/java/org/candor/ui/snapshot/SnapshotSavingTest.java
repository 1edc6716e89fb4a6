package org.candor.ui.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SnapshotSavingTest {

    @Test
    void aNameWithoutExtensionGetsTheSnapshotOne() {
        assertThat(SnapshotSaving.target(new File("/tmp/run"))).isEqualTo(Path.of("/tmp/run.candor"));
        assertThat(SnapshotSaving.target(new File("/tmp/run.candor"))).isEqualTo(Path.of("/tmp/run.candor"));
        assertThat(SnapshotSaving.target(new File("/tmp/run.v2"))).isEqualTo(Path.of("/tmp/run.v2"));
    }

    @Test
    void failuresAreOneLineNamingTheFile() {
        Path to = Path.of("/x/run.candor");
        assertThat(SnapshotSaving.failureMessage(to, new NoSuchFileException("/x/.run.candor.1.tmp")))
                .isEqualTo("Cannot save /x/run.candor: its folder does not exist.");
        assertThat(SnapshotSaving.failureMessage(to, new AccessDeniedException("/x")))
                .isEqualTo("Cannot save /x/run.candor: permission denied.");
        assertThat(SnapshotSaving.failureMessage(to, new FileSystemException("/x", null, "No space left on device")))
                .isEqualTo("Cannot save /x/run.candor: No space left on device");
    }
}
