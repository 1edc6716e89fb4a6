package org.candor.ui.calltree;

import java.awt.EventQueue;
import java.awt.event.ActionEvent;
import java.awt.event.ActionListener;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.JFileChooser;
import javax.swing.filechooser.FileNameExtensionFilter;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.imports.ProfileFiles;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.ui.snapshot.Problems;
import org.candor.ui.snapshot.SnapshotOpener;
import org.candor.ui.snapshot.SnapshotTopComponent;
import org.netbeans.api.progress.ProgressHandle;
import org.openide.DialogDisplayer;
import org.openide.NotifyDescriptor;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.awt.ActionRegistration;
import org.openide.util.NbBundle.Messages;
import org.openide.util.RequestProcessor;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/**
 * File &gt; Compare Snapshots…: the snapshot of the active window (A, the baseline) against one the user picks (B);
 * with no snapshot window active, two picked files, the first as A. Both are read in place, in the background.
 */
@ActionID(category = "File", id = "org.candor.ui.calltree.CompareSnapshotsAction")
@ActionRegistration(displayName = "#CTL_CompareSnapshotsAction")
@ActionReference(path = "Menu/File", position = 300)
@Messages({
    "CTL_CompareSnapshotsAction=&Compare Snapshots\u2026",
    "# {0} - baseline file", "TITLE_CompareWith=Compare {0} (A) with\u2026",
    "TITLE_CompareTwo=Compare two snapshots (the first is A, the baseline)",
    "MSG_PickTwo=Pick two snapshots: the first is A, the baseline.",
    "MSG_Comparing=Reading the snapshots to compare",
    "# {0} - the extensions, e.g. *.candor, *.jfr", "FILTER_Snapshots=Profiles ({0})",
    "TITLE_CannotCompare=Cannot compare the snapshots",
})
public final class CompareSnapshotsAction implements ActionListener {

    private static final Logger LOG = Logger.getLogger(CompareSnapshotsAction.class.getName());
    private static final RequestProcessor READER = new RequestProcessor("Candor comparison reader", 1);

    @Override
    public void actionPerformed(ActionEvent e) {
        TopComponent active = TopComponent.getRegistry().getActivated();
        Path a = active instanceof SnapshotTopComponent ? ((SnapshotTopComponent) active).file() : null;
        JFileChooser chooser = new JFileChooser(a != null && a.getParent() != null ? a.getParent().toFile() : null);
        chooser.setFileFilter(new FileNameExtensionFilter(Bundle.FILTER_Snapshots(ProfileFiles.extensionPatterns()), ProfileFiles.EXTENSIONS));
        chooser.setDialogTitle(a != null ? Bundle.TITLE_CompareWith(a.getFileName()) : Bundle.TITLE_CompareTwo());
        chooser.setMultiSelectionEnabled(a == null);
        if (chooser.showOpenDialog(WindowManager.getDefault().getMainWindow()) != JFileChooser.APPROVE_OPTION) return;
        Path b;
        if (a != null) {
            b = chooser.getSelectedFile().toPath();
        } else {
            File[] two = chooser.getSelectedFiles();
            if (two.length != 2) {
                DialogDisplayer.getDefault().notify(new NotifyDescriptor.Message(Bundle.MSG_PickTwo()));
                return;
            }
            a = two[0].toPath();
            b = two[1].toPath();
        }
        Path fileA = a;
        Path fileB = b;
        READER.post(() -> compare(fileA, fileB));
    }

    /**
     * Opens both snapshots in place and reads what the comparison shows first, then opens it; a file that cannot be
     * read, or two with no figure in common, is one notification. Any thread.
     */
    public static void compare(Path fileA, Path fileB) {
        ProgressHandle progress = ProgressHandle.createHandle(Bundle.MSG_Comparing());
        progress.start();
        Path reading = fileA;
        SnapshotFile a = null;
        SnapshotFile b = null;
        try {
            a = ProfileFiles.open(fileA);
            reading = fileB;
            b = ProfileFiles.open(fileB);
            reading = null;
            // calibrated times, as the snapshot window shows them
            ComparisonPanel.Prepared prepared = ComparisonPanel.prepare(CalibratedValues.select(a, false),
                    CalibratedValues.select(b, false));
            a = null;
            b = null;  // the window owns them now
            EventQueue.invokeLater(() -> {
                ComparisonTopComponent.open(fileA, fileB, prepared);
                LOG.log(Level.INFO, "Compared snapshots {0} and {1}", new Object[] {fileA, fileB});
            });
        } catch (IllegalArgumentException noCommonFigure) {
            String message = "Cannot compare " + fileA + " with " + fileB + ": " + noCommonFigure.getMessage();
            LOG.log(Level.INFO, message);
            Problems.notify(Bundle.TITLE_CannotCompare(), message);
        } catch (IOException | RuntimeException ex) {
            String message = reading != null ? SnapshotOpener.failureMessage(reading, ex)
                    : "Cannot compare " + fileA + " with " + fileB + ": " + ex.getMessage();
            LOG.log(Level.INFO, message, ex);
            Problems.notify(Bundle.TITLE_CannotCompare(), message);
        } finally {
            closeQuietly(a);
            closeQuietly(b);
            progress.finish();
        }
    }

    private static void closeQuietly(SnapshotFile f) {
        if (f == null) return;
        try {
            f.close();
        } catch (IOException e) {
            LOG.log(Level.INFO, "Closing a snapshot", e);
        }
    }
}
