package org.candor.core.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.candor.core.model.Snapshot;

/**
 * Reads snapshots of any minor version of the supported major format version, skipping sections it does not know.
 * A file that is not a readable snapshot gives a {@link SnapshotFormatException} with a one-line message; I/O
 * failures (a missing file, a read error) stay ordinary {@link IOException}s.
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
            if (size > SnapshotFormat.MAX_FILE_SIZE) throw tooLarge(name, size + " bytes");
            ByteBuffer buffer = ByteBuffer.allocate((int) size);
            while (buffer.hasRemaining()) {
                if (channel.read(buffer) < 0) break; // shrank while being read: decoded as truncated
            }
            return SnapshotDecoder.decode(buffer.array(), buffer.position(), name);
        }
    }

    /** Reads a whole snapshot from a stream, which is left open; {@code sourceName} names it in messages. */
    public static Snapshot read(InputStream in, String sourceName) throws IOException {
        byte[] buf = new byte[1 << 16];
        int size = 0;
        while (true) {
            if (size == buf.length) {
                if (size == SnapshotFormat.MAX_FILE_SIZE) {
                    if (in.read() < 0) break;
                    throw tooLarge(sourceName, "over " + size + " bytes");
                }
                buf = Arrays.copyOf(buf, (int) Math.min((long) size * 2, SnapshotFormat.MAX_FILE_SIZE));
            }
            int n = in.read(buf, size, buf.length - size);
            if (n < 0) break;
            size += n;
        }
        return SnapshotDecoder.decode(buf, size, sourceName);
    }

    /** Decodes a snapshot held in memory. */
    public static Snapshot read(byte[] bytes, String sourceName) throws SnapshotFormatException {
        return SnapshotDecoder.decode(bytes, bytes.length, sourceName);
    }

    private static SnapshotFormatException tooLarge(String name, String size) {
        return new SnapshotFormatException(name, "is too large (" + size + "); this Candor reads snapshots up to "
                + SnapshotFormat.MAX_FILE_SIZE + " bytes");
    }
}
