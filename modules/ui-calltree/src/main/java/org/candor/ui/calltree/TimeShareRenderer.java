package org.candor.ui.calltree;

import java.awt.Color;
import java.awt.Component;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Graphics;
import java.awt.Insets;
import java.awt.RenderingHints;
import java.awt.Toolkit;
import java.util.Map;
import javax.swing.JTable;
import javax.swing.UIManager;
import javax.swing.table.DefaultTableCellRenderer;
import org.candor.ui.model.snapshot.DisplayUnits;
import org.candor.ui.model.snapshot.TimeShare;

/**
 * Paints a {@link TimeShare}: a bar as wide as the share behind two right-aligned sub-columns, the time and the
 * percentage, so that both line up from row to row.
 */
final class TimeShareRenderer extends DefaultTableCellRenderer {

    private static final Color BAR = new Color(0xF0, 0xA0, 0x40, 0x60);
    private static final String WIDEST_PERCENT = "100.0%";
    private static final int GAP = 10;

    private TimeShare share;

    @Override
    public Component getTableCellRendererComponent(JTable table, Object value, boolean selected, boolean focused,
                                                   int row, int column) {
        share = value instanceof TimeShare ? (TimeShare) value : null;
        // The text is what the cell means as a whole (tooltips, accessibility, tests); painting lays it out itself.
        return super.getTableCellRendererComponent(table, value, selected, focused, row, column);
    }

    @Override
    protected void paintComponent(Graphics g) {
        if (share == null) {
            super.paintComponent(g);
            return;
        }
        Graphics2D g2 = (Graphics2D) g.create();
        try {
            applyTextHints(g2);
            int w = getWidth(), h = getHeight();
            if (isOpaque()) {
                g2.setColor(getBackground());
                g2.fillRect(0, 0, w, h);
            }
            Insets in = getInsets();
            int barWidth = (int) Math.round(Math.min(1, share.fraction()) * (w - in.left - in.right));
            g2.setColor(BAR);
            g2.fillRect(in.left, in.top + 1, barWidth, h - in.top - in.bottom - 2);

            g2.setFont(getFont());
            FontMetrics fm = g2.getFontMetrics();
            int baseline = (h - fm.getHeight()) / 2 + fm.getAscent();
            int right = w - in.right;
            String percent = DisplayUnits.percent(share.fraction());
            g2.setColor(dimmed(getForeground()));
            g2.drawString(percent, right - fm.stringWidth(percent), baseline);
            String time = DisplayUnits.time(share.value());
            g2.setColor(getForeground());
            g2.drawString(time, right - fm.stringWidth(WIDEST_PERCENT) - GAP - fm.stringWidth(time), baseline);
        } finally {
            g2.dispose();
        }
    }

    /** The width the cell needs for its widest text, for sizing the column. */
    static int preferredWidth(FontMetrics fm) {
        return fm.stringWidth("999 ms") + GAP + fm.stringWidth(WIDEST_PERCENT) + 16;
    }

    private static Color dimmed(Color c) {
        Color bg = UIManager.getColor("Table.background");
        if (bg == null) bg = Color.WHITE;
        return new Color((c.getRed() * 2 + bg.getRed()) / 3, (c.getGreen() * 2 + bg.getGreen()) / 3,
                (c.getBlue() * 2 + bg.getBlue()) / 3);
    }

    private static void applyTextHints(Graphics2D g2) {
        Object hints = Toolkit.getDefaultToolkit().getDesktopProperty("awt.font.desktophints");
        if (hints instanceof Map) {
            g2.addRenderingHints((Map<?, ?>) hints);
        } else {
            g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        }
    }
}
