package org.candor.ui.snapshot;

import static org.candor.ui.model.Words.html;

import java.awt.FlowLayout;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import javax.swing.BorderFactory;
import javax.swing.Box;
import javax.swing.JComboBox;
import javax.swing.JLabel;
import javax.swing.JPanel;
import org.candor.ui.model.snapshot.SnapshotSummary;
import org.candor.ui.model.snapshot.ThreadChoice;

/**
 * The top of a snapshot window: what was profiled, the statistics (red when calls were lost, once that is known:
 * {@link #showWarnings}), the thread selector.
 */
final class SnapshotHeader extends JPanel {

    private final JLabel session;
    private final JLabel statistics;

    SnapshotHeader(SnapshotSummary summary, JComboBox<ThreadChoice> threadSelector, JLabel status) {
        super(new GridBagLayout());
        session = new JLabel(summary.sessionLine());
        session.setName("sessionSummary");
        statistics = new JLabel(summary.statisticsLine());
        statistics.setName("statisticsSummary");
        showDetails(summary);
        // a label's minimum width is its whole text: the window system would keep the editor area that wide and cut
        // off the right side of the window (the value columns); let the lines end in "..." instead
        for (JLabel l : new JLabel[] {session, statistics}) {
            l.setMinimumSize(new java.awt.Dimension(0, l.getPreferredSize().height));
        }

        threadSelector.setName("threadSelector");
        JLabel threadLabel = new JLabel("Thread:");
        threadLabel.setDisplayedMnemonic('T');
        threadLabel.setLabelFor(threadSelector);
        status.setName("status");
        JPanel threadRow = new JPanel(new FlowLayout(FlowLayout.LEADING, 0, 0));
        threadRow.add(threadLabel);
        threadRow.add(Box.createHorizontalStrut(8));
        threadRow.add(threadSelector);
        threadRow.add(Box.createHorizontalStrut(12));
        threadRow.add(status);

        setBorder(BorderFactory.createEmptyBorder(8, 10, 8, 10));
        GridBagConstraints c = new GridBagConstraints();
        c.gridx = 0;
        c.weightx = 1;
        c.fill = GridBagConstraints.HORIZONTAL; // long lines end in "..." rather than widen the window
        c.anchor = GridBagConstraints.LINE_START;
        add(session, c);
        c.insets = new Insets(2, 0, 0, 0);
        add(statistics, c);
        c.insets = new Insets(8, 0, 0, 0);
        c.fill = GridBagConstraints.NONE;
        add(threadRow, c);
    }

    /** Marks the statistics when the summary's warnings, found by now, say calls were lost; and adds them to the details. */
    void showWarnings(SnapshotSummary summary) {
        try {
            if (summary.hasLosses()) statistics.setForeground(Colours.error());
        } catch (java.io.IOException e) {
            throw new IllegalStateException("the warnings were found before they are shown", e);
        }
        showDetails(summary);
    }

    private void showDetails(SnapshotSummary summary) {
        String details = detailsHtml(summary);
        session.setToolTipText(details);
        statistics.setToolTipText(details);
    }

    /** The summary's details as an HTML table, for the lines' tooltip. */
    private static String detailsHtml(SnapshotSummary summary) {
        StringBuilder html = new StringBuilder("<html><table cellspacing=0 cellpadding=1>");
        for (SnapshotSummary.Detail d : summary.details()) {
            html.append("<tr><td><b>").append(html(d.name())).append("</b>&nbsp;&nbsp;</td><td>")
                    .append(html(d.value())).append("</td></tr>");
        }
        return html.append("</table></html>").toString();
    }
}
