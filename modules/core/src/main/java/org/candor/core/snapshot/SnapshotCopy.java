package org.candor.core.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Saves a snapshot file under another name (the app's Save As): the bytes go to a temporary file beside the target,
 * are forced to the disk, and only then replace the target in one rename, so a file already there stays whole until
 * the new one is; on any error the temporary file is removed and the error goes to the caller.
 */
public final class SnapshotCopy {

    private SnapshotCopy() {}

    public static void copy(Path from, Path to) throws IOException {
        Path source = from.toAbsolutePath().normalize();
        Path target = to.toAbsolutePath().normalize();
        if (source.equals(target)) return;
        Path temp = temporaryBeside(target);
        try (InputStream in = Files.newInputStream(source);
             FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
            OutputStream out = Channels.newOutputStream(channel);
            in.transferTo(out);
            channel.force(true);
        } catch (IOException | RuntimeException | Error e) {
            deleteQuietly(temp);
            throw e;
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temp);
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

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // the error that matters is the one being reported
        }
    }
}
