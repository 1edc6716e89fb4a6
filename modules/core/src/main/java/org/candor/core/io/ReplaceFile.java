package org.candor.core.io;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file the safe way: whole into a temporary file beside the target ({@code .NAME.*.tmp}), forced to the
 * disk, then renamed over the target in one step and the rename made durable. A file already there stays as it was
 * until the new one is complete; on any error the temporary file is removed and the error goes to the caller. A
 * writer that streams its file section by section ({@code SnapshotStreamWriter}) uses the steps on their own, which
 * refuse a target that is not a regular file. A failure to write names the target ({@link TargetOutputStream}), so a
 * writer's failure to read its input is not taken for it. {@link #write} replaces the file a symbolic link names (the link stays),
 * and writes into a device or a pipe ({@code /dev/stdout}, {@code /dev/null}, a FIFO), which a rename would replace.
 */
public final class ReplaceFile {

    /** What goes into the file. The stream is a file's, so a writer may use its channel. */
    public interface Content {
        void writeTo(FileOutputStream out) throws IOException;
    }

    private ReplaceFile() {}

    public static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (isDeviceOrPipe(absolute)) {
            // renamed over, it would be gone (and as root, /dev/null with it): the bytes go into it, errors and all
            try (FileOutputStream out = new TargetOutputStream(absolute.toFile(), target)) {
                content.writeTo(out);
            }
            return;
        }
        absolute = linkedFile(absolute);
        Path temp = temporaryBeside(absolute);
        try {
            try (FileOutputStream out = new TargetOutputStream(temp.toFile(), target)) {
                content.writeTo(out);
                out.getChannel().force(true);
            }
            moveOver(temp, absolute);
        } catch (IOException | RuntimeException | Error e) {
            deleteQuietly(temp);
            throw e;
        }
    }

    /**
     * A new, empty temporary file in the target's directory, named {@code .NAME.*.tmp}. A target that is there but is
     * not a regular file (a folder, a device, a pipe) is refused: a rename would put a file in its place.
     */
    public static Path temporaryBeside(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        // a missing folder is the error to name, not the temporary file that could not be made in it
        if (!Files.isDirectory(dir)) throw new NoSuchFileException(dir.toString());
        if (Files.isDirectory(target)) throw new FileSystemException(target.toString(), null, "is a folder");
        if (isDeviceOrPipe(target)) throw new FileSystemException(target.toString(), null, "is not a regular file");
        for (int attempt = 0; ; attempt++) {
            Path temp = dir.resolve("." + target.getFileName() + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".tmp");
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 9) throw e;
            } catch (IOException e) {
                // the error names the target, not a temporary file the user never asked for
                throw cannotWrite(target, e);
            }
        }
    }

    /** Renames the finished temporary file over the target, then makes the rename durable where it can. */
    public static void moveOver(Path temp, Path target) throws IOException {
        try {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                // file systems without atomic rename: still never a half-written target, only a brief gap without one
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
        syncDirectory(target.toAbsolutePath().getParent());
    }

    /** There, and neither a regular file nor a folder (after links): a device, a pipe, a socket. */
    private static boolean isDeviceOrPipe(Path target) {
        return Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target);
    }

    /** The file a symbolic link names (replaced in its own folder, the link kept), else the target itself. */
    private static Path linkedFile(Path target) throws IOException {
        return Files.isSymbolicLink(target) && Files.exists(target) ? target.toRealPath() : target;
    }

    /**
     * The error named by the target, not by a temporary file the user never asked for, and of the same kind (a caller
     * may tell a missing folder from a denied one).
     */
    static IOException cannotWrite(Path target, IOException e) {
        String file = target.toString();
        if (e instanceof FileSystemException && file.equals(((FileSystemException) e).getFile())) return e;
        IOException named;
        if (e instanceof AccessDeniedException) {
            named = new AccessDeniedException(file, null, "permission denied");
        } else if (e instanceof NoSuchFileException) {
            // the folder is there (checked first), yet refuses new files: /proc, say
            named = new FileSystemException(file, null, "no file can be made in " + target.toAbsolutePath().getParent());
        } else if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            named = new FileSystemException(file, null, ((FileSystemException) e).getReason());
        } else {
            named = new FileSystemException(file, null, e.getMessage());
        }
        named.initCause(e);
        return named;
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
