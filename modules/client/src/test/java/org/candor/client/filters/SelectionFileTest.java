package org.candor.client.filters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.candor.client.ClientException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class SelectionFileTest {

    @Test
    void readsTausSectionsCommentsAndWildcards() throws Exception {
        SelectionFile.Selection s = SelectionFile.parse("f", List.of(
                "# leave the JDK out",
                "BEGIN_EXCLUDE_LIST",
                "java/lang",
                "  sun  ",
                "com.acme.gen.#",
                "END_EXCLUDE_LIST",
                "",
                "BEGIN_FILE_EXCLUDE_LIST",
                "*.c",
                "END_FILE_EXCLUDE_LIST",
                "BEGIN_INCLUDE_LIST",
                "com.acme.**",
                "END_INCLUDE_LIST"));
        assertThat(s.excludes()).containsExactly("java/lang", "sun", "com.acme.gen.*");
        assertThat(s.includes()).containsExactly("com.acme.**");
        assertThat(s.skippedSections()).as("TAU's file list names C sources").isEqualTo(1);
    }

    @Test
    void writesWhatItReads(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("filters.tau");
        Files.writeString(file, "older");
        SelectionFile.write(file, List.of("com.acme.**"), List.of("com.acme.gen.**", "java/lang"));
        SelectionFile.Selection back = SelectionFile.read(file);
        assertThat(back.includes()).containsExactly("com.acme.**");
        assertThat(back.excludes()).containsExactly("com.acme.gen.**", "java/lang");
        assertThat(Files.readString(file)).contains("BEGIN_EXCLUDE_LIST\ncom.acme.gen.**\njava/lang\nEND_EXCLUDE_LIST");
        try (var left = Files.list(dir)) {
            assertThat(left).as("no temporary file left beside it").containsExactly(file);
        }
    }

    @Test
    void badFilesAreOneLineNamingTheLine(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> SelectionFile.parse("f", List.of("com.acme")))
                .isInstanceOf(ClientException.class)
                .hasMessage("f:1: 'com.acme' is outside BEGIN_EXCLUDE_LIST/END_EXCLUDE_LIST or BEGIN_INCLUDE_LIST/END_INCLUDE_LIST");
        assertThatThrownBy(() -> SelectionFile.parse("f", List.of("BEGIN_EXCLUDE_LIST", "com.acme(")))
                .hasMessageStartingWith("f:2: ");
        assertThatThrownBy(() -> SelectionFile.parse("f", List.of("BEGIN_EXCLUDE_LIST", "x")))
                .hasMessage("f: BEGIN_EXCLUDE_LIST (line 1) is never ended");
        assertThatThrownBy(() -> SelectionFile.parse("f", List.of("END_INCLUDE_LIST")))
                .hasMessage("f:1: END_INCLUDE_LIST without its BEGIN line");
        assertThatThrownBy(() -> SelectionFile.read(dir.resolve("missing")))
                .hasMessage("cannot read " + dir.resolve("missing") + ": no such file");
        Path binary = dir.resolve("bin");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertThatThrownBy(() -> SelectionFile.read(binary)).hasMessageContaining("not UTF-8 text");
        Path huge = dir.resolve("huge");
        try (var ch = java.nio.channels.FileChannel.open(huge, java.nio.file.StandardOpenOption.CREATE_NEW,
                java.nio.file.StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap("x".getBytes(StandardCharsets.UTF_8)), SelectionFile.MAX_BYTES + 10);
        }
        assertThatThrownBy(() -> SelectionFile.read(huge)).hasMessageContaining("larger than 4 MiB");
    }

    /** A FIFO with no writer would block the command (or the app) in its open forever; /dev/zero never ends. */
    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFileThatIsNotARegularFileIsRefusedWithoutOpeningIt(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("filters.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertThatThrownBy(() -> SelectionFile.read(fifo)).isInstanceOf(ClientException.class)
                .hasMessage(fifo + " is not a regular file");
        assertThatThrownBy(() -> SelectionFile.read(Path.of("/dev/zero"))).isInstanceOf(ClientException.class)
                .hasMessage("/dev/zero is not a regular file");
        assertThatThrownBy(() -> SelectionFile.read(dir)).isInstanceOf(ClientException.class)
                .hasMessage(dir + " is not a regular file");
    }
}
