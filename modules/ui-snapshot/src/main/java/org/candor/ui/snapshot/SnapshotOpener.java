package org.candor.ui.snapshot;

import static org.candor.ui.model.Words.capitalized;

import java.awt.EventQueue;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.candor.core.snapshot.SnapshotFormatException;
import org.candor.core.snapshot.SnapshotTooLargeException;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.netbeans.api.progress.ProgressHandle;
import org.openide.util.NbBundle.Messages;
import org.openide.util.RequestProcessor;

/**
 * Opens snapshot files in snapshot windows. Reading happens in the background, under a progress bar: a small file is
 * read whole, a large one in place ({@link SnapshotSource#open} decides), so that the window, its header and thread
 * list show within a second whatever the size, and its first rows soon after. A file that cannot be read is reported
 * in one notification ({@link Problems}) and changes nothing else. A file read is a recent snapshot.
 */
public final class SnapshotOpener {

    private static final Logger LOG = Logger.getLogger(SnapshotOpener.class.getName());
    private static final RequestProcessor READER = new RequestProcessor("Candor snapshot reader", 2);

    private SnapshotOpener() {}

    /** Opens the file, or activates its window when it is already open. Any thread. */
    public static void open(Path file) {
        Path path = file.toAbsolutePath().normalize();
        EventQueue.invokeLater(() -> {
            SnapshotTopComponent open = SnapshotTopComponent.findOpen(path);
            if (open != null) {
                open.requestActive();
            } else {
                READER.post(() -> read(path));
            }
        });
    }

    @Messages({"# {0} - file name", "MSG_Opening=Opening {0}", "# {0} - file name", "TITLE_CannotOpen=Cannot open {0}"})
    private static void read(Path file) {
        ProgressHandle progress = ProgressHandle.createHandle(Bundle.MSG_Opening(file.getFileName()));
        progress.start();
        SnapshotSource opened = null;
        try {
            opened = SnapshotSource.open(file);
            SnapshotSource shown = opened.withRawTimes(false);
            RecentSnapshots.get().opened(file);
            SnapshotSource source = opened;
            EventQueue.invokeLater(() -> {
                SnapshotTopComponent.open(file, source, shown);
                LOG.log(Level.INFO, "Opened snapshot {0}: {1} threads, {2} methods, {3}", new Object[] {file,
                        source.threadCount(), source.methods().size(), source.readsFile() ? "read in place" : "in memory"});
            });
        } catch (IOException | RuntimeException e) {
            closeQuietly(opened);
            // Not a bug of ours when the file is bad; anything else is logged so that it can be reported.
            if (!(e instanceof IOException)) LOG.log(Level.WARNING, "Cannot open " + file, e);
            if (e instanceof NoSuchFileException) RecentSnapshots.get().forget(file);
            String message = failureMessage(file, e);
            LOG.log(Level.INFO, message);
            Problems.notify(Bundle.TITLE_CannotOpen(file.getFileName()), message);
        } finally {
            progress.finish();
        }
    }

    private static void closeQuietly(SnapshotSource s) {
        if (s == null) return;
        try {
            s.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing after a failure", e);
        }
    }

    /** The one line the user reads when a snapshot cannot be opened. */
    @Messages({
        "# {0} - file", "MSG_NoSuchFile=Cannot open {0}: there is no such file.",
        "# {0} - file", "MSG_AccessDenied=Cannot open {0}: permission denied.",
        "# {0} - file", "# {1} - reason", "MSG_CannotOpen=Cannot open {0}: {1}",
        "# {0} - the reader's message", "# {1} - file",
        "MSG_TooLarge={0}; the command line reads it without loading it: candor report {1}",
    })
    public static String failureMessage(Path file, Exception e) {
        if (e instanceof NoSuchFileException) return Bundle.MSG_NoSuchFile(file);
        if (e instanceof AccessDeniedException) return Bundle.MSG_AccessDenied(file);
        // a window reads a large file in place: only a 1.x file (no index to children) is read whole
        if (e instanceof SnapshotTooLargeException) return Bundle.MSG_TooLarge(capitalized(e.getMessage()), file);
        // The reader's message already names the file and the problem in one line.
        if (e instanceof SnapshotFormatException) return capitalized(e.getMessage());
        String reason = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return Bundle.MSG_CannotOpen(file, reason);
    }
}
