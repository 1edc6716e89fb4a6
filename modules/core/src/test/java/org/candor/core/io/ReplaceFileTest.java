package org.candor.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplaceFileTest {

    @TempDir Path dir;

    @Test
    void aWriterThatFailsHalfWayLeavesTheOldFileAsItWasAndNoTemporaryFile() throws Exception {
        Path target = Files.writeString(dir.resolve("report.txt"), "the old report");
        assertThatThrownBy(() -> ReplaceFile.write(target, out -> {
            out.write("half a new rep".getBytes(StandardCharsets.UTF_8));
            throw new IOException("No space left on device");
        })).hasMessage("No space left on device");
        assertThat(Files.readString(target)).isEqualTo("the old report");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void aWholeWriteReplacesTheFile() throws Exception {
        Path target = Files.writeString(dir.resolve("report.txt"), "the old report");
        ReplaceFile.write(target, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.readString(target)).isEqualTo("new");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }
}
