package org.candor.core.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.candor.core.io.ReplaceFile;

/**
 * Saves a snapshot file under another name (the app's Save As), through {@link ReplaceFile}: a file already at the
 * target stays whole until the copy is.
 */
public final class SnapshotCopy {

    private SnapshotCopy() {}

    public static void copy(Path from, Path to) throws IOException {
        Path source = from.toAbsolutePath().normalize();
        if (source.equals(to.toAbsolutePath().normalize())) return;
        ReplaceFile.write(to, out -> {
            try (InputStream in = Files.newInputStream(source)) {
                in.transferTo(out);
            }
        });
    }
}
