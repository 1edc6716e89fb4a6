package org.candor.ui.live;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Component;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Arc2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.util.function.Consumer;
import javax.swing.Icon;
import javax.swing.UIManager;

/**
 * The Profile commands' icons, drawn rather than stored: sharp at any scale, and in the look and feel's own colours,
 * so they read in the light and the dark theme alike. 16 units square.
 */
final class ProfileIcons implements Icon {

    private static final Color GO = new Color(0x2E, 0x9E, 0x48);
    private static final Color HALT = new Color(0xD0, 0x3B, 0x30);

    static final Icon ANALYZE = new ProfileIcons(g -> {          // a stopwatch
        g.draw(new Ellipse2D.Double(2.5, 3.5, 11, 11));
        g.draw(new Line2D.Double(8, 9, 8, 5.5));
        g.draw(new Line2D.Double(8, 9, 10.5, 10.5));
        g.draw(new Line2D.Double(6.5, 1.5, 9.5, 1.5));
    }, null);
    static final Icon ATTACH = new ProfileIcons(g -> {           // a plug going in
        g.draw(new RoundRectangle2D.Double(6.5, 5.5, 7, 6, 2, 2));
        g.draw(new Line2D.Double(13.5, 8.5, 15.5, 8.5));
        g.draw(new Line2D.Double(6.5, 7, 3.5, 7));
        g.draw(new Line2D.Double(6.5, 10, 3.5, 10));
        g.draw(new Line2D.Double(0.5, 8.5, 3, 8.5));
    }, GO);
    static final Icon CHANGE = new ProfileIcons(g -> {           // two sliders
        g.draw(new Line2D.Double(2, 5, 14, 5));
        g.draw(new Line2D.Double(2, 11, 14, 11));
        g.fill(new Rectangle2D.Double(9, 3, 3, 4));
        g.fill(new Rectangle2D.Double(4, 9, 3, 4));
    }, null);
    static final Icon LAUNCH = new ProfileIcons(g -> {           // a window with a start triangle
        g.draw(new RoundRectangle2D.Double(1.5, 2.5, 13, 11, 2, 2));
        g.fill(triangle(6, 5, 6, 11, 11, 8));
    }, GO);
    static final Icon DEMO = new ProfileIcons(g -> {             // a start triangle in a circle
        g.draw(new Ellipse2D.Double(1.5, 1.5, 13, 13));
        g.fill(triangle(6.5, 5, 6.5, 11, 11.5, 8));
    }, GO);
    static final Icon RESET = new ProfileIcons(g -> {            // a circular arrow
        g.draw(new Arc2D.Double(2.5, 2.5, 11, 11, 60, 280, Arc2D.OPEN));
        g.fill(triangle(11, 0.5, 14.5, 4.5, 9.5, 6));
    }, null);
    static final Icon SNAPSHOT = new ProfileIcons(g -> {         // a camera
        g.draw(new RoundRectangle2D.Double(1.5, 4.5, 13, 9, 2, 2));
        g.draw(new Ellipse2D.Double(5.5, 6.5, 5, 5));
        g.fill(new Rectangle2D.Double(5, 2.5, 5, 2));
    }, null);
    static final Icon STOP = new ProfileIcons(g -> g.fill(new Rectangle2D.Double(3.5, 3.5, 9, 9)), HALT);
    static final Icon START = new ProfileIcons(g -> g.fill(triangle(4, 2.5, 4, 13.5, 13, 8)), GO);
    static final Icon DETACH = new ProfileIcons(g -> {           // eject
        g.fill(triangle(2.5, 9, 13.5, 9, 8, 3));
        g.fill(new Rectangle2D.Double(2.5, 11, 11, 2));
    }, null);
    static final Icon LIVE = new ProfileIcons(g -> {             // a call tree
        g.draw(new Line2D.Double(3, 3, 3, 13));
        g.draw(new Line2D.Double(3, 7, 7, 7));
        g.draw(new Line2D.Double(3, 12, 7, 12));
        g.fill(new Rectangle2D.Double(1.5, 1.5, 3, 3));
        g.fill(new Rectangle2D.Double(7.5, 5.5, 6, 3));
        g.fill(new Rectangle2D.Double(7.5, 10.5, 4, 3));
    }, null);
    static final Icon TELEMETRY = new ProfileIcons(g -> {        // a chart line
        g.draw(new Line2D.Double(1.5, 14.5, 14.5, 14.5));
        g.draw(new Line2D.Double(1.5, 1.5, 1.5, 14.5));
        Path2D p = new Path2D.Double();
        p.moveTo(3, 11);
        p.lineTo(6, 7);
        p.lineTo(9, 9);
        p.lineTo(14, 3);
        g.draw(p);
    }, null);
    static final Icon CALIBRATE = new ProfileIcons(g -> {        // a gauge
        g.draw(new Arc2D.Double(1.5, 3.5, 13, 13, 0, 180, Arc2D.OPEN));
        g.draw(new Line2D.Double(8, 10, 11.5, 5.5));
        g.fill(new Ellipse2D.Double(6.5, 8.5, 3, 3));
    }, null);

    private final Consumer<Graphics2D> drawing;
    private final Color accent;

    private ProfileIcons(Consumer<Graphics2D> drawing, Color accent) {
        this.drawing = drawing;
        this.accent = accent;
    }

    private static Path2D triangle(double x1, double y1, double x2, double y2, double x3, double y3) {
        Path2D p = new Path2D.Double();
        p.moveTo(x1, y1);
        p.lineTo(x2, y2);
        p.lineTo(x3, y3);
        p.closePath();
        return p;
    }

    @Override
    public void paintIcon(Component c, Graphics g, int x, int y) {
        Graphics2D g2 = (Graphics2D) g.create();
        try {
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g2.translate(x, y);
            g2.setStroke(new BasicStroke(1.4f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            Color ink = accent != null ? accent : UIManager.getColor("Label.foreground");
            if (ink == null) ink = Color.DARK_GRAY;
            if (c != null && !c.isEnabled()) {
                Color off = UIManager.getColor("Label.disabledForeground");
                ink = off != null ? off : Color.GRAY;
            }
            g2.setColor(ink);
            drawing.accept(g2);
        } finally {
            g2.dispose();
        }
    }

    @Override public int getIconWidth() { return 16; }
    @Override public int getIconHeight() { return 16; }
}
