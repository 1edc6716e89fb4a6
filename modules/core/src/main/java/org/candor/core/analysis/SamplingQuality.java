package org.candor.core.analysis;

import java.util.Locale;
import java.util.Map;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;

/**
 * How far a sampled profile can be trusted, from the sampler's statistics: samples delivered against those the
 * threads' CPU (or wall) time called for, stack walks that failed and how many of those were still attributed by
 * the interrupted address, samples dropped because a buffer was full.
 */
public final class SamplingQuality {

    public static final String EXPECTED = "samples.expected";
    public static final String DELIVERED = "samples.delivered";
    public static final String RECORDED = "samples.recorded";
    public static final String FAILED_PREFIX = "samples.failed.";
    public static final String ATTRIBUTED_BY_PC = "samples.attributed_by_pc";
    public static final String DROPPED = "samples.dropped.buffer_full";
    /** Agents before 2026-11-28 dropped a sample whose path needed a node once the trees' budget was full. */
    public static final String DROPPED_TREE_FULL = "samples.dropped.tree_full";
    /** Samples counted under a node beyond the trees' node budget, below their deepest recorded frame. */
    public static final String BEYOND_BUDGET = "samples.beyond_budget";
    /** The node budget of all the sampler's trees together. */
    public static final String NODE_LIMIT = "tree.node_limit";
    /** Wall mode: signals not sent, the thread's previous one was still pending (it had no CPU for a whole period). */
    public static final String SIGNAL_PENDING = "samples.dropped.signal_pending";
    /** 1 when cpu mode counted system time too, 0 when user time only (perf refused kernel time); since 2026-11-27. */
    public static final String COUNTS_KERNEL = "cpu.counts_kernel";
    /** Compiled methods already there when the sampler attached: no debug information between safepoints. */
    public static final String COMPILED_BEFORE_ATTACH = "attach.methods_compiled_before";
    /** A call tree cut from a trace (org.candor.core.trace.TraceCut): the samples it took. */
    public static final String CUT_SAMPLES = "trace.cut.samples";
    /** A profile imported from another tool's file (org.candor.core.imports): the samples it held. */
    public static final String IMPORTED_SAMPLES = "import.samples";
    private static final String PERF_SIGTRAP = "timer.perf_sigtrap";
    private static final String PERF_FASYNC = "timer.perf_fasync";

    private final long expected;
    private final long delivered;
    private final long failed;
    private final long attributed;
    private final long dropped;
    private final long beyondBudget;
    private final long droppedTreeFull;
    private final long nodeLimit;
    private final long signalPending;
    private final long recordedInTrees;
    private final boolean userTimeOnly;
    private final long compiledBeforeAttach;
    private final Long cutSamples;
    private final Long importedSamples;

    private SamplingQuality(Map<String, Long> stats) {
        cutSamples = stats.get(CUT_SAMPLES);
        importedSamples = stats.get(IMPORTED_SAMPLES);
        expected = stats.getOrDefault(EXPECTED, 0L);
        delivered = stats.getOrDefault(DELIVERED, 0L);
        attributed = stats.getOrDefault(ATTRIBUTED_BY_PC, 0L);
        droppedTreeFull = stats.getOrDefault(DROPPED_TREE_FULL, 0L);
        dropped = stats.getOrDefault(DROPPED, 0L) + droppedTreeFull;
        beyondBudget = stats.getOrDefault(BEYOND_BUDGET, 0L);
        nodeLimit = stats.getOrDefault(NODE_LIMIT, 0L);
        signalPending = stats.getOrDefault(SIGNAL_PENDING, 0L);
        recordedInTrees = stats.getOrDefault("samples.running", 0L) + stats.getOrDefault("samples.waiting", 0L);
        long f = 0;
        for (Map.Entry<String, Long> e : stats.entrySet()) if (e.getKey().startsWith(FAILED_PREFIX)) f += e.getValue();
        failed = f;
        userTimeOnly = stats.getOrDefault("mode.cpu", 0L) == 1 && stats.getOrDefault(COUNTS_KERNEL, 1L) == 0;
        compiledBeforeAttach = stats.getOrDefault(COMPILED_BEFORE_ATTACH, 0L);
    }

    /** The quality of a sampled snapshot; null for an instrumented one. */
    public static SamplingQuality of(Snapshot s) {
        return of(s.info(), s.stats());
    }

    /** The quality of a sampled snapshot from its info and statistics; null for an instrumented one. */
    public static SamplingQuality of(SnapshotInfo info, Map<String, Long> stats) {
        if (!"sampling".equals(info.get(SnapshotInfo.MODE))) return null;
        return new SamplingQuality(stats);
    }

    /**
     * The sampled event with what its samples stand for, as the report header and the app show it: {@code cpu (user
     * + system CPU time)}, {@code cpu (user CPU time only: time in system calls is not sampled)}, {@code wall
     * (elapsed time)}. Before {@link #COUNTS_KERNEL} existed, perf's timers counted user time only and thread CPU
     * timers both. Null when the snapshot names no event.
     */
    public static String event(SnapshotInfo info, Map<String, Long> stats) {
        String event = info.get(SnapshotInfo.EVENT);
        if (event == null) return null;
        if (event.equals("wall")) return "wall (elapsed time)";
        if (!event.equals("cpu")) return event;
        return countsKernel(stats) ? "cpu (user + system CPU time)"
                : "cpu (user CPU time only: time in system calls is not sampled)";
    }

    /** Whether a cpu-mode snapshot's samples include the threads' time in the kernel. */
    public static boolean countsKernel(Map<String, Long> stats) {
        Long counts = stats.get(COUNTS_KERNEL);
        if (counts != null) return counts != 0;
        return stats.getOrDefault(PERF_SIGTRAP, 0L) == 0 && stats.getOrDefault(PERF_FASYNC, 0L) == 0;
    }

    public long expected() { return expected; }
    public long delivered() { return delivered; }
    public long failed() { return failed; }
    public long attributedByPc() { return attributed; }
    /** Samples lost for lack of room: a full buffer (and, before {@link #BEYOND_BUDGET}, a full tree). */
    public long dropped() { return dropped; }

    /** Of {@link #dropped()}: those an agent before 2026-11-28 dropped because its trees' node budget was full. */
    public long droppedTreeFull() { return droppedTreeFull; }

    /** Samples counted beyond the trees' node budget (their frames between the deepest recorded one and the leaf left out). */
    public long beyondBudget() { return beyondBudget; }

    /** The trees' node budget; 0 when the snapshot does not say. */
    public long nodeLimit() { return nodeLimit; }

    /** Samples the trees hold: running and waiting ones. */
    public long recordedInTrees() { return recordedInTrees; }

    /** Wall samples not taken: the thread had not yet handled its previous signal (not in expected). */
    public long signalPending() { return signalPending; }

    /** cpu mode where the kernel refused to sample system time (known since {@link #COUNTS_KERNEL} exists). */
    public boolean userTimeOnly() { return userTimeOnly; }

    /** Methods the JIT had compiled before a dynamic attach (their inlined frames may be misnamed). */
    public long compiledBeforeAttach() { return compiledBeforeAttach; }

    /** Delivered as a percentage of expected; NaN when nothing was expected. */
    public double deliveredPercent() {
        return expected > 0 ? 100.0 * delivered / expected : Double.NaN;
    }

    /** e.g. {@code 9,870 of 10,000 expected samples delivered (98.7 %); 130 stack walks failed, 96 of them attributed by address; 0 dropped} */
    public String summary() {
        // a cut holds samples of a traced run's range: how many the run delivered is the whole run's snapshot's to say
        if (cutSamples != null) return String.format(Locale.ROOT, "%,d samples of a range of a traced run", cutSamples);
        // another tool took them: what it expected, failed or dropped its file does not say (not "0 of 0 expected")
        if (importedSamples != null) return String.format(Locale.ROOT, "%,d samples, imported", importedSamples);
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%,d of %,d expected samples delivered", delivered, expected));
        if (expected > 0) s.append(String.format(Locale.ROOT, " (%.1f %%)", deliveredPercent()));
        s.append(String.format(Locale.ROOT, "; %,d stack walks failed", failed));
        if (failed > 0) s.append(String.format(Locale.ROOT, ", %,d of them attributed by address", attributed));
        s.append(String.format(Locale.ROOT, "; %,d dropped", dropped));
        return s.toString();
    }
}
