package org.candor.ui.model;

/**
 * How often Live Results asks a session for its results, and how much: about once a second, each thread's heaviest
 * {@link #LIVE_PATHS_PER_THREAD} call paths (the rest summed under one node, the hot spots exact: the control
 * channel's {@code live} command), but never so often that refreshing takes more than a twentieth of the time. A
 * refresh is real work on both sides: the target copies its trees and encodes what it sends (whole, 750,000 nodes
 * took ~140 ms on a 2-core VM, bench/live-refresh.sh), the app reads the file back, and where the two share the
 * machine's processors with the program, the app's part slows the program as much as the target's. So the pace
 * follows what the last refresh cost in all: the round trip of the request and the reading of its file.
 */
public final class RefreshPace {

    /** The most nodes of a thread's tree a live refresh shows: more rows than anyone opens, a few ms to encode. */
    public static final int LIVE_PATHS_PER_THREAD = 20_000;

    /** The pace when a refresh costs next to nothing. */
    public static final long FASTEST_MILLIS = 1000;
    /** Never slower than this: results half a minute old are still live. */
    public static final long SLOWEST_MILLIS = 30_000;
    /** At most one part in this many of the time goes to refreshing. */
    static final long SHARE = 20;

    private RefreshPace() {}

    /** The period after a refresh whose snapshot request took {@code snapshotNanos} and its reading {@code readNanos}. */
    public static long periodMillis(long snapshotNanos, long readNanos) {
        long costMillis = (Math.max(0, snapshotNanos) + Math.max(0, readNanos)) / 1_000_000;
        return Math.max(FASTEST_MILLIS, Math.min(SLOWEST_MILLIS, costMillis * SHARE));
    }

    /**
     * "every 1 s", or "every 11 s: a refresh takes about 566 ms (the program's snapshot 128 ms, reading it 438 ms)"
     * when the pace slowed down.
     */
    public static String describe(long periodMillis, long snapshotNanos, long readNanos) {
        String every = "every " + Math.round(periodMillis / 1000.0) + " s";
        if (periodMillis <= FASTEST_MILLIS) return every;
        long snapshot = Math.max(0, snapshotNanos) / 1_000_000;
        long read = Math.max(0, readNanos) / 1_000_000;
        return every + ": a refresh takes about " + (snapshot + read) + " ms (the program's snapshot " + snapshot
                + " ms, reading it " + read + " ms)";
    }
}
