package org.candor.ui.snapshot;

import java.awt.BorderLayout;
import java.awt.EventQueue;
import java.awt.FlowLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.swing.JCheckBox;
import javax.swing.JComponent;
import javax.swing.JPanel;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.model.Snapshot;
import org.candor.ui.model.snapshot.SnapshotSource;
import org.openide.util.RequestProcessor;
import org.openide.util.lookup.Lookups;
import org.openide.windows.TopComponent;
import org.openide.windows.WindowManager;

/**
 * The window of one opened snapshot, titled with its file name: its views ({@link SnapshotViewsPanel}) and, for a
 * calibrated snapshot, the switch to raw times, whose views are made in the background. Not kept across restarts:
 * it holds the snapshot, or its file open while the trees are read in place; closing the window closes the file.
 */
public final class SnapshotTopComponent extends TopComponent {

    private static final Logger LOG = Logger.getLogger(SnapshotTopComponent.class.getName());
    private static final RequestProcessor SWITCH = new RequestProcessor("Candor raw or calibrated times", 1);

    private Path file;
    /** As opened, every column: what the calibrated and the raw times are selected from. */
    private final SnapshotSource opened;
    private SnapshotViewsPanel panel;
    private boolean rawTimes;
    /** The times asked for last (the switch may still be making their views). */
    private boolean rawAsked;

    /** A snapshot in memory; its calibrated times are selected here, on the event thread. */
    public SnapshotTopComponent(Path file, Snapshot snapshot) {
        this(file, SnapshotSource.of(snapshot), SnapshotSource.of(CalibratedValues.select(snapshot, false)));
    }

    /**
     * @param opened the snapshot as opened, which the window closes with itself
     * @param shown  its calibrated times ({@code opened.withRawTimes(false)}), made off the event thread
     */
    public SnapshotTopComponent(Path file, SnapshotSource opened, SnapshotSource shown) {
        this.file = file;
        this.opened = opened;
        setName(file.getFileName().toString());
        setToolTipText(file.toString());
        setLayout(new BorderLayout());
        // never wider than the editor area the user gives it: the tables scroll, the header lines shorten
        setMinimumSize(new java.awt.Dimension(320, 200));
        if (opened.isCalibrated()) add(rawTimesToggle(), BorderLayout.NORTH);
        show(shown, false);
        associateLookup(Lookups.fixed(opened, file, this));
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

    /** Makes the views of the raw or calibrated times in the background (in memory that copies the trees). */
    private void showTimes(boolean raw) {
        rawAsked = raw;
        SWITCH.post(() -> {
            try {
                SnapshotSource times = opened.withRawTimes(raw);
                EventQueue.invokeLater(() -> {
                    if (rawAsked == raw) show(times, raw);
                });
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "Cannot show the " + (raw ? "raw" : "calibrated") + " times of " + file, e);
                Problems.notify("Cannot show the " + (raw ? "raw" : "calibrated") + " times", file + ": " + e.getMessage());
            }
        });
    }

    /** Shows the views of these times, the reader's place (thread, view, paths) kept. */
    private void show(SnapshotSource times, boolean raw) {
        rawTimes = raw;
        ViewState place = panel == null ? null : panel.viewState();
        if (panel != null) remove(panel);
        panel = new SnapshotViewsPanel(times);
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
    public static SnapshotTopComponent open(Path file, SnapshotSource opened, SnapshotSource shown) {
        return EditorArea.show(new SnapshotTopComponent(file, opened, shown));
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

    /** The file a snapshot read in place is read from stays open until its window closes. */
    @Override protected void componentClosed() {
        super.componentClosed();
        try {
            opened.close();
        } catch (IOException e) {
            LOG.log(Level.INFO, "Closing " + file, e);
        }
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorSnapshot"; }
}
