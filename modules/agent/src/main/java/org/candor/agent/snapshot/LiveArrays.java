package org.candor.agent.snapshot;

import org.candor.core.snapshot.SoftSpare;
import org.candor.probe.ThreadTreeCopy;

/**
 * The per-node arrays a live view's snapshot copies and computes into (the copy's 32 bytes a node and the values' 32),
 * kept from one refresh or checkpoint to the next ({@link SoftSpare} says why: on 750,000 nodes fresh ones were a
 * quarter of a refresh's cost), and the snapshot at exit takes them too (a second set beside the kept one would
 * double what snapshots hold in the program's heap).
 */
final class LiveArrays {

    private static final SoftSpare<LiveArrays> SPARE = new SoftSpare<>();

    final ThreadTreeCopy.Reuse copy = new ThreadTreeCopy.Reuse();
    final TreeValues.Reuse values = new TreeValues.Reuse();

    private LiveArrays() {}

    /** The arrays the last live snapshot left, or new (empty) ones. */
    static LiveArrays take() {
        LiveArrays arrays = SPARE.take();
        return arrays != null ? arrays : new LiveArrays();
    }

    /** Done: kept for the next live snapshot. */
    void giveBack() {
        SPARE.giveBack(this);
    }
}
