package org.candor.ui.model.timeline;

/**
 * Which time span a timeline shows across how many pixels: the arithmetic of zoom and pan, kept within the trace's
 * span and never narrower than {@link #MIN_SPAN} (zooming in further than that shows nothing new). Mutable; event
 * thread.
 */
public final class TimelineViewport {

    public static final long MIN_SPAN = 1_000;  // 1 µs

    private final long traceStart;
    private final long traceEnd;
    private long from;
    private long to;
    private int width = 1;

    public TimelineViewport(long traceStart, long traceEnd) {
        this.traceStart = traceStart;
        this.traceEnd = Math.max(traceEnd, traceStart + MIN_SPAN);
        fit();
    }

    public long from() { return from; }
    public long to() { return to; }
    public long span() { return to - from; }
    public int width() { return width; }

    /** The pixels the span is drawn across (at least 1). */
    public void setWidth(int pixels) { width = Math.max(1, pixels); }

    /** The whole trace. */
    public void fit() {
        from = traceStart;
        to = traceEnd;
    }

    /** Shows [from, to), kept within the trace and at least {@link #MIN_SPAN} wide. */
    public void show(long newFrom, long newTo) {
        long span = Math.max(MIN_SPAN, Math.min(newTo - newFrom, traceEnd - traceStart));
        long f = Math.max(traceStart, Math.min(newFrom, traceEnd - span));
        from = f;
        to = f + span;
    }

    /** The x of a time (may lie outside 0..width). */
    public double x(long time) {
        return (double) (time - from) * width / (to - from);
    }

    /** The time at x. */
    public long time(double x) {
        return from + Math.round(x * (to - from) / width);
    }

    /** Zooms by {@code factor} (above 1 zooms in) keeping the time under x where it is. */
    public void zoom(double factor, double x) {
        long anchor = time(x);
        double share = x / width;
        long span = (long) Math.max(MIN_SPAN, (to - from) / factor);
        long newFrom = anchor - Math.round(share * span);
        show(newFrom, newFrom + span);
    }

    /** Moves the span by {@code pixels} (positive: later). */
    public void pan(double pixels) {
        long dt = Math.round(pixels * (to - from) / width);
        show(from + dt, to + dt);
    }
}
