package org.candor.agent.snapshot;

import java.util.IdentityHashMap;
import java.util.Map;
import org.candor.probe.Recording;
import org.candor.probe.ThreadState;

/**
 * What the checkpoint file's parts wrote of each thread ({@link ChangedNodes}), so that the next checkpoint can be a
 * continuation: only what changed, appended. A continuation is possible while the trees only grew since the last
 * part: no reset since, every thread of the last part still there (none folded into its group), none shorter.
 * Checkpoints are written by one thread at a time, which alone touches this.
 */
final class CheckpointContinuations {

    private final Map<ThreadState, ChangedNodes> threads = new IdentityHashMap<>();
    private int generation = -1;
    private int[] scratch = new int[0];
    /** The whole part's rate and whether its times were calibrated: its continuations keep both (same columns). */
    private double nanosPerTick;
    private boolean calibrated;

    /**
     * Whether the threads about to be written can continue the last part (else a whole checkpoint is due): the same
     * recording (no reset), every thread of the last part still there, and values of the same kind (calibrated or
     * not, so the columns are part 0's).
     */
    boolean canContinue(ThreadState[] current, boolean calibratedNow) {
        if (generation < 0 || generation != Recording.generation() || calibratedNow != calibrated) return false;
        int found = 0;
        for (ThreadState t : current) if (threads.containsKey(t)) found++;
        return found == threads.size();
    }

    /** The thread's record, new (nothing written yet) for a thread the last part did not have. */
    ChangedNodes of(ThreadState thread) {
        return threads.computeIfAbsent(thread, t -> new ChangedNodes());
    }

    /** A whole checkpoint starts, converting ticks at {@code nanosPerTick}: the records start again from it. */
    void startWhole(double nanosPerTick, boolean calibrated) {
        threads.clear();
        generation = Recording.generation();
        this.nanosPerTick = nanosPerTick;
        this.calibrated = calibrated;
    }

    /**
     * The rate the whole part converted ticks at, which its continuations convert at too: each part's values are
     * differences of what the parts before wrote, so a rate measured anew for each would change every node's time by
     * its rounding and write it again (and the clock's rate measured over the session changes but in the last digits).
     */
    double nanosPerTick() {
        return nanosPerTick;
    }

    /** Nothing can be continued (a part failed): the next checkpoint is whole. */
    void forget() {
        threads.clear();
        generation = -1;
    }

    /** Room to mark the nodes of a tree of {@code nodes} nodes ({@link ChangedNodes#changes}). */
    int[] scratch(int nodes) {
        if (scratch.length < nodes) scratch = new int[Math.max(nodes, (int) Math.min(Integer.MAX_VALUE - 8, nodes + (nodes >> 3)))];
        return scratch;
    }
}
