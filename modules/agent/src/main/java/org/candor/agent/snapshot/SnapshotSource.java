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
     * Called on a thread of the agent's own that writes snapshots (the checkpoints'), before its first: leaves it
     * out of what this mode records. The probes never record the agent's own code; a sampler would sample it.
     */
    default void leaveOutCurrentThread() {}
}
