package org.candor.agent.sampling;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.snapshot.CheckpointParts;
import org.candor.agent.snapshot.SessionInfo;
import org.candor.agent.snapshot.SnapshotSource;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SoftSpare;

/**
 * The snapshots of a sampling session: libcandor.so's per-thread trees, its statistics and the interval, at exit
 * ({@link #writeTo}, which ends sampling) or at any time while it samples ({@link #writeNow}).
 */
public final class SamplingSnapshots implements SnapshotSource {

    /** The last snapshot's parts, whose node arrays the next one may be copied into. */
    private static final SoftSpare<Object[]> NODE_ARRAYS = new SoftSpare<>();

    private volatile AgentOptions options;
    private volatile Instant sessionStart = Instant.now();
    /** The start of what a snapshot holds: the session's start or the last reset. */
    private volatile Instant start = sessionStart;
    private volatile Instant resetTime;

    private SamplingSnapshots(AgentOptions options) {
        this.options = options;
    }

    /**
     * The session, if libcandor.so samples; otherwise an exception whose message says what is missing.
     */
    public static SamplingSnapshots start(AgentOptions options) {
        boolean running;
        try {
            running = NativeSampler.running0();
        } catch (UnsatisfiedLinkError notLoaded) {
            throw new IllegalStateException("sampling needs libcandor.so: add -agentpath:/path/libcandor.so=sample=cpu"
                    + " (or use 'candor profile --mode sample')");
        }
        if (!running) {
            throw new IllegalStateException("libcandor.so is loaded but does not sample: give it sample=cpu or sample=wall"
                    + " (-agentpath:/path/libcandor.so=sample=cpu,interval=1000000)");
        }
        return new SamplingSnapshots(options);
    }

    /** The collected results were reset: later snapshots hold what was sampled from {@code at}. */
    public void resetAt(Instant at) {
        start = at;
        resetTime = at;
    }

    /** A new session in this JVM after a detach: snapshots describe it alone, from {@code at}. */
    public void newSession(AgentOptions options, Instant at) {
        this.options = options;
        sessionStart = at;
        start = at;
        resetTime = null;
    }

    public Instant sessionStart() { return sessionStart; }
    public Instant dataStart() { return start; }

    /** At exit: drains libcandor.so's trees, which ends sampling for good. */
    @Override
    public int writeTo(Path target) throws IOException {
        return write(NativeSampler.drain0(), target, 0, Part.SNAPSHOT, "the native sampler returned no data (drained twice?)");
    }

    /** The trees as they are now, while sampling goes on (the format of {@link #writeTo}). */
    public int writeNow(Path target) throws IOException {
        return writeWhileSampling(target, 0, Part.SNAPSHOT);
    }

    @Override
    public int writeCheckpoint(Path target) throws IOException {
        return CheckpointParts.whole(() -> writeWhileSampling(target, 0, Part.WHOLE_CHECKPOINT), continuations::forget);
    }

    /**
     * What changed since the checkpoint file's last part, appended to it ({@link SampledContinuations}): a few
     * thousand changed nodes a second, where a whole checkpoint writes every node (300,000 nodes of two busy threads:
     * ~65 ms of CPU, so one every ~3 s at the checkpoints' share; a continuation 4-20 ms, bench/README.md).
     */
    @Override
    public boolean appendCheckpoint(Path target) throws IOException {
        return CheckpointParts.continuation(() -> writeWhileSampling(target, 0, Part.CONTINUATION), continuations::forget);
    }

    /** What the checkpoint file's parts wrote, for the next continuation; touched by the checkpoint thread only. */
    private final SampledContinuations continuations = new SampledContinuations();

    /** What a snapshot taken while sampling is. */
    private enum Part { SNAPSHOT, WHOLE_CHECKPOINT, CONTINUATION }

    @Override
    public void leaveOutCurrentThread() {
        SamplerControl.ignoreCurrentThread();
    }

    /** A live view's snapshot, while sampling goes on: as {@link #writeNow}, the trees cut. */
    @Override
    public int writeLive(Path target, int pathsPerThread) throws IOException {
        return writeWhileSampling(target, pathsPerThread, Part.SNAPSHOT);
    }

    /**
     * The trees copied into the node arrays of the last such snapshot where they fit (a live view asks every second
     * or so; {@link SoftSpare} says why they are kept), and those arrays kept for the next one.
     */
    private int writeWhileSampling(Path target, int pathsPerThread, Part part) throws IOException {
        Object[] parts = NativeSampler.snapshot0(NODE_ARRAYS.take());
        try {
            return write(parts, target, pathsPerThread, part, "the sampler has ended (the JVM is exiting)");
        } finally {
            if (parts != null) NODE_ARRAYS.giveBack(parts);
        }
    }

    /** A continuation returns -1, writing nothing, when the trees do not continue the file's last part. */
    private int write(Object[] parts, Path target, int pathsPerThread, Part part, String whyNone) throws IOException {
        if (parts == null || parts.length < NativeSampler.PARTS) throw new IllegalStateException(whyNone);
        SampledTrees trees = new SampledTrees(parts);
        SnapshotInfo info = SessionInfo.describe(options, start, Instant.now())
                .put(SnapshotInfo.MODE, "sampling")
                .put(SnapshotInfo.EVENT, trees.wallClock() ? "wall" : "cpu")
                .put(SnapshotInfo.INTERVAL_NS, Long.toString(trees.intervalNanos()));
        Instant reset = resetTime;
        if (reset != null) info.put("session.reset_time", reset.toString());
        if (part != Part.SNAPSHOT) info.put(SnapshotInfo.CHECKPOINT, "true");
        if (part == Part.CONTINUATION) {
            info.put(SnapshotInfo.CHECKPOINT_CONTINUATION, "true");
            return trees.appendTo(target, info, continuations);
        }
        return trees.writeTo(target, info, pathsPerThread, part == Part.WHOLE_CHECKPOINT ? continuations : null);
    }
}
