package org.candor.core.snapshot;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;
import org.candor.core.model.Snapshot;

/** Writes snapshots in the current format version (see docs/formats/snapshot.md). */
public final class SnapshotWriter {

    private SnapshotWriter() {}

    /**
     * Writes the snapshot to {@code target} atomically: readers see either the old file or the complete new one,
     * never a partial write. The data goes to a temporary file in the same directory, which is synced and then
     * renamed over the target; on any failure the temporary file is removed and the target left as it was.
     *
     * @throws IllegalArgumentException if the snapshot is inconsistent (a node with an unknown method id, or with
     *                                  another number of values than the snapshot has metrics)
     */
    public static void write(Snapshot snapshot, Path target) throws IOException {
        write(snapshot, target, UnaryOperator.identity());
    }

    /** As {@link #write(Snapshot, Path)}; {@code fileStream} wraps the temporary file's stream, to inject failures. */
    static void write(Snapshot snapshot, Path target, UnaryOperator<OutputStream> fileStream) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = null;
        FileChannel channel = null;
        boolean moved = false;
        try {
            for (int attempt = 0; channel == null; attempt++) {
                temp = dir.resolve("." + target.getFileName() + "."
                        + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".tmp");
                try {
                    channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException e) {
                    if (attempt == 9) throw e;
                }
            }
            OutputStream out = new BufferedOutputStream(fileStream.apply(Channels.newOutputStream(channel)), 1 << 16);
            write(snapshot, out);
            out.flush();
            channel.force(true);
            channel.close();
            moveOver(temp, target);
            moved = true;
            syncDirectory(dir);
        } finally {
            if (!moved) {
                closeQuietly(channel);
                if (temp != null) deleteQuietly(temp);
            }
        }
    }

    /** Writes the snapshot to a stream, which is flushed but not closed. No atomicity: the caller owns the stream. */
    public static void write(Snapshot snapshot, OutputStream out) throws IOException {
        new SnapshotEncoder(snapshot, out).encode();
        out.flush();
    }

    private static void moveOver(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            // file systems without atomic rename: still never a half-written target, only a brief gap without one
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Makes the rename durable where the platform allows opening a directory (not on Windows). */
    private static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | RuntimeException ignored) {
            // best effort: the data itself was synced before the rename
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            if (channel != null) channel.close();
        } catch (IOException ignored) {
            // the write already failed; that failure is the one to report
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // nothing more to do; the temporary name starts with a dot and ends with .tmp
        }
    }
}
