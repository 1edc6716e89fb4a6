package org.candor.ui.snapshot;

import java.awt.event.ActionEvent;
import java.awt.event.ActionListener;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.JFileChooser;
import javax.swing.filechooser.FileNameExtensionFilter;
import org.candor.core.snapshot.SnapshotCopy;
import org.candor.ui.calltree.CallTreeTopComponent;
import org.netbeans.api.progress.ProgressHandle;
import org.openide.DialogDisplayer;
import org.openide.NotifyDescriptor;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.awt.ActionReferences;
import org.openide.awt.ActionRegistration;
import org.openide.awt.StatusDisplayer;
import org.openide.util.NbBundle.Messages;
import org.openide.util.RequestProcessor;
import org.openide.windows.WindowManager;

/**
 * File &gt; Save Snapshot As…: the snapshot in the active window under a name and folder the user picks (a snapshot
 * from a live session lands in {@code ~/candor-snapshots} under a generated name). The file is copied whole and
 * only then renamed over an older one; the window then shows the new file.
 */
@ActionID(category = "File", id = "org.candor.ui.snapshot.SaveSnapshotAsAction")
@ActionRegistration(displayName = "#CTL_SaveSnapshotAsAction")
@ActionReferences({
    @ActionReference(path = "Menu/File", position = 200),
    @ActionReference(path = "Shortcuts", name = "DS-S")
})
@Messages({
    "CTL_SaveSnapshotAsAction=Save Snapshot &As\u2026",
    "TITLE_SaveSnapshotAs=Save Snapshot As",
    "# {0} - file", "MSG_Replace={0} exists. Replace it?",
    "# {0} - file", "MSG_Saving=Saving {0}",
    "# {0} - file", "MSG_Saved=Saved {0}",
})
public final class SaveSnapshotAsAction implements ActionListener {

    private static final Logger LOG = Logger.getLogger(SaveSnapshotAsAction.class.getName());
    private static final RequestProcessor WRITER = new RequestProcessor("Candor snapshot writer", 1);

    private final CallTreeTopComponent window;

    public SaveSnapshotAsAction(CallTreeTopComponent window) {
        this.window = window;
    }

    @Override
    public void actionPerformed(ActionEvent e) {
        Path from = window.file();
        JFileChooser chooser = new JFileChooser(from.getParent() == null ? null : from.getParent().toFile());
        chooser.setDialogTitle(Bundle.TITLE_SaveSnapshotAs());
        chooser.setFileFilter(new FileNameExtensionFilter(Bundle.FILTER_Snapshots(), "candor"));
        chooser.setSelectedFile(from.toFile());
        if (chooser.showSaveDialog(WindowManager.getDefault().getMainWindow()) != JFileChooser.APPROVE_OPTION) return;
        Path to = SnapshotSaving.target(chooser.getSelectedFile());
        if (to.equals(from.toAbsolutePath().normalize())) return;
        if (Files.exists(to)) {
            NotifyDescriptor ask = new NotifyDescriptor.Confirmation(Bundle.MSG_Replace(to), NotifyDescriptor.YES_NO_OPTION);
            if (DialogDisplayer.getDefault().notify(ask) != NotifyDescriptor.YES_OPTION) return;
        }
        WRITER.post(() -> save(from, to));
    }

    private void save(Path from, Path to) {
        ProgressHandle progress = ProgressHandle.createHandle(Bundle.MSG_Saving(to.getFileName()));
        progress.start();
        try {
            SnapshotCopy.copy(from, to);
            LOG.log(Level.INFO, "Saved snapshot {0} as {1}", new Object[] {from, to});
            StatusDisplayer.getDefault().setStatusText(Bundle.MSG_Saved(to));
            java.awt.EventQueue.invokeLater(() -> window.showsFile(to));
        } catch (IOException | RuntimeException ex) {
            String message = SnapshotSaving.failureMessage(to, ex);
            LOG.log(Level.INFO, message);
            DialogDisplayer.getDefault().notifyLater(new NotifyDescriptor.Message(message, NotifyDescriptor.ERROR_MESSAGE));
        } finally {
            progress.finish();
        }
    }
}
