package org.candor.ui.flamegraph;

import java.awt.Color;
import java.awt.Dimension;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.event.MouseEvent;
import java.util.List;
import java.util.function.Consumer;
import javax.swing.JComponent;
import javax.swing.Scrollable;
import javax.swing.SwingConstants;
import javax.swing.ToolTipManager;
import javax.swing.UIManager;
import org.candor.ui.model.snapshot.FlameGraph;

/**
 * Draws a {@link FlameGraph}: the root's row at the bottom, callees above their callers, each frame as wide as its
 * share and named as far as it fits; found frames in magenta. A click on a frame zooms into it; hovering tells its
 * figures. As wide as the viewport, as tall as its rows (or the viewport, the frames then sitting on its bottom).
 */
final class FlameCanvas extends JComponent implements Scrollable {

    private static final Color FOUND = new Color(0xE0, 0x30, 0xE0);
    private static final Color BELOW_ZOOM = new Color(0xC8, 0xC8, 0xC8);
    private static final Color ROOT = new Color(0xB8, 0xB8, 0xC8);

    private final Consumer<FlameGraph.Frame> onClick;
    private FlameGraph graph;
    private FlameGraph.Matches matches;

    FlameCanvas(Consumer<FlameGraph.Frame> onClick) {
        this.onClick = onClick;
        setName("flameGraph");
        setOpaque(true);
        ToolTipManager.sharedInstance().registerComponent(this);
        enableEvents(java.awt.AWTEvent.MOUSE_EVENT_MASK | java.awt.AWTEvent.MOUSE_MOTION_EVENT_MASK);
    }

    void show(FlameGraph g, FlameGraph.Matches found) {
        graph = g;
        matches = found;
        revalidate();
        repaint();
    }

    FlameGraph graph() { return graph; }

    int rowHeight() {
        return getFontMetrics(getFont()).getHeight() + 6;
    }

    /** The frame at a point, or -1. */
    int frameAt(Point p) {
        if (graph == null || getWidth() <= 0) return -1;
        int depth = (getHeight() - 1 - p.y) / rowHeight();
        return graph.frameAt((double) p.x / getWidth(), depth);
    }

    /** Where a frame is drawn. */
    Rectangle bounds(FlameGraph.Frame f) {
        int h = rowHeight();
        int x0 = (int) Math.round(f.x() * getWidth());
        int x1 = (int) Math.round((f.x() + f.width()) * getWidth());
        return new Rectangle(x0, getHeight() - (f.depth() + 1) * h, Math.max(1, x1 - x0), h);
    }

    @Override protected void paintComponent(Graphics g0) {
        Graphics2D g = (Graphics2D) g0.create();
        try {
            g.setColor(background());
            g.fillRect(0, 0, getWidth(), getHeight());
            if (graph == null) return;
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setFont(getFont());
            FontMetrics fm = g.getFontMetrics();
            Rectangle clip = g.getClipBounds();
            List<FlameGraph.Frame> frames = graph.frames();
            for (int i = 0; i < frames.size(); i++) {
                FlameGraph.Frame f = frames.get(i);
                Rectangle r = bounds(f);
                if (clip != null && !clip.intersects(r)) continue;
                g.setColor(colour(f, matches != null && matches.matched(i)));
                g.fillRect(r.x, r.y, Math.max(1, r.width - 1), r.height - 1);
                if (r.width < fm.charWidth('m') * 3) continue;
                g.setColor(Color.BLACK);
                g.drawString(fitted(graph.name(f), fm, r.width - 6), r.x + 3, r.y + (r.height - 1 - fm.getHeight()) / 2 + fm.getAscent());
            }
        } finally {
            g.dispose();
        }
    }

    /** Warm colours, the same for every frame of a class, so that a class's frames are found again at a glance. */
    private static Color colour(FlameGraph.Frame f, boolean found) {
        if (found) return FOUND;
        if (f.belowZoom()) return BELOW_ZOOM;
        if (f.node().isRoot()) return ROOT;
        int hash = Integer.rotateLeft(f.node().methodId() * 0x9E3779B1, 7);
        float hue = (hash & 0xFF) / 255f * 0.13f;               // red to yellow
        float saturation = 0.45f + ((hash >>> 8) & 0xFF) / 255f * 0.25f;
        return Color.getHSBColor(hue, saturation, 0.97f);
    }

    private static String fitted(String text, FontMetrics fm, int width) {
        if (fm.stringWidth(text) <= width) return text;
        String dots = "\u2026";
        int n = text.length();
        while (n > 0 && fm.stringWidth(text.substring(0, n)) + fm.stringWidth(dots) > width) n--;
        return n == 0 ? "" : text.substring(0, n) + dots;
    }

    private Color background() {
        Color c = UIManager.getColor("Panel.background");
        return c != null ? c : Color.WHITE;
    }

    @Override public String getToolTipText(MouseEvent e) {
        int i = frameAt(e.getPoint());
        if (i < 0) return null;
        List<String> lines = graph.describe(graph.frames().get(i));
        StringBuilder html = new StringBuilder("<html><b>").append(escape(lines.get(0))).append("</b>");
        for (String l : lines.subList(1, lines.size())) html.append("<br>").append(escape(l));
        return html.append("</html>").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    @Override protected void processMouseEvent(MouseEvent e) {
        super.processMouseEvent(e);
        if (e.getID() == MouseEvent.MOUSE_CLICKED && e.getButton() == MouseEvent.BUTTON1) {
            int i = frameAt(e.getPoint());
            if (i >= 0) onClick.accept(graph.frames().get(i));
        }
    }

    @Override protected void processMouseMotionEvent(MouseEvent e) {
        super.processMouseMotionEvent(e);
        setCursor(java.awt.Cursor.getPredefinedCursor(
                frameAt(e.getPoint()) >= 0 ? java.awt.Cursor.HAND_CURSOR : java.awt.Cursor.DEFAULT_CURSOR));
    }

    @Override public Dimension getPreferredSize() {
        return new Dimension(400, graph == null ? 0 : graph.rows() * rowHeight());
    }

    @Override public Dimension getPreferredScrollableViewportSize() { return getPreferredSize(); }
    @Override public int getScrollableUnitIncrement(Rectangle r, int orientation, int direction) { return rowHeight(); }

    @Override public int getScrollableBlockIncrement(Rectangle r, int orientation, int direction) {
        return orientation == SwingConstants.VERTICAL ? r.height - rowHeight() : r.width;
    }

    @Override public boolean getScrollableTracksViewportWidth() { return true; }

    /** As tall as the viewport when the rows fit, so that the root's row sits at its bottom. */
    @Override public boolean getScrollableTracksViewportHeight() {
        return getParent() != null && getParent().getHeight() > getPreferredSize().height;
    }
}
