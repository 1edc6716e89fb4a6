package org.candor.core.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.snapshot.TreeCut;

/**
 * What a snapshot's statistics say the trees are missing or show differently from what ran, each as one sentence:
 * the one place that decides which losses deserve a warning and how they are worded, for the text report, the
 * profile command and the app, which marks its statistics line when there is any (judgements live in this package:
 * settings that matched nothing have theirs beside it). The statistics are the agent's (docs/formats/snapshot.md,
 * "Data conventions"): a checkpoint in place of the snapshot at exit, calls dropped, depth limit hits, calls beyond
 * the tree budget, folded recursion, the probes' effect ({@link ProbeEffect}) or else dense calls, a live view's cut trees ({@link TreeCut}), threads not recorded,
 * ended threads folded into one thread per name, classes not instrumented; of a sampled profile, samples dropped
 * and samples short of those expected.
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
    /** The heap ran short while a tree grew: 1, else 0. New paths stopped there (not at the budget). */
    public static final String HEAP_FULL = "nodes.heap_full";
    public static final String THREADS_NOT_RECORDED = "threads.not_recorded";
    /** Info: the names of the threads not recorded, comma-separated. */
    public static final String THREADS_NOT_RECORDED_NAMES = "threads.not_recorded.names";
    /** The thread limit (maxthreads) that left threads out: threads with a tree of their own at once. */
    public static final String THREADS_LIMIT = "threads.limit";
    /** Ended threads whose trees were folded into one tree per name (a thread storm). */
    public static final String THREADS_FOLDED = "threads.folded";
    /** How many ended threads keep trees of their own before later ones are folded. */
    public static final String THREADS_ENDED_KEPT = "threads.ended_kept";
    /** Info: each thread the folded ones went into, and how many: {@code w-* (ended threads): 19,000; ...}. */
    public static final String THREADS_FOLDED_GROUPS = "threads.folded.groups";
    /** Info: how recursion was recorded, {@code keep}, {@code fold} or {@code auto}. */
    public static final String RECURSION = "recursion";
    /** The method table entry of the synthetic node for calls beyond the tree budget: class, name, descriptor. */
    public static final String BEYOND_BUDGET_CLASS = "[candor]";
    public static final String BEYOND_BUDGET_METHOD = "beyond the tree budget";
    public static final String BEYOND_BUDGET_DESCRIPTOR = "()V";
    /** Version 1.0 snapshots: how often the depth limit was hit (later agents count those calls as dropped). */
    public static final String DEPTH_LIMIT = Snapshot.STAT_DEPTH_LIMIT;
    /** Classes the agent could not instrument: their methods ran, but no call of theirs was recorded. */
    public static final String FAILED_CLASSES = Snapshot.STAT_FAILED_CLASSES;
    /**
     * A sampled profile that got fewer than this share of the samples its threads' time called for is missing
     * time, not just the rounding at the threads' starts and ends; the app has marked such a profile since it first
     * showed the sampling quality, and the text report warns at the same point.
     */
    public static final double MIN_DELIVERED_PERCENT = 95;
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
        return of(stats, info, totalCalls, totalNanos, () -> -1);
    }

    /**
     * As {@link #of(Map, SnapshotInfo, LongSupplier, LongSupplier)}; where the agent measured the probes' effect
     * ({@link ProbeEffect}), {@code probeEffect} gives its estimate summed over every method of every thread (ns,
     * -1 when unknown), and the probe-effect line takes the place of the call-density one.
     */
    public static List<String> of(Map<String, Long> stats, SnapshotInfo info, LongSupplier totalCalls,
                                  LongSupplier totalNanos, LongSupplier probeEffect) {
        List<String> lines = new ArrayList<>();
        if (info.checkpoint()) lines.add(checkpoint(info));
        String notAdded = info.get(SnapshotInfo.CHECKPOINT_NOT_ADDED);
        if (notAdded != null) {
            lines.add("the checkpoint's " + notAdded + (notAdded.equals("1") ? " continuation was" : " continuations were")
                    + " not added (" + info.get(SnapshotInfo.CHECKPOINT_NOT_ADDED_REASON, "no reason given") + "): the trees"
                    + " are its whole snapshot's alone, and what changed after it is not here");
        }
        String leftOut = info.get(SnapshotInfo.CHECKPOINT_LEFT_OUT_BYTES);
        if (leftOut != null) {
            lines.add(String.format(Locale.ROOT, "the checkpoint file's last %s bytes were left out: %s (the program"
                    + " stopped while appending it, most likely); the snapshot is the parts before it",
                    groupDigits(leftOut), info.get(SnapshotInfo.CHECKPOINT_LEFT_OUT_REASON, "a continuation cut short")));
        }
        long dropped = stat(stats, DROPPED);
        boolean heapFull = stat(stats, HEAP_FULL) > 0;
        if (dropped > 0) {
            lines.add(dropped + (dropped == 1 ? " call was" : " calls were") + " dropped; the trees below are missing their time"
                    + (heapFull ? " (the heap ran short of room for the trees)" : ""));
        }
        long depth = stat(stats, DEPTH_LIMIT);
        if (depth > 0) {
            lines.add(String.format(Locale.ROOT, "depth limit hit %,d %s: deeper calls have no node; their time stays"
                    + " with the deepest recorded frame", depth, depth == 1 ? "time" : "times"));
        }
        long beyond = stat(stats, BEYOND_BUDGET);
        if (beyond > 0) {
            long budget = stats.containsKey(NODE_BUDGET) ? stat(stats, NODE_BUDGET) : stat(stats, NODE_LIMIT);
            String limit = budget > 0 ? String.format(Locale.ROOT, " of %,d nodes", budget) : "";
            // the budget, or the heap before it: name the one that stopped the trees
            String cause = heapFull && stat(stats, NODE_LIMIT) == 0
                    ? String.format(Locale.ROOT, "heap too full to grow the trees (%,d%s in use)", stat(stats, NODES_USED),
                            budget > 0 ? String.format(Locale.ROOT, " of %,d nodes", budget) : " nodes")
                    : "tree budget" + limit + " reached";
            lines.add(cause + ": " + share(beyond, totalCalls) + " have no node of their own;"
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
        ProbeEffect effect = ProbeEffect.of(stats, info);
        if (effect == null) {
            String dense = denseCalls(info, totalCalls, totalNanos);
            if (dense != null) lines.add(dense);
        } else {
            String line = effect.warning(probeEffect.getAsLong(), totalNanos.getAsLong());
            if (line != null) lines.add(line);
        }
        long cut = stat(stats, TreeCut.PATHS_CUT);
        if (cut > 0) {
            long threads = stat(stats, TreeCut.THREADS_CUT);
            lines.add(String.format(Locale.ROOT, "live view: %,d smaller call paths of %,d %s are summed under %s %s"
                    + " (each thread shows its heaviest %,d); the hot spots are exact; take a snapshot for every path",
                    cut, threads, threads == 1 ? "thread" : "threads", TreeCut.CUT_CLASS, TreeCut.CUT_METHOD,
                    stat(stats, TreeCut.PATHS_PER_THREAD)));
        }
        long notRecorded = stat(stats, THREADS_NOT_RECORDED);
        if (notRecorded > 0) {
            String names = info.get(THREADS_NOT_RECORDED_NAMES);
            long limit = stat(stats, THREADS_LIMIT);
            lines.add(String.format(Locale.ROOT, "%,d %s not recorded%s%s", notRecorded,
                    notRecorded == 1 ? "thread was" : "threads were",
                    limit > 0 ? String.format(Locale.ROOT, ": more than maxthreads=%,d threads had a tree of their own"
                            + " at once", limit) : "",
                    names == null || names.isEmpty() ? "" : " (" + names.replace('\n', ' ') + ")"));
        }
        long foldedThreads = stat(stats, THREADS_FOLDED);
        if (foldedThreads > 0) {
            String into = info.get(THREADS_FOLDED_GROUPS);
            long kept = stat(stats, THREADS_ENDED_KEPT);
            lines.add(String.format(Locale.ROOT, "%,d ended %s folded into one thread per name%s: every call and time"
                    + " is counted there, not thread by thread%s", foldedThreads,
                    foldedThreads == 1 ? "thread was" : "threads were",
                    into == null || into.isEmpty() ? "" : " (" + into.replace('\n', ' ') + ")",
                    kept > 0 ? String.format(Locale.ROOT, " (the threads that ended after the first %,d)", kept) : ""));
        }
        long failed = stat(stats, FAILED_CLASSES);
        if (failed > 0) {
            lines.add(String.format(Locale.ROOT, "%,d %s could not be instrumented; calls of %s methods are not in the"
                    + " trees", failed, failed == 1 ? "class" : "classes", failed == 1 ? "its" : "their"));
        }
        SamplingQuality sampling = SamplingQuality.of(info, stats);
        if (sampling != null) samplingLosses(sampling, lines);
        return lines;
    }

    /** First of all: the snapshot is a checkpoint, so whatever ran after it is missing. */
    private static String checkpoint(SnapshotInfo info) {
        String at = info.get(SnapshotInfo.END_TIME);
        String continuations = info.get(SnapshotInfo.CHECKPOINT_CONTINUATIONS);
        String parts = "";
        if (continuations != null && !continuations.equals("0")) {
            String whole = info.get(SnapshotInfo.CHECKPOINT_WHOLE_TIME);
            parts = " (a whole snapshot" + (whole == null ? "" : " taken at " + whole) + " and " + continuations
                    + (continuations.equals("1") ? " continuation" : " continuations") + " added to it)";
        }
        return "a checkpoint" + (at == null ? "" : " taken at " + at) + parts + " while the program ran: the snapshot at its"
                + " exit replaces it, so either the program still runs or it ended without one (killed, or crashed);"
                + " what it did after the checkpoint is not here";
    }

    /**
     * The warnings of a snapshot in memory, with all calls of all threads (from their flat profiles) and their total
     * time, as the text report gives them from a file.
     */
    public static List<String> of(Snapshot s) {
        return of(s.stats(), s.info(), () -> allCalls(s), () -> allNanos(s), () -> probeEffect(s));
    }

    /** As {@link #of(Snapshot)}, of a snapshot read in place: the calls from its flat profiles, the time from its totals. */
    public static List<String> of(SnapshotFile file) {
        return of(file.stats(), file.info(), () -> allCalls(file), () -> allNanos(file), () -> probeEffect(file));
    }

    private static long probeEffect(SnapshotFile file) {
        ProbeEffect effect = ProbeEffect.of(file.stats(), file.info());
        if (effect != null) effect = effect.on(file.metrics());
        if (effect == null) return -1;
        long sum = 0;
        try {
            for (ThreadTree t : file.threads()) sum += effect.sum(FlatProfiles.of(file, t));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sum;
    }

    private static long probeEffect(Snapshot s) {
        ProbeEffect effect = ProbeEffect.of(s.stats(), s.info());
        if (effect != null) effect = effect.on(s.metrics());
        if (effect == null) return -1;
        long sum = 0;
        for (ThreadProfile t : s.threads()) sum += effect.sum(FlatProfiles.of(t, s.metrics()));
        return sum;
    }

    private static long allCalls(SnapshotFile file) {
        int calls = file.metricIndex(Metric.CALLS.key());
        if (calls < 0) return -1;
        long sum = 0;
        try {
            for (ThreadTree t : file.threads()) {
                FlatProfile f = FlatProfiles.of(file, t);
                for (int r = 0; r < f.size(); r++) sum += f.value(r, calls);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sum;
    }

    private static long allNanos(SnapshotFile file) {
        int total = file.metricIndex(Metric.TOTAL_TIME.key());
        if (total < 0 || file.metrics().get(total).unit() != Metric.Unit.NANOS) return -1;
        try {
            return PercentBasis.whole(file, file.threads(), total);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void samplingLosses(SamplingQuality q, List<String> lines) {
        long bufferFull = q.dropped() - q.droppedTreeFull();
        if (bufferFull > 0) {
            lines.add(String.format(Locale.ROOT, "%,d %s dropped (the sampler's buffer was full); the trees below are"
                    + " missing their time", bufferFull, bufferFull == 1 ? "sample was" : "samples were"));
        }
        if (q.droppedTreeFull() > 0) {
            lines.add(String.format(Locale.ROOT, "%,d %s dropped (the sampler's trees had used their node budget; agents"
                    + " since 2026-11-28 count such samples beyond the budget); the trees below are missing their time",
                    q.droppedTreeFull(), q.droppedTreeFull() == 1 ? "sample was" : "samples were"));
        }
        if (q.beyondBudget() > 0) {
            long all = q.recordedInTrees();
            String of = all >= q.beyondBudget() && all > 0
                    ? String.format(Locale.ROOT, " of %,d (%.1f %%)", all, 100.0 * q.beyondBudget() / all) : "";
            lines.add(String.format(Locale.ROOT, "tree budget%s reached: %,d %s%s %s no node of their own; each is"
                    + " counted under %s %s below its deepest recorded frame, with its own method as the leaf (the"
                    + " frames between are left out), so self times and the recorded callers' totals stay whole",
                    q.nodeLimit() > 0 ? String.format(Locale.ROOT, " of %,d nodes", q.nodeLimit()) : "",
                    q.beyondBudget(), q.beyondBudget() == 1 ? "sample" : "samples", of,
                    q.beyondBudget() == 1 ? "has" : "have", BEYOND_BUDGET_CLASS, BEYOND_BUDGET_METHOD));
        }
        // a few on a busy machine are normal; from 1 % on, the threads' wall time is visibly short
        if (q.signalPending() > 0 && q.signalPending() * 100 >= q.expected() + q.signalPending()) {
            lines.add(String.format(Locale.ROOT, "%,d wall %s not taken: the thread had not yet handled the previous"
                    + " signal (it got no CPU for a whole period, the machine is overloaded); the trees below are missing"
                    + " that much of the threads' time", q.signalPending(), q.signalPending() == 1 ? "sample was" : "samples were"));
        }
        if (q.userTimeOnly()) {
            lines.add("cpu mode sampled user time only (the kernel refused perf's kernel time: see"
                    + " kernel.perf_event_paranoid); time the threads spent in system calls is missing from the trees");
        }
        if (q.compiledBeforeAttach() > 0) {
            lines.add(String.format(Locale.ROOT, "%,d %s compiled before the sampler attached, without the JIT's debug"
                    + " information between safepoints: until recompiled, time in what they inline may be charged to"
                    + " the inlining method (a launch with candor profile has no such methods)", q.compiledBeforeAttach(),
                    q.compiledBeforeAttach() == 1 ? "method was" : "methods were"));
        }
        if (q.deliveredPercent() < MIN_DELIVERED_PERCENT) {
            lines.add(String.format(Locale.ROOT, "only %,d of %,d expected samples were delivered (%.1f %%); the trees"
                    + " below are missing the rest of the threads' time", q.delivered(), q.expected(), q.deliveredPercent()));
        }
    }

    private static long allCalls(Snapshot s) {
        int calls = s.metricIndex(Metric.CALLS.key());
        if (calls < 0) return -1;
        long sum = 0;
        for (ThreadProfile t : s.threads()) {
            FlatProfile f = FlatProfiles.of(t, s.metrics());
            for (int r = 0; r < f.size(); r++) sum += f.value(r, calls);
        }
        return sum;
    }

    private static long allNanos(Snapshot s) {
        int total = s.metricIndex(Metric.TOTAL_TIME.key());
        if (total < 0 || s.metrics().get(total).unit() != Metric.Unit.NANOS) return -1;
        long sum = 0;
        for (ThreadProfile t : s.threads()) sum += CallTrees.total(t.root(), s.metrics(), total);
        return sum;
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

    /** {@code 12,345} for a count kept as text; the text as it is when it is not a number. */
    private static String groupDigits(String count) {
        try {
            return String.format(Locale.ROOT, "%,d", Long.parseLong(count));
        } catch (NumberFormatException e) {
            return count;
        }
    }

    private static long stat(Map<String, Long> stats, String key) {
        Long v = stats.get(key);
        return v != null ? v : 0;
    }
}
