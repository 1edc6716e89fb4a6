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

    /** Whether the threads about to be written can continue the last part (else a whole checkpoint is due). */
    boolean canContinue(ThreadState[] current) {
        if (generation < 0 || generation != Recording.generation()) return false;
        int found = 0;
        for (ThreadState t : current) if (threads.containsKey(t)) found++;
        return found == threads.size();
    }

    /** The thread's record, new (nothing written yet) for a thread the last part did not have. */
    ChangedNodes of(ThreadState thread) {
        return threads.computeIfAbsent(thread, t -> new ChangedNodes());
    }

    /** A whole checkpoint starts: the records start again from it. */
    void startWhole() {
        threads.clear();
        generation = Recording.generation();
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
