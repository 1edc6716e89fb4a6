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
        })).as("the writer's own failure (its input's, say) is not taken for the target's")
                .hasMessage("No space left on device");
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

    @Test
    void aFolderIsRefusedBeforeAnythingIsWritten() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("reports"));
        assertThatThrownBy(() -> ReplaceFile.write(folder, out -> {
            throw new AssertionError("nothing is written for a folder");
        })).hasMessage(folder + ": is a folder");
        assertThat(Files.isDirectory(folder)).isTrue();
    }

    @Test
    void aDeviceIsWrittenIntoNotReplaced() throws Exception {
        // through a link in the test's folder: were the device replaced, the link would be (never /dev/null itself)
        Path link = Files.createSymbolicLink(dir.resolve("null"), Path.of("/dev/null"));
        ReplaceFile.write(link, out -> out.write("discarded".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("/dev/null"));
    }

    @Test
    void aFullDeviceIsAnErrorNotAFileInItsPlace() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("full"), Path.of("/dev/full"));
        assertThatThrownBy(() -> ReplaceFile.write(link, out -> out.write(new byte[1 << 16])))
                .hasMessage(link + ": No space left on device");
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

    @Test
    void aFailureToWriteThroughTheChannelNamesTheFileTheUserAskedFor() throws Exception {
        // the reports write their buffers to the stream's channel: its errors name the file as the stream's do
        Path link = Files.createSymbolicLink(dir.resolve("full"), Path.of("/dev/full"));
        assertThatThrownBy(() -> ReplaceFile.write(link,
                out -> out.getChannel().write(java.nio.ByteBuffer.allocate(1 << 16))))
                .hasMessage(link + ": No space left on device");
    }

    @Test
    void aLinkedFileIsReplacedAndTheLinkKept() throws Exception {
        Path real = Files.writeString(dir.resolve("report.txt"), "the old report");
        Path link = Files.createSymbolicLink(dir.resolve("latest.txt"), real.getFileName());
        ReplaceFile.write(link, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("new");
    }

    @Test
    void aFolderWhereNoFileCanBeMadeIsNamedWithTheTargetNotATemporaryFile() {
        Path target = Path.of("/proc/candor-report.txt");  // no file can be made in /proc, not even by root
        assertThatThrownBy(() -> ReplaceFile.write(target, out -> out.write(1)))
                .hasMessageStartingWith(target + ": ").hasMessageNotContaining(".tmp");
    }
}
