package org.candor.ui.snapshot;

import java.io.File;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.openide.util.NbBundle.Messages;

/** What Save Snapshot As decides without Swing: the file a choice means, and the one line a failure is. */
final class SnapshotSaving {

    private SnapshotSaving() {}

    /** The chosen file, with {@code .candor} added when the name has no extension of its own. */
    static Path target(File chosen) {
        return target(chosen, "candor");
    }

    /** The chosen file, with {@code .EXTENSION} added when the name has no extension of its own. */
    static Path target(File chosen, String extension) {
        String name = chosen.getName();
        File file = name.contains(".") ? chosen : new File(chosen.getParentFile(), name + "." + extension);
        return file.toPath().toAbsolutePath().normalize();
    }

    /** A file's name without its extension: {@code run.candor} is {@code run}. */
    static String baseName(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    @Messages({
        "# {0} - file", "MSG_SaveNoFolder=Cannot save {0}: its folder does not exist.",
        "# {0} - file", "MSG_SaveDenied=Cannot save {0}: permission denied.",
        "# {0} - file", "# {1} - reason", "MSG_SaveFailed=Cannot save {0}: {1}",
    })
    static String failureMessage(Path to, Exception e) {
        if (e instanceof NoSuchFileException) return Bundle.MSG_SaveNoFolder(to);
        if (e instanceof AccessDeniedException) return Bundle.MSG_SaveDenied(to);
        String reason = e instanceof FileSystemException && ((FileSystemException) e).getReason() != null
                ? ((FileSystemException) e).getReason() : String.valueOf(e.getMessage());
        return Bundle.MSG_SaveFailed(to, reason);
    }
}
