package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.candor.core.model.SnapshotInfo;

/**
 * What a snapshot's statistics say the trees are missing or show differently from what ran, each as one sentence:
 * the one place that decides which losses deserve a warning and how they are worded, for the text report and the
 * app (judgements live in this package: settings that matched nothing have theirs beside it). The statistics are
 * the agent's (docs/formats/snapshot.md, "Data conventions").
 */
public final class SnapshotWarnings {

    /** Calls not counted at all (no room for them). */
    public static final String DROPPED = "calls.dropped";
    /** Calls counted, but under the synthetic node {@link #BEYOND_BUDGET_METHOD} instead of a node of their own. */
    public static final String BEYOND_BUDGET = "calls.beyond_budget";
    /** Recursive calls attributed to the first open frame of the same method. */
    public static final String FOLDED = "calls.folded";
    /** The tree's size (paths) when folding began; present only if it did. */
    public static final String FOLDED_AFTER_PATHS = "recursion.folded_after_paths";
    /** The tree budget: how many nodes the agent gave all trees together. */
    public static final String NODE_BUDGET = "nodes.budget";
    /** The budget when it was reached, else 0 (as in 1.0). */
    public static final String NODE_LIMIT = "nodes.limit";
    public static final String NODES_USED = "nodes.used";
    public static final String THREADS_NOT_RECORDED = "threads.not_recorded";
    /** Info: the names of the threads not recorded, comma-separated. */
    public static final String THREADS_NOT_RECORDED_NAMES = "threads.not_recorded.names";
    /** Info: how recursion was recorded, {@code keep}, {@code fold} or {@code auto}. */
    public static final String RECURSION = "recursion";
    /** The method table entry of the synthetic node for calls beyond the tree budget: class, name, descriptor. */
    public static final String BEYOND_BUDGET_CLASS = "[candor]";
    public static final String BEYOND_BUDGET_METHOD = "beyond the tree budget";
    public static final String BEYOND_BUDGET_DESCRIPTOR = "()V";
    /**
     * Below this much recorded time a call on average, instrumented code is dense enough that the probes slow the
     * program's own code around them (calls the JIT no longer inlines, registers spilled around every probe call),
     * which calibration, taking out only the probes' own time, does not undo: javac compiling Guava records 39 ns a
     * call calibrated, 2.4x its real CPU time (bench/README.md, "Full size").
     */
    public static final long DENSE_NANOS_PER_CALL = 100;

    private SnapshotWarnings() {}

    /**
     * The warnings, in a fixed order, without a "WARNING:" of their own.
     *
     * @param totalCalls all calls the snapshot counted, asked for only when a warning gives a share of them; it
     *                   returns -1 when the snapshot has no call counts
     */
    public static List<String> of(Map<String, Long> stats, SnapshotInfo info, LongSupplier totalCalls) {
        return of(stats, info, totalCalls, () -> -1);
    }

    /**
     * As {@link #of(Map, SnapshotInfo, LongSupplier)}, and a call-density warning when the threads' total time
     * ({@code totalNanos}: the sum of their totals in ns, -1 when unknown) is below
     * {@link #DENSE_NANOS_PER_CALL} a call in an instrumentation snapshot that measured time.
     */
    public static List<String> of(Map<String, Long> stats, SnapshotInfo info, LongSupplier totalCalls,
                                  LongSupplier totalNanos) {
        List<String> lines = new ArrayList<>();
        long dropped = stat(stats, DROPPED);
        if (dropped > 0) {
            lines.add(dropped + (dropped == 1 ? " call was" : " calls were") + " dropped; the trees below are missing their time");
        }
        long beyond = stat(stats, BEYOND_BUDGET);
        if (beyond > 0) {
            long budget = stats.containsKey(NODE_BUDGET) ? stat(stats, NODE_BUDGET) : stat(stats, NODE_LIMIT);
            String limit = budget > 0 ? String.format(Locale.ROOT, " of %,d nodes", budget) : "";
            lines.add("tree budget" + limit + " reached: " + share(beyond, totalCalls) + " have no node of their own;"
                    + " they are counted under " + BEYOND_BUDGET_CLASS + " " + BEYOND_BUDGET_METHOD
                    + ", and exactly in the hot spots");
        }
        long folded = stat(stats, FOLDED);
        if (folded > 0) {
            String from = stats.containsKey(FOLDED_AFTER_PATHS)
                    ? String.format(Locale.ROOT, ", from %,d paths on", stat(stats, FOLDED_AFTER_PATHS)) : "";
            lines.add("recursion folded: " + share(folded, totalCalls)
                    + " are attributed to an earlier frame of their method" + from);
        }
        String dense = denseCalls(info, totalCalls, totalNanos);
        if (dense != null) lines.add(dense);
        long notRecorded = stat(stats, THREADS_NOT_RECORDED);
        if (notRecorded > 0) {
            String names = info.get(THREADS_NOT_RECORDED_NAMES);
            lines.add(String.format(Locale.ROOT, "%,d %s not recorded%s", notRecorded,
                    notRecorded == 1 ? "thread was" : "threads were",
                    names == null || names.isEmpty() ? "" : " (" + names.replace('\n', ' ') + ")"));
        }
        return lines;
    }

    private static String denseCalls(SnapshotInfo info, LongSupplier totalCalls, LongSupplier totalNanos) {
        if (!"instrumentation".equals(info.get(SnapshotInfo.MODE))) return null;
        String unit = info.get(SnapshotInfo.METRIC_UNIT);
        if (unit != null && !unit.equals("ns")) return null;  // counted events, not time
        long nanos = totalNanos.getAsLong();
        if (nanos <= 0) return null;
        long calls = totalCalls.getAsLong();
        if (calls <= 0 || nanos / calls >= DENSE_NANOS_PER_CALL) return null;
        return String.format(Locale.ROOT, "dense calls: %,d calls in %.3f s (%d ns a call): at this density the probes"
                + " slow the program's own code around them, which calibration (it takes out the probes' own time)"
                + " does not undo, so these times are upper bounds; a sampled profile (--mode sample) sees the"
                + " program undisturbed", calls, nanos / 1e9, nanos / calls);
    }

    /** {@code 512,345,678 of 734,001,234 calls (69.8 %)}, or {@code 512,345,678 calls} without a total. */
    private static String share(long part, LongSupplier totalCalls) {
        long total = totalCalls.getAsLong();
        if (total <= 0) return String.format(Locale.ROOT, "%,d calls", part);
        return String.format(Locale.ROOT, "%,d of %,d calls (%.1f %%)", part, total, 100.0 * part / total);
    }

    private static long stat(Map<String, Long> stats, String key) {
        Long v = stats.get(key);
        return v != null ? v : 0;
    }
}
