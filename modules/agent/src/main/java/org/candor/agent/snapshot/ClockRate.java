package org.candor.agent.snapshot;

import org.candor.probe.Clock;

/**
 * Converts probe ticks to nanoseconds. With the TSC the rate is measured against System.nanoTime over the whole
 * session (start to snapshot), at least 20 ms, so its error is far below a microsecond per second.
 */
public final class ClockRate {

    private static final long MIN_WINDOW_NS = 20_000_000L;

    private final long startTicks;
    private final long startNanos;

    public ClockRate() {
        this.startTicks = Clock.now();
        this.startNanos = System.nanoTime();
    }

    /** Nanoseconds per tick, measured now; 1 when ticks need no rate (nanoseconds, or counted events). */
    public double nanosPerTick() {
        if (!Clock.ticksNeedRate()) return 1.0;
        long waitUntil = startNanos + MIN_WINDOW_NS;
        while (System.nanoTime() < waitUntil) Thread.onSpinWait();
        long ticks = Clock.now() - startTicks;
        long nanos = System.nanoTime() - startNanos;
        return ticks > 0 ? (double) nanos / ticks : 1.0;
    }
}
