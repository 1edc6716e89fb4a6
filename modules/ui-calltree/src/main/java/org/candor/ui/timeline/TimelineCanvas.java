package org.candor.ui.timeline;

import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.awt.event.MouseWheelEvent;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.swing.JComponent;
import javax.swing.Scrollable;
import javax.swing.SwingConstants;
import javax.swing.UIManager;
import org.candor.core.report.HumanUnits;
import org.candor.ui.model.timeline.ThreadLane;
import org.candor.ui.model.timeline.Timeline;
import org.candor.ui.model.timeline.TimelineText;
import org.candor.ui.model.timeline.TimelineViewport;

/**
 * The lanes of a {@link Timeline}: a time axis, then a row a thread with its phases as bands, its periods coloured by
 * what the thread did beyond running (green running, grey blocked, orange descheduled; a blocked period's darker
 * foot is the share it ran) and its markers as flags. The wheel zooms around the pointer (with Shift it pans), a drag
 * selects a time span, a click on a thread's name selects that thread (Ctrl: adds it); the tooltip names what lies
 * under the pointer.
 */
final class TimelineCanvas extends JComponent implements Scrollable {

    static final int NAME_WIDTH = 150;
    static final int AXIS_HEIGHT = 22;
    static final int LANE_HEIGHT = 30;

    private static final Color RUNNING = new Color(0x3C, 0xA5, 0x5C);
    private static final Color BLOCKED = new Color(0xC8, 0xC8, 0xC8);
    private static final Color DESCHEDULED = new Color(0xF0, 0x8C, 0x28);
    private static final Color PHASE = new Color(0x3D, 0x7E, 0xD9, 90);
    private static final Color GC = new Color(0xD0, 0x30, 0x30, 110);
    private static final Color SELECTION = new Color(0x3D, 0x7E, 0xD9, 45);

    private final Timeline timeline;
    private List<ThreadLane> lanes;   // the lanes shown, in their order (LaneOrder)
    private final TimelineViewport viewport;
    private final Set<Integer> selectedTids = new HashSet<>();
    private long selectionFrom = -1;
    private long selectionTo = -1;
    private final Runnable changed;

    TimelineCanvas(Timeline timeline, Runnable changed) {
        this.timeline = timeline;
        this.lanes = timeline.lanes();
        this.viewport = new TimelineViewport(timeline.start(), timeline.end());
        this.changed = changed;
        setToolTipText("");
        setFocusable(true);
        setOpaque(true);
        MouseAdapter mouse = new Mouse();
        addMouseListener(mouse);
        addMouseMotionListener(mouse);
        addMouseWheelListener(mouse);
    }

    TimelineViewport viewport() { return viewport; }
    Timeline timeline() { return timeline; }

    /** The selected span, or null when none is selected. */
    long[] selection() {
        return selectionFrom < 0 || selectionTo <= selectionFrom ? null : new long[] {selectionFrom, selectionTo};
    }

    void select(long from, long to) {
        selectionFrom = Math.min(from, to);
        selectionTo = Math.max(from, to);
        changed.run();
        repaint();
    }

    void clearSelection() {
        selectionFrom = selectionTo = -1;
        selectedTids.clear();
        changed.run();
        repaint();
    }

    /** Shows these lanes, in this order (a filter and sort of the timeline's); selected lanes not among them are let go. */
    void showLanes(List<ThreadLane> shown) {
        lanes = List.copyOf(shown);
        Set<Integer> visible = new HashSet<>();
        for (ThreadLane l : lanes) visible.add(l.tid());
        selectedTids.retainAll(visible);
        changed.run();
        revalidate();
        repaint();
    }

    /** Selects these threads' lanes (those shown). */
    void selectThreads(Set<Integer> tids) {
        selectedTids.clear();
        for (ThreadLane l : lanes) if (tids.contains(l.tid())) selectedTids.add(l.tid());
        changed.run();
        repaint();
    }

    /** The lanes shown, in their order. */
    List<ThreadLane> shownLanes() { return lanes; }

    /** The threads selected by their names; empty: all. */
    Set<Integer> selectedTids() { return Set.copyOf(selectedTids); }

    void zoom(double factor) {
        viewport.zoom(factor, lanesWidth() / 2.0);
        repaint();
    }

    void pan(double pixels) {
        viewport.pan(pixels);
        repaint();
    }

    void fit() {
        viewport.fit();
        repaint();
    }

    void show(long from, long to) {
        viewport.show(from, to);
        repaint();
    }

    int lanesWidth() { return Math.max(1, getWidth() - NAME_WIDTH); }

    @Override public Dimension getPreferredSize() {
        return new Dimension(NAME_WIDTH + 400, AXIS_HEIGHT + LANE_HEIGHT * lanes.size() + 4);
    }

    @Override protected void paintComponent(Graphics g0) {
        Graphics2D g = (Graphics2D) g0.create();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            Color background = UIManager.getColor("Table.background");
            Color foreground = UIManager.getColor("Label.foreground");
            g.setColor(background != null ? background : Color.WHITE);
            g.fillRect(0, 0, getWidth(), getHeight());
            viewport.setWidth(lanesWidth());
            Rectangle clip = g.getClipBounds();
            axis(g, foreground);
            for (int i = 0; i < lanes.size(); i++) {
                int y = AXIS_HEIGHT + i * LANE_HEIGHT;
                if (clip != null && (y > clip.y + clip.height || y + LANE_HEIGHT < clip.y)) continue;
                lane(g, lanes.get(i), y, foreground);
            }
            long[] sel = selection();
            if (sel != null) {
                int x0 = NAME_WIDTH + (int) Math.max(0, viewport.x(sel[0]));
                int x1 = NAME_WIDTH + (int) Math.min(lanesWidth(), viewport.x(sel[1]));
                g.setColor(SELECTION);
                g.fillRect(x0, AXIS_HEIGHT, Math.max(1, x1 - x0), getHeight() - AXIS_HEIGHT);
            }
        } finally {
            g.dispose();
        }
    }

    private void axis(Graphics2D g, Color foreground) {
        g.setColor(foreground);
        g.setFont(getFont().deriveFont(Font.PLAIN, 11f));
        FontMetrics fm = g.getFontMetrics();
        long span = viewport.span();
        long step = niceStep(Math.max(1, span / 8));
        long first = ((viewport.from() - timeline.start()) / step + 1) * step + timeline.start();
        for (long t = first; t < viewport.to(); t += step) {
            int x = NAME_WIDTH + (int) viewport.x(t);
            g.drawLine(x, AXIS_HEIGHT - 5, x, AXIS_HEIGHT);
            g.drawString(TimelineText.offset(timeline, t), x + 2, AXIS_HEIGHT - 8 + fm.getAscent() / 2);
        }
        g.drawLine(NAME_WIDTH, AXIS_HEIGHT - 1, getWidth(), AXIS_HEIGHT - 1);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code ns}. */
    static long niceStep(long ns) {
        long step = 1;
        while (true) {
            for (long m : new long[] {1, 2, 5}) if (step * m >= ns) return Math.max(1, step * m);
            if (step > Long.MAX_VALUE / 10) return step;
            step *= 10;
        }
    }

    private void lane(Graphics2D g, ThreadLane lane, int y, Color foreground) {
        boolean selected = selectedTids.contains(lane.tid());
        if (selected) {
            g.setColor(SELECTION);
            g.fillRect(0, y, NAME_WIDTH - 4, LANE_HEIGHT - 2);
        }
        g.setColor(foreground);
        g.setFont(getFont().deriveFont(selected ? Font.BOLD : Font.PLAIN));
        g.drawString(clip(g, lane.name(), NAME_WIDTH - 8), 4, y + LANE_HEIGHT / 2 + 5);
        Graphics2D lanes = (Graphics2D) g.create(NAME_WIDTH, y, lanesWidth(), LANE_HEIGHT);
        try {
            int barTop = 8;
            int barHeight = LANE_HEIGHT - 12;
            long from = viewport.from();
            long to = viewport.to();
            int lastX = -1;
            for (int p = lane.firstPeriodEndingAfter(from); p < lane.periods() && lane.start(p) < to; p++) {
                int x0 = (int) Math.floor(viewport.x(lane.start(p)));
                int x1 = (int) Math.ceil(viewport.x(lane.end(p)));
                if (x1 <= lastX && lane.state(p) == ThreadLane.RUNNING) continue; // this pixel is drawn
                int w = Math.max(1, x1 - x0);
                byte state = lane.state(p);
                lanes.setColor(state == ThreadLane.BLOCKED ? BLOCKED : state == ThreadLane.DESCHEDULED ? DESCHEDULED : RUNNING);
                lanes.fillRect(x0, barTop, w, barHeight);
                if (state != ThreadLane.RUNNING && lane.cpuTime(p) > 0) {
                    // the share of the period it ran, as a foot
                    long duration = Math.max(1, lane.end(p) - lane.start(p));
                    int h = (int) Math.max(1, Math.round((double) barHeight * lane.cpuTime(p) / duration));
                    lanes.setColor(RUNNING);
                    lanes.fillRect(x0, barTop + barHeight - h, w, h);
                }
                lastX = x1;
            }
            for (int i = 0; i < lane.phases(); i++) {
                if (lane.phaseEnd(i) < from || lane.phaseBegin(i) > to) continue;
                int x0 = (int) viewport.x(lane.phaseBegin(i));
                int x1 = (int) viewport.x(lane.phaseEnd(i));
                lanes.setColor(lane.tid() == 0 ? GC : PHASE);
                lanes.fillRect(x0, 1, Math.max(2, x1 - x0), lane.tid() == 0 ? LANE_HEIGHT - 3 : 6);
                if (x1 - x0 > 40 && lane.tid() != 0) {
                    lanes.setColor(foreground);
                    lanes.setFont(getFont().deriveFont(Font.PLAIN, 9f));
                    lanes.drawString(clip(lanes, lane.phaseName(i), x1 - x0 - 4), Math.max(0, x0) + 2, 7);
                }
            }
            lanes.setColor(foreground);
            for (int m = lane.firstMarkerFrom(from); m < lane.markers() && lane.markerTime(m) <= to; m++) {
                int kind = lane.markerKind(m);
                if (kind != 1) continue; // points only: phases and collections are bands
                int x = (int) viewport.x(lane.markerTime(m));
                lanes.fillPolygon(new int[] {x - 4, x + 4, x}, new int[] {barTop - 6, barTop - 6, barTop}, 3);
                lanes.drawLine(x, barTop, x, barTop + barHeight);
            }
        } finally {
            lanes.dispose();
        }
    }

    private static String clip(Graphics2D g, String text, int width) {
        FontMetrics fm = g.getFontMetrics();
        if (fm.stringWidth(text) <= width) return text;
        String s = text;
        while (s.length() > 1 && fm.stringWidth(s + "…") > width) s = s.substring(0, s.length() - 1);
        return s + "…";
    }

    /** The lane under y; -1 on the axis or below the lanes. */
    int laneAt(int y) {
        if (y < AXIS_HEIGHT) return -1;
        int i = (y - AXIS_HEIGHT) / LANE_HEIGHT;
        return i < lanes.size() ? i : -1;
    }

    @Override public String getToolTipText(MouseEvent e) {
        int i = laneAt(e.getY());
        if (i < 0) return null;
        ThreadLane lane = lanes.get(i);
        if (e.getX() < NAME_WIDTH) return lane.name() + " (tid " + lane.tid() + "): click to select its lane, Ctrl+click to add it";
        double x = e.getX() - NAME_WIDTH;
        long t = viewport.time(x);
        // a marker within 4 pixels first, then the period under the pointer
        long slack = viewport.time(x + 4) - t;
        for (int m = lane.firstMarkerFrom(t - slack); m < lane.markers() && lane.markerTime(m) <= t + slack; m++) {
            return TimelineText.marker(timeline, lane, m);
        }
        int p = lane.periodAt(t);
        if (p >= 0) return TimelineText.period(timeline, lane, p);
        for (int ph = 0; ph < lane.phases(); ph++) {
            if (lane.phaseBegin(ph) <= t && t <= lane.phaseEnd(ph)) {
                return lane.name() + ": " + lane.phaseName(ph) + " " + HumanUnits.nanos(lane.phaseEnd(ph) - lane.phaseBegin(ph));
            }
        }
        return lane.name() + " at " + TimelineText.offset(timeline, t);
    }

    // ---- Scrollable: as wide as the window, as tall as the lanes ----

    @Override public Dimension getPreferredScrollableViewportSize() { return getPreferredSize(); }
    @Override public int getScrollableUnitIncrement(Rectangle r, int orientation, int direction) {
        return orientation == SwingConstants.VERTICAL ? LANE_HEIGHT : 20;
    }
    @Override public int getScrollableBlockIncrement(Rectangle r, int orientation, int direction) {
        return orientation == SwingConstants.VERTICAL ? r.height : r.width;
    }
    @Override public boolean getScrollableTracksViewportWidth() { return true; }
    @Override public boolean getScrollableTracksViewportHeight() { return false; }

    private final class Mouse extends MouseAdapter {
        private int pressX = -1;
        private boolean panning;
        private int lastX;

        @Override public void mousePressed(MouseEvent e) {
            requestFocusInWindow();
            if (e.getX() < NAME_WIDTH) {
                int i = laneAt(e.getY());
                if (i >= 0) {
                    int tid = lanes.get(i).tid();
                    if (!e.isControlDown()) {
                        boolean only = selectedTids.size() == 1 && selectedTids.contains(tid);
                        selectedTids.clear();
                        if (!only) selectedTids.add(tid);
                    } else if (!selectedTids.remove(tid)) {
                        selectedTids.add(tid);
                    }
                    changed.run();
                    repaint();
                }
                return;
            }
            panning = e.getButton() != MouseEvent.BUTTON1;
            pressX = e.getX();
            lastX = e.getX();
        }

        @Override public void mouseDragged(MouseEvent e) {
            if (pressX < 0) return;
            if (panning) {
                pan(lastX - e.getX());
                lastX = e.getX();
                return;
            }
            if (Math.abs(e.getX() - pressX) < 3) return;
            select(viewport.time(Math.max(0, pressX - NAME_WIDTH)), viewport.time(Math.max(0, e.getX() - NAME_WIDTH)));
        }

        @Override public void mouseReleased(MouseEvent e) {
            if (pressX >= 0 && !panning && Math.abs(e.getX() - pressX) < 3 && selection() != null) {
                selectionFrom = selectionTo = -1; // a click in the lanes clears the span
                changed.run();
                repaint();
            } else if (panning) {
                changed.run();
            }
            pressX = -1;
        }

        @Override public void mouseWheelMoved(MouseWheelEvent e) {
            if (e.isShiftDown()) {
                pan(e.getPreciseWheelRotation() * 40);
            } else {
                viewport.zoom(Math.pow(1.25, -e.getPreciseWheelRotation()), Math.max(0, e.getX() - NAME_WIDTH));
                repaint();
            }
            changed.run();
        }
    }
}
