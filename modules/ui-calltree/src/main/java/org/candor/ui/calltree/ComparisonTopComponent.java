package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.ui.snapshot.EditorArea;
import org.openide.windows.TopComponent;

/**
 * A window comparing two snapshots (File &gt; Compare Snapshots): {@link ComparisonPanel} in the editor area. It owns
 * the two files it reads in place and closes them with the window.
 */
public final class ComparisonTopComponent extends TopComponent {

    private static final Logger LOG = Logger.getLogger(ComparisonTopComponent.class.getName());

    private final ComparisonPanel panel;
    private final ComparisonPanel.Prepared prepared;

    ComparisonTopComponent(Path fileA, Path fileB, ComparisonPanel.Prepared prepared) {
        this.prepared = prepared;
        setName(fileA.getFileName() + " \u2194 " + fileB.getFileName());
        setToolTipText("A: " + fileA + "  B: " + fileB);
        setLayout(new BorderLayout());
        setMinimumSize(new java.awt.Dimension(320, 200));
        panel = new ComparisonPanel(prepared, fileA.toString(), fileB.toString());
        add(panel, BorderLayout.CENTER);
    }

    ComparisonPanel panel() { return panel; }

    /** Opens the comparison in the editor area. Call on the event thread. */
    static ComparisonTopComponent open(Path fileA, Path fileB, ComparisonPanel.Prepared prepared) {
        return EditorArea.show(new ComparisonTopComponent(fileA, fileB, prepared));
    }

    @Override
    protected void componentClosed() {
        super.componentClosed();
        // a row still being read fails with a closed file, and says so in the log only
        for (SnapshotFile f : new SnapshotFile[] {prepared.a, prepared.b}) {
            try {
                f.close();
            } catch (IOException e) {
                LOG.log(Level.INFO, "Closing a compared snapshot", e);
            }
        }
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorComparison"; }
}
