package org.candor.agent.snapshot;

import java.io.IOException;
import java.nio.file.Path;

/** What a profiling mode hands over when the session ends, or when asked: everything it recorded, as a snapshot. */
public interface SnapshotSource {

    /** Writes the snapshot to {@code target}, atomically (the previous file stays until the new one is whole). */
    int writeTo(Path target) throws IOException;

    /**
     * A live view's snapshot: as {@link #writeTo}, each thread's tree cut to its heaviest {@code pathsPerThread}
     * nodes ({@link org.candor.core.snapshot.TreeCut}), and not forced to disk.
     */
    int writeLive(Path target, int pathsPerThread) throws IOException;

    /**
     * A checkpoint while the program runs ({@link Checkpoints}): as {@link #writeTo}, its info marked {@link
     * org.candor.core.model.SnapshotInfo#CHECKPOINT}, the recording going on, and not forced to disk.
     */
    int writeCheckpoint(Path target) throws IOException;

    /**
     * A checkpoint continuation (docs/formats/snapshot.md, "Checkpoint continuations"): what changed since the
     * checkpoint file's last part, appended to it as a part of its own. False, with nothing written, where this mode
     * writes none, or when the recording cannot be continued (a reset, a thread folded into its group): a whole
     * checkpoint ({@link #writeCheckpoint}) is due then. A failed one leaves the file as it was.
     */
    default boolean appendCheckpoint(Path target) throws IOException {
        return false;
    }

    /**
     * Called on a thread of the agent's own that writes snapshots (the checkpoints'), before its first: leaves it
     * out of what this mode records. The probes never record the agent's own code; a sampler would sample it.
     */
    default void leaveOutCurrentThread() {}
}
