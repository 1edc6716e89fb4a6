package org.candor.ui.calltree;

import java.awt.BorderLayout;
import java.nio.file.Path;
import org.candor.core.model.Snapshot;
import org.candor.ui.snapshot.EditorArea;
import org.openide.windows.TopComponent;

/** A window comparing two snapshots (File &gt; Compare Snapshots): {@link ComparisonPanel} in the editor area. */
public final class ComparisonTopComponent extends TopComponent {

    private final ComparisonPanel panel;

    ComparisonTopComponent(Path fileA, Snapshot a, Path fileB, Snapshot b) {
        setName(fileA.getFileName() + " \u2194 " + fileB.getFileName());
        setToolTipText("A: " + fileA + "  B: " + fileB);
        setLayout(new BorderLayout());
        setMinimumSize(new java.awt.Dimension(320, 200));
        panel = new ComparisonPanel(a, fileA.toString(), b, fileB.toString());
        add(panel, BorderLayout.CENTER);
    }

    ComparisonPanel panel() { return panel; }

    /** Opens the comparison in the editor area. Call on the event thread. */
    public static ComparisonTopComponent open(Path fileA, Snapshot a, Path fileB, Snapshot b) {
        return EditorArea.show(new ComparisonTopComponent(fileA, a, fileB, b));
    }

    @Override public int getPersistenceType() { return PERSISTENCE_NEVER; }
    @Override protected String preferredID() { return "CandorComparison"; }
}
