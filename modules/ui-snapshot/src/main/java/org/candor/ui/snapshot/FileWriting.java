package org.candor.ui.snapshot;

import java.awt.EventQueue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.netbeans.api.progress.ProgressHandle;
import org.openide.DialogDisplayer;
import org.openide.NotifyDescriptor;
import org.openide.awt.StatusDisplayer;
import org.openide.util.NbBundle.Messages;
import org.openide.util.RequestProcessor;

/**
 * What Save Snapshot As and Export Snapshot share: asking before a file is replaced (which the other windows' file
 * writing asks too), and the writing itself in the background under a progress bar, with the status line on success
 * and one notification naming the file on failure.
 */
public final class FileWriting {

    /** The writing; it logs what it did. */
    interface Work {
        void run() throws IOException;
    }

    private static final Logger LOG = Logger.getLogger(FileWriting.class.getName());
    private static final RequestProcessor WRITER = new RequestProcessor("Candor file writer", 1);

    private FileWriting() {}

    /** True when {@code to} does not exist yet, or the user agrees to replace it. Event thread. */
    @Messages({"# {0} - file", "MSG_Replace={0} exists. Replace it?"})
    public static boolean mayReplace(Path to) {
        if (!Files.exists(to)) return true;
        NotifyDescriptor ask = new NotifyDescriptor.Confirmation(Bundle.MSG_Replace(to), NotifyDescriptor.YES_NO_OPTION);
        return DialogDisplayer.getDefault().notify(ask) == NotifyDescriptor.YES_OPTION;
    }

    /**
     * Runs {@code work} in the background; {@code done} follows on the event thread once the file is whole. A failure
     * is one notification naming the file; an older file of that name is left as it was.
     */
    @Messages({"# {0} - file name", "TITLE_CannotWrite=Cannot write {0}"})
    static void inBackground(String progress, String finished, Path to, Work work, Runnable done) {
        WRITER.post(() -> {
            ProgressHandle handle = ProgressHandle.createHandle(progress);
            handle.start();
            try {
                work.run();
                StatusDisplayer.getDefault().setStatusText(finished);
                EventQueue.invokeLater(done);
            } catch (IOException | RuntimeException ex) {
                String message = SnapshotSaving.failureMessage(to, ex);
                LOG.log(Level.INFO, message);
                Problems.notify(Bundle.TITLE_CannotWrite(to.getFileName()), message);
            } finally {
                handle.finish();
            }
        });
    }
}
