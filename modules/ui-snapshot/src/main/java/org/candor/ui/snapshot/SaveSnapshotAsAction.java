package org.candor.ui.snapshot;

import java.awt.event.ActionEvent;
import java.awt.event.ActionListener;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.JFileChooser;
import javax.swing.filechooser.FileNameExtensionFilter;
import org.candor.core.imports.ProfileFiles;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.awt.ActionReferences;
import org.openide.awt.ActionRegistration;
import org.openide.util.NbBundle.Messages;
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
    "# {0} - file", "MSG_Saving=Saving {0}",
    "# {0} - file", "MSG_Saved=Saved {0}",
})
public final class SaveSnapshotAsAction implements ActionListener {

    private static final Logger LOG = Logger.getLogger(SaveSnapshotAsAction.class.getName());

    private final SnapshotTopComponent window;

    public SaveSnapshotAsAction(SnapshotTopComponent window) {
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
        if (to.equals(from.toAbsolutePath().normalize()) || !FileWriting.mayReplace(to)) return;
        FileWriting.inBackground(Bundle.MSG_Saving(to.getFileName()), Bundle.MSG_Saved(to), to, () -> {
            ProfileFiles.saveAsSnapshot(from, to);
            RecentSnapshots.get().opened(to);
            LOG.log(Level.INFO, "Saved snapshot {0} as {1}", new Object[] {from, to});
        }, () -> window.showsFile(to));
    }
}
