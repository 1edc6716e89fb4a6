package org.candor.ui.model;

/**
 * How often Live Results asks a session for its results: about once a second, but never so often that taking them
 * costs the program more than a twentieth of its time. A snapshot of a big tree costs the target real work (its trees
 * copied and encoded: ~130 ms for 750,000 nodes on a 2-core VM, bench/live-refresh.sh), so the pace follows what the
 * last one cost, measured as the round trip of the request.
 */
public final class RefreshPace {

    /** The pace when a snapshot costs next to nothing. */
    public static final long FASTEST_MILLIS = 1000;
    /** Never slower than this: results half a minute old are still live. */
    public static final long SLOWEST_MILLIS = 30_000;
    /** At most one part in this many of the target's time goes to the live view's snapshots. */
    static final long SHARE = 20;

    private RefreshPace() {}

    /** The period after a snapshot whose request took {@code snapshotNanos}, in whole milliseconds. */
    public static long periodMillis(long snapshotNanos) {
        long costMillis = Math.max(0, snapshotNanos) / 1_000_000;
        return Math.max(FASTEST_MILLIS, Math.min(SLOWEST_MILLIS, costMillis * SHARE));
    }

    /** "every 1 s", or "every 4 s: a snapshot costs this program about 190 ms" when the pace slowed down. */
    public static String describe(long periodMillis, long snapshotNanos) {
        String every = "every " + Math.round(periodMillis / 1000.0) + " s";
        if (periodMillis <= FASTEST_MILLIS) return every;
        return every + ": a snapshot costs this program about " + snapshotNanos / 1_000_000 + " ms";
    }
}
