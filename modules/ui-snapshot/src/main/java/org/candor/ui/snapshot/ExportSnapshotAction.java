package org.candor.ui.snapshot;

import java.awt.event.ActionEvent;
import java.awt.event.ActionListener;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.JFileChooser;
import javax.swing.filechooser.FileFilter;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.imports.ProfileFiles;
import org.candor.core.io.ReplaceFile;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.openide.awt.ActionID;
import org.openide.awt.ActionReference;
import org.openide.awt.ActionReferences;
import org.openide.awt.ActionRegistration;
import org.openide.util.NbBundle.Messages;
import org.openide.windows.WindowManager;

/**
 * File &gt; Export Snapshot…: the active window's snapshot as one of the reports core writes ({@link ReportFormat}:
 * a filter per format), the same bytes {@code candor report --format F -o FILE} writes, written whole and then
 * renamed over an older file. The times are the window's: calibrated, or raw when the window shows raw times. A
 * format of a trace (chrome-trace) is offered only for the snapshot of a traced run ({@link ReportFormat#appliesTo}).
 */
@ActionID(category = "File", id = "org.candor.ui.snapshot.ExportSnapshotAction")
@ActionRegistration(displayName = "#CTL_ExportSnapshotAction")
@ActionReferences({
    @ActionReference(path = "Menu/File", position = 250),
    @ActionReference(path = "Shortcuts", name = "DS-E")
})
@Messages({
    "CTL_ExportSnapshotAction=&Export Snapshot\u2026",
    "TITLE_ExportSnapshot=Export Snapshot",
    "# {0} - file", "MSG_Exporting=Exporting {0}",
    "# {0} - file", "MSG_Exported=Exported {0}",
})
public final class ExportSnapshotAction implements ActionListener {

    private static final Logger LOG = Logger.getLogger(ExportSnapshotAction.class.getName());

    private final SnapshotTopComponent window;

    public ExportSnapshotAction(SnapshotTopComponent window) {
        this.window = window;
    }

    @Override
    public void actionPerformed(ActionEvent e) {
        Path from = window.file();
        JFileChooser chooser = new JFileChooser(from.getParent() == null ? null : from.getParent().toFile());
        chooser.setDialogTitle(Bundle.TITLE_ExportSnapshot());
        chooser.setAcceptAllFileFilterUsed(false);
        Map<FileFilter, ReportFormat> formats = new LinkedHashMap<>();
        SnapshotSource source = window.getLookup().lookup(SnapshotSource.class);
        SnapshotInfo info = source == null ? new SnapshotInfo() : source.info();
        for (ReportFormat f : ReportFormat.values()) {
            if (!f.appliesTo(info)) continue; // a trace's format, and this run was not traced
            FileFilter filter = endingWith(f.description() + " (*." + f.extension() + ")", f.extension());
            formats.put(filter, f);
            chooser.addChoosableFileFilter(filter);
        }
        chooser.setFileFilter(chooser.getChoosableFileFilters()[0]);
        chooser.setSelectedFile(new File(SnapshotSaving.baseName(from) + "." + ReportFormat.TEXT.extension()));
        if (chooser.showSaveDialog(WindowManager.getDefault().getMainWindow()) != JFileChooser.APPROVE_OPTION) return;
        ReportFormat format = formats.getOrDefault(chooser.getFileFilter(), ReportFormat.TEXT);
        Path to = SnapshotSaving.target(chooser.getSelectedFile(), format.extension());
        if (!FileWriting.mayReplace(to)) return;
        boolean raw = window.showsRawTimes();
        FileWriting.inBackground(Bundle.MSG_Exporting(to.getFileName()), Bundle.MSG_Exported(to), to,
                () -> export(from, format, raw, to), () -> { });
    }

    /**
     * Folders and the files whose names end with {@code .EXTENSION}: an extension may have dots of its own
     * ({@code pb.gz}), and Swing's {@link javax.swing.filechooser.FileNameExtensionFilter} compares only what follows
     * the last dot.
     */
    static FileFilter endingWith(String description, String extension) {
        String suffix = "." + extension.toLowerCase(Locale.ROOT);
        return new FileFilter() {
            @Override public boolean accept(File f) {
                return f.isDirectory() || f.getName().toLowerCase(Locale.ROOT).endsWith(suffix);
            }

            @Override public String getDescription() { return description; }
        };
    }

    /** The report of {@code from} in {@code format}, calibrated or raw, written whole to {@code to}. */
    static void export(Path from, ReportFormat format, boolean raw, Path to) throws IOException {
        try (SnapshotFile snapshot = ProfileFiles.open(from)) {
            SnapshotFile shown = CalibratedValues.select(snapshot, raw);
            ReplaceFile.write(to, out -> format.write(shown, ReportOptions.defaults(), out));
        }
        LOG.log(Level.INFO, "Exported snapshot {0} as {1} to {2}", new Object[] {from, format.id(), to});
    }
}
