package org.candor.core.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.candor.core.model.Snapshot;

/**
 * Reads a snapshot whole into the object model: every version from 1.0 to the current major, any minor version,
 * skipping sections it does not know. A file that is not a readable snapshot gives a {@link
 * SnapshotFormatException} with a one-line message, one too large for the heap a {@link SnapshotTooLargeException};
 * I/O failures (a missing file, a read error) stay ordinary {@link IOException}s. To read a snapshot without
 * building its trees, use {@link SnapshotFile}.
 */
public final class SnapshotReader {

    private SnapshotReader() {}

    public static Snapshot read(Path file) throws IOException {
        String name = file.toString();
        if (!Files.isRegularFile(file) && Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) { // a pipe or device: its size says nothing
                return read(in, name);
            }
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            // mapped, not copied: the heap is for the trees
            return SnapshotDecoder.decode(size == 0 ? SnapshotBytes.of(new byte[0], 0, name) : SnapshotBytes.map(channel, size, name));
        }
    }

    /** Reads a whole snapshot from a stream, which is left open; {@code sourceName} names it in messages. */
    public static Snapshot read(InputStream in, String sourceName) throws IOException {
        byte[] b = readAll(in, sourceName);
        return SnapshotDecoder.decode(SnapshotBytes.of(b, b.length, sourceName));
    }

    /** Decodes a snapshot held in memory. */
    public static Snapshot read(byte[] bytes, String sourceName) throws SnapshotFormatException {
        return SnapshotDecoder.decode(SnapshotBytes.of(bytes, bytes.length, sourceName));
    }

    /** A stream's bytes, up to the largest array. */
    static byte[] readAll(InputStream in, String sourceName) throws IOException {
        byte[] buf = new byte[1 << 16];
        int size = 0;
        while (true) {
            if (size == buf.length) {
                if (size == SnapshotFormat.MAX_FILE_SIZE) {
                    if (in.read() < 0) break;
                    throw new SnapshotFormatException(sourceName, "is too large to read from a stream (over " + size
                            + " bytes); read it from a file");
                }
                buf = Arrays.copyOf(buf, (int) Math.min((long) size * 2, SnapshotFormat.MAX_FILE_SIZE));
            }
            int n = in.read(buf, size, buf.length - size);
            if (n < 0) break;
            size += n;
        }
        return size == buf.length ? buf : Arrays.copyOf(buf, size);
    }
}
