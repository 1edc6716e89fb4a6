package org.candor.ui.snapshot;

import java.awt.event.ActionEvent;
import java.awt.event.ActionListener;
import java.io.File;
import java.util.prefs.Preferences;
import javax.swing.JFileChooser;
import javax.swing.filechooser.FileNameExtensionFilter;
import org.candor.core.imports.ProfileFiles;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.awt.ActionReferences;
import org.openide.awt.ActionRegistration;
import org.openide.util.NbBundle.Messages;
import org.openide.util.NbPreferences;
import org.openide.windows.WindowManager;

/** File &gt; Open Snapshot…: picks profile files ({@code .candor}, and JFR or collapsed stacks to import) and opens each in a snapshot window. */
@ActionID(category = "File", id = "org.candor.ui.snapshot.OpenSnapshotAction")
@ActionRegistration(displayName = "#CTL_OpenSnapshotAction", iconBase = "org/candor/ui/snapshot/open-snapshot.png")
@ActionReferences({
    @ActionReference(path = "Menu/File", position = 100),
    @ActionReference(path = "Toolbars/File", position = 100),
    @ActionReference(path = "Shortcuts", name = "D-O")
})
@Messages({
    "CTL_OpenSnapshotAction=&Open Snapshot\u2026",
    "TITLE_OpenSnapshot=Open Snapshot",
    "FILTER_Snapshots=Candor snapshots (*.candor)",
    "# {0} - the extensions, e.g. *.candor, *.jfr", "FILTER_Profiles=Profiles ({0})"
})
public final class OpenSnapshotAction implements ActionListener {

    private static final String LAST_DIRECTORY = "lastSnapshotDirectory";

    @Override
    public void actionPerformed(ActionEvent e) {
        Preferences prefs = NbPreferences.forModule(OpenSnapshotAction.class);
        JFileChooser chooser = new JFileChooser(prefs.get(LAST_DIRECTORY, System.getProperty("user.dir")));
        chooser.setDialogTitle(Bundle.TITLE_OpenSnapshot());
        chooser.setFileFilter(new FileNameExtensionFilter(Bundle.FILTER_Profiles(ProfileFiles.extensionPatterns()), ProfileFiles.EXTENSIONS));
        chooser.setMultiSelectionEnabled(true);
        if (chooser.showOpenDialog(WindowManager.getDefault().getMainWindow()) != JFileChooser.APPROVE_OPTION) return;
        prefs.put(LAST_DIRECTORY, chooser.getCurrentDirectory().getPath());
        for (File f : chooser.getSelectedFiles()) SnapshotOpener.open(f.toPath());
    }
}
