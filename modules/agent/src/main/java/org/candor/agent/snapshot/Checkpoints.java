package org.candor.agent.snapshot;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.candor.agent.AgentLog;
import org.candor.agent.options.AgentOptions;

/**
 * The snapshot written over the session's output while the program runs, so that a program killed (SIGKILL, the
 * OOM killer) or crashed leaves what it recorded until shortly before, as a JFR recording keeps its past chunks; the
 * snapshot at exit replaces the last checkpoint. Each is marked as one ({@link
 * org.candor.core.model.SnapshotInfo#CHECKPOINT}), so no reader takes it for the whole run.
 *
 * <p>A checkpoint costs what a snapshot costs (each tree copied and written out), which grows with the trees; so the
 * wait before the next is at least {@link #COST_SHARE} times the CPU time the last one took: about 2 % of one CPU
 * however large the trees grow (2.1-2.4 % measured: the first ones, every second while their cost is unknown, weigh
 * most), about every second while the trees are small. Written on a daemon thread of its own,
 * never forced to disk (the page cache outlives the program), never while the snapshot at exit is written.
 *
 * <p>Once the trees are so large that a whole checkpoint costs more than the period allows (1.7 million nodes of
 * javac: ~0.45 s), the checkpoints in between are <em>continuations</em> ({@link SnapshotSource#appendCheckpoint}):
 * what changed since the file's last part, appended to it, at the pace their own cost allows (a scan of every node
 * and the changed ones written in node order: every 1.7-2.1 s on those 1.7 million nodes, against 21 s for whole
 * ones); a whole one replaces the file again once {@code 2 * COST_SHARE} times its cost has passed or the
 * continuations add up to {@link #APPENDED_WHOLES} times its size (a reader adds them all up). Wholes and
 * continuations together: about 3 % of one CPU (3.0-3.3 % measured there, a part every 1.7-2.1 s).
 */
public final class Checkpoints implements Runnable {

    /** The time between two checkpoints is at least this many times the last one's. */
    static final int COST_SHARE = 50;
    /**
     * A whole checkpoint is due once the continuations after it add up to this many times its size: they are small
     * (a tenth of it, a second of javac) and come often, and a whole one costs much more CPU than its share if it came
     * at every whole one's size of them (every ~15 s there, ~3 % of a CPU); a reader adds the parts up, so they may
     * not grow without bound either.
     */
    static final int APPENDED_WHOLES = 2;

    private static final AtomicLong WRITTEN = new AtomicLong();
    private static final AtomicLong CONTINUATIONS = new AtomicLong();
    private static final AtomicLong NANOS = new AtomicLong();
    private static final AtomicLong CONTINUATION_NANOS = new AtomicLong();
    private static final AtomicLong FAILED = new AtomicLong();
    private static final AtomicLong PERIOD_MILLIS = new AtomicLong();

    private final AgentOptions options;
    private final SnapshotSource source;
    private final Path target;
    private final Object lock = new Object();
    private boolean stopped;
    private boolean wroteAny;

    Checkpoints(AgentOptions options, SnapshotSource source, Path target) {
        this.options = options;
        this.source = source;
        this.target = target;
    }

    /** What the checkpoints of this JVM cost (CPU time), for the snapshot's statistics (docs/formats/snapshot.md). */
    public static Map<String, Long> stats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        if (WRITTEN.get() == 0 && FAILED.get() == 0) return stats;
        stats.put("checkpoint.written", WRITTEN.get());
        stats.put("checkpoint.continuations", CONTINUATIONS.get());
        stats.put("checkpoint.failed", FAILED.get());
        stats.put("checkpoint.time_ns", NANOS.get());
        stats.put("checkpoint.continuation_time_ns", CONTINUATION_NANOS.get());
        stats.put("checkpoint.period_ms", PERIOD_MILLIS.get());
        return stats;
    }

    /** Starts checkpointing, where the options ask for it. */
    Checkpoints start() {
        if (options.checkpointMillis() <= 0 || options.trainer()) return this;
        Thread t = new Thread(this, "candor-checkpoint");
        t.setDaemon(true);
        t.start();
        return this;
    }

    /**
     * No more checkpoints; one being written is finished first (the snapshot at exit must be the last word).
     * Returns whether any was written.
     */
    boolean stop() {
        synchronized (lock) {
            stopped = true;
            lock.notifyAll();
            return wroteAny;
        }
    }

    @Override public void run() {
        source.leaveOutCurrentThread();  // the checkpoints' cost is the profiler's, not the program's
        long period = options.checkpointMillis();
        try {
            while (true) {
                synchronized (lock) {
                    long until = System.currentTimeMillis() + period;
                    for (long left = period; !stopped && left > 0; left = until - System.currentTimeMillis()) {
                        lock.wait(left);
                    }
                    if (stopped) return;
                    long took = continuationDue() ? append() : -1;
                    if (took < 0) took = writeWhole();
                    // the first one loads the writer's classes and runs it interpreted: no measure of the next; once
                    // continuations carry the checkpoints, theirs sets the pace (wholes keep their own, below)
                    if (WRITTEN.get() + FAILED.get() > 1) {
                        period = nextPeriod(options.checkpointMillis(), took, continuationCost(),
                                continuing() && refusals < 2);
                    }
                    PERIOD_MILLIS.set(period);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The last whole checkpoint: when (ns), its CPU time and its size; and what continuations added since. */
    private long wholeAt;
    private long wholeCost;
    private long wholeBytes;
    private long appendedBytes;
    /**
     * The last three continuations' CPU times (ns; the first one, run cold, left out): their median paces the next, so
     * that one slow continuation (the tree growing fast, or the CPU shared) does not stretch the wait alone.
     */
    private final long[] recentCosts = new long[3];
    private int recent;
    /** Whether the continuation being written was appended. */
    private boolean appended;
    /**
     * Continuations refused in a row (the recording could not be continued: a whole one came instead). One (a reset,
     * a thread folded) is followed by a continuation again; two say the trees are not continued now, and the whole
     * checkpoints' own cost paces them.
     */
    private int refusals;

    /**
     * The wait before the next checkpoint (ms): {@link #COST_SHARE} times the CPU time of what sets the pace, and at
     * least the period asked for ({@code minimumMillis}). While continuations are next, their measured cost sets it
     * ({@code continuationCost}; a whole one among them keeps its own, larger share, {@link #continuationDue}), and
     * while none was measured yet (0) the first come at the period asked for, to be measured; else the checkpoint just
     * written sets it: a recording whose trees are not being continued ({@link #refusals}) is paced by its whole
     * checkpoints (until 2026-11-29 it was not, and a sampling session, whose trees were never continued then, wrote
     * one every second at any cost: 6 % of a CPU on 300,000 sampled nodes).
     */
    static long nextPeriod(long minimumMillis, long tookNanos, long continuationCost, boolean continuationsNext) {
        long basis = continuationsNext ? continuationCost : tookNanos;
        return Math.max(minimumMillis, basis * COST_SHARE / 1_000_000);
    }

    /** The median of the recent continuations' CPU times (ns); 0 before the first was measured. */
    private long continuationCost() {
        int n = Math.min(recent, recentCosts.length);
        if (n == 0) return 0;
        long[] costs = java.util.Arrays.copyOf(recentCosts, n);
        java.util.Arrays.sort(costs);
        return costs[n / 2];
    }

    /**
     * Whether the next checkpoint is a continuation: only once a whole one costs more than the period allows (a
     * small recording keeps whole checkpoints every period, as ever), and not when a whole one is due again: at
     * most one every {@code 2 * COST_SHARE} times its cost (so wholes take at most 1 % of a CPU beside the
     * continuations' share), nor once the continuations add up to {@link #APPENDED_WHOLES} times the whole's size (a
     * reader adds them all).
     */
    private boolean continuationDue() {
        if (!continuing()) return false;
        if (appendedBytes >= APPENDED_WHOLES * wholeBytes) return false;
        return System.nanoTime() - wholeAt < 2 * COST_SHARE * wholeCost;
    }

    /** Whether continuations carry the checkpoints: a whole one (measured, not the first) costs more than a period allows. */
    private boolean continuing() {
        return wroteAny && WRITTEN.get() >= 2 && wholeCost * COST_SHARE / 1_000_000 > options.checkpointMillis();
    }

    /** A whole checkpoint; returns the CPU time it took (ns; elapsed time where the kernel does not say). */
    private long writeWhole() {
        long took = measure(() -> {
            source.writeCheckpoint(target);
            if (!wroteAny) RunOutcome.checkpoint(options, target);
            wroteAny = true;
            WRITTEN.incrementAndGet();
            wholeBytes = sizeOf(target);
            appendedBytes = 0;
        });
        wholeAt = System.nanoTime();
        wholeCost = took;
        return took;
    }

    /** A continuation; its CPU time, or -1 when the recording could not be continued (nothing written). */
    private long append() {
        appended = false;
        long took = measure(() -> {
            appended = source.appendCheckpoint(target);
            if (appended) {
                CONTINUATIONS.incrementAndGet();
                appendedBytes = sizeOf(target) - wholeBytes;
            }
        });
        refusals = appended ? 0 : refusals + 1;
        if (!appended) return -1;
        CONTINUATION_NANOS.addAndGet(took);
        // the first one runs the code of continuations cold (interpreted): no measure of the next
        if (CONTINUATIONS.get() > 1) recentCosts[recent++ % recentCosts.length] = took;
        return took;
    }

    private interface Part {
        void write() throws IOException;
    }

    /** Writes one part; returns the CPU time it took (ns; elapsed time where the kernel does not say). */
    private long measure(Part part) {
        long startCpu = cpuNanos();
        long startWall = System.nanoTime();
        try {
            part.write();
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            // said once: the snapshot at exit tries again, and falls back to the temporary folder; a heap with no
            // room for the copy ends this checkpoint, not the thread (the arrays are kept softly, so the collector
            // takes them back before the program runs short)
            if (FAILED.getAndIncrement() == 0) {
                AgentLog.error("cannot write a checkpoint to " + target + ": "
                        + (e instanceof OutOfMemoryError ? "the heap has no room for the copy" : e.getMessage())
                        + "; trying again later, and at exit");
            }
        }
        long endCpu = cpuNanos();
        // both ends from one clock: CPU time where the kernel gave it at both, else elapsed time
        long took = startCpu >= 0 && endCpu >= 0 ? endCpu - startCpu : System.nanoTime() - startWall;
        NANOS.addAndGet(took);
        return took;
    }

    private static long sizeOf(Path file) {
        try {
            return java.nio.file.Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * This thread's CPU time so far, from the kernel's scheduler statistics ({@code /proc/thread-self/schedstat}: no
     * management classes loaded into the program for it); -1 where there are none. CPU time, not elapsed time, is
     * what a checkpoint takes from the program: on a busy machine it waits for a CPU as long again.
     */
    private static long cpuNanos() {
        try {
            byte[] b = java.nio.file.Files.readAllBytes(SCHEDSTAT);
            long v = 0;
            for (int i = 0; i < b.length && b[i] >= '0' && b[i] <= '9'; i++) v = v * 10 + (b[i] - '0');
            return v;
        } catch (IOException | RuntimeException noSchedstat) {
            return -1;
        }
    }

    private static final Path SCHEDSTAT = java.nio.file.Paths.get("/proc/thread-self/schedstat");
}
