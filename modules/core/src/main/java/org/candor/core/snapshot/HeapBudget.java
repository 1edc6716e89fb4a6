package org.candor.core.snapshot;

import java.util.Locale;

/**
 * Whether trees of so many nodes fit the heap as objects, checked before any node is built: a CallNode with its
 * children list and values takes about {@code 96 + 8 × metrics} bytes (object headers, references, the list's
 * array), and the JVM can still give what its maximum heap leaves over what is in use.
 */
final class HeapBudget {

    private static final long BYTES_PER_NODE = 96;

    private HeapBudget() {}

    static long estimate(long nodes, int metricCount) {
        return nodes * (BYTES_PER_NODE + 8L * metricCount);
    }

    static void check(String source, long nodes, int metricCount) throws SnapshotTooLargeException {
        long needed = estimate(nodes, metricCount);
        if (needed > available()) throw tooLarge(source, nodes, needed);
    }

    private static long available() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /** The one line for a snapshot whose trees do not fit, whether foreseen or found by an OutOfMemoryError. */
    static SnapshotTooLargeException tooLarge(String source, long nodes, long needed) {
        return new SnapshotTooLargeException(source, String.format(Locale.ROOT,
                "is too large to load whole: its %,d call paths need about %s of memory, this JVM has %s free"
                        + " of its %s heap", nodes, size(needed), size(Math.max(0, available())),
                size(Runtime.getRuntime().maxMemory())));
    }

    private static String size(long bytes) {
        if (bytes >= 1L << 30) return String.format(Locale.ROOT, "%.1f GB", bytes / (double) (1L << 30));
        return String.format(Locale.ROOT, "%d MB", Math.max(1, bytes >> 20));
    }
}
