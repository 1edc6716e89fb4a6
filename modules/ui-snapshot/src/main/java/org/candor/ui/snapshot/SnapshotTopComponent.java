package org.candor.ui.snapshot;

import java.awt.BorderLayout;
import java.awt.FlowLayout;
import java.nio.file.Path;
import javax.swing.JCheckBox;
import javax.swing.JComponent;
import javax.swing.JPanel;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.model.Snapshot;
import org.openide.util.lookup.Lookups;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/**
 * The window of one opened snapshot, titled with its file name: its views ({@link SnapshotViewsPanel}) and, for a
 * calibrated snapshot, the switch to raw times. Not kept across restarts: it holds the snapshot.
 */
public final class SnapshotTopComponent extends TopComponent {

    private Path file;
    private final Snapshot snapshot;
    private SnapshotViewsPanel panel;
    private boolean rawTimes;

    public SnapshotTopComponent(Path file, Snapshot snapshot) {
        this.file = file;
        this.snapshot = snapshot;
        setName(file.getFileName().toString());
        setToolTipText(file.toString());
        setLayout(new BorderLayout());
        // never wider than the editor area the user gives it: the tables scroll, the header lines shorten
        setMinimumSize(new java.awt.Dimension(320, 200));
        if (CalibratedValues.isCalibrated(snapshot)) add(rawTimesToggle(), BorderLayout.NORTH);
        showTimes(false);
        associateLookup(Lookups.fixed(snapshot, file, this));
    }

    /** Calibrated times by default; the raw ones, as the probes measured them, on request. */
    private JComponent rawTimesToggle() {
        JCheckBox raw = new JCheckBox("Raw times (before calibration)");
        raw.setName("rawTimes");
        raw.setToolTipText("Show instrumented times as measured, with the probes' own cost still in them");
        raw.addActionListener(e -> showTimes(raw.isSelected()));
        JPanel bar = new JPanel(new FlowLayout(FlowLayout.RIGHT, 8, 2));
        bar.add(raw);
        return bar;
    }

    /** Shows the views of the calibrated or the raw times, the reader's place (thread, view, paths) kept. */
    private void showTimes(boolean raw) {
        rawTimes = raw;
        ViewState place = panel == null ? null : panel.viewState();
        if (panel != null) remove(panel);
        panel = new SnapshotViewsPanel(CalibratedValues.select(snapshot, raw));
        if (place != null) panel.restore(place);
        add(panel, BorderLayout.CENTER);
        getActionMap().put("find", panel.findAction());  // Edit > Find and the platform's Ctrl+F
        revalidate();
        repaint();
    }

    /** True while the window shows raw times (before calibration). */
    public boolean showsRawTimes() { return rawTimes; }

    /** The views now shown (calibrated or raw times). */
    public SnapshotViewsPanel panel() { return panel; }

    /** The snapshot file this window shows. */
    public Path file() { return file; }

    /** The same snapshot now lives in {@code saved} (Save As): the window names it. Call on the event thread. */
    public void showsFile(Path saved) {
        file = saved;
        setName(saved.getFileName().toString());
        setToolTipText(saved.toString());
    }

    /** Opens a window for the snapshot in the editor area and activates it. Call on the event thread. */
    public static SnapshotTopComponent open(Path file, Snapshot snapshot) {
        return EditorArea.show(new SnapshotTopComponent(file, snapshot));
    }

    /** The open window showing this file, or null. Call on the event thread. */
    public static SnapshotTopComponent findOpen(Path file) {
        for (TopComponent tc : WindowManager.getDefault().getRegistry().getOpened()) {
            if (tc instanceof SnapshotTopComponent && ((SnapshotTopComponent) tc).file.equals(file)) {
                return (SnapshotTopComponent) tc;
            }
        }
        return null;
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorSnapshot"; }
}
