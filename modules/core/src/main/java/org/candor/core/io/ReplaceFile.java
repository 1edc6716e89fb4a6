package org.candor.core.io;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file the safe way: whole into a temporary file beside the target ({@code .NAME.*.tmp}), forced to the
 * disk, then renamed over the target in one step and the rename made durable. A file already there stays as it was
 * until the new one is complete; on any error the temporary file is removed and the error goes to the caller. A
 * writer that streams its file section by section ({@code SnapshotStreamWriter}) uses the steps on their own.
 */
public final class ReplaceFile {

    /** What goes into the file. The stream is a file's, so a writer may use its channel. */
    public interface Content {
        void writeTo(FileOutputStream out) throws IOException;
    }

    private ReplaceFile() {}

    public static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path temp = temporaryBeside(absolute);
        try {
            try (FileOutputStream out = new FileOutputStream(temp.toFile())) {
                content.writeTo(out);
                out.getChannel().force(true);
            }
            moveOver(temp, absolute);
        } catch (IOException | RuntimeException | Error e) {
            deleteQuietly(temp);
            throw e;
        }
    }

    /** A new, empty temporary file in the target's directory, named {@code .NAME.*.tmp}. */
    public static Path temporaryBeside(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        // a missing folder is the error to name, not the temporary file that could not be made in it
        if (!Files.isDirectory(dir)) throw new java.nio.file.NoSuchFileException(dir.toString());
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + target.getFileName() + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".tmp");
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 9) throw e;
            }
        }
    }

    /** Renames the finished temporary file over the target, then makes the rename durable where it can. */
    public static void moveOver(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            // file systems without atomic rename: still never a half-written target, only a brief gap without one
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        syncDirectory(target.toAbsolutePath().getParent());
    }

    /** Makes a rename durable where the platform allows opening a directory (not on Windows). */
    private static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | RuntimeException ignored) {
            // best effort: the data itself was synced before the rename
        }
    }

    /** Removes a temporary file; the error that matters is the one being reported. */
    public static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // the error that matters is the one being reported
        }
    }
}
