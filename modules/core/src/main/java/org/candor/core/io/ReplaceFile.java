package org.candor.core.io;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file the safe way: whole into a temporary file beside the target ({@code .NAME.*.tmp}), forced to the
 * disk, then renamed over the target in one step. A file already there stays as it was until the new one is
 * complete; on any error the temporary file is removed and the error goes to the caller. (Snapshots written as a
 * stream have their own writer, {@code SnapshotStreamWriter}, which does the same.)
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
            Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException | Error e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the error that matters is the one being reported
            }
            throw e;
        }
    }

    private static Path temporaryBeside(Path target) throws IOException {
        Path dir = target.getParent();
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
}
