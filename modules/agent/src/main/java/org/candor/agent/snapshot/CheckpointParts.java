package org.candor.agent.snapshot;

import java.io.IOException;

/**
 * How a mode's checkpoint parts keep their records of what the file's parts wrote (the instrumentation's {@link
 * CheckpointContinuations}, a sampling session's continuations) true: a part that was not written whole, or a
 * continuation that could not be made, leaves records that no longer describe the file, so they are forgotten and the
 * next checkpoint is whole. One rule for every {@link SnapshotSource}.
 */
public final class CheckpointParts {

    private CheckpointParts() {}

    /** Writes a part; a continuation returns -1, writing nothing, when the recording cannot be continued. */
    public interface Part {
        int write() throws IOException;
    }

    /** A whole checkpoint: {@code forget} runs when it fails. Returns what {@code whole} returns. */
    public static int whole(Part whole, Runnable forget) throws IOException {
        try {
            return whole.write();
        } catch (IOException | RuntimeException | Error e) {
            forget.run();
            throw e;
        }
    }

    /**
     * A continuation: true when it was appended; false, with {@code forget} run, when the recording could not be
     * continued (records of threads looked at before the one that could not continue moved on); {@code forget} runs
     * too when it fails (the part was cut back: what the records hold was not written).
     */
    public static boolean continuation(Part continuation, Runnable forget) throws IOException {
        if (whole(continuation, forget) >= 0) return true;
        forget.run();
        return false;
    }
}
