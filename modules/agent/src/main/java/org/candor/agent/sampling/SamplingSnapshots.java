package org.candor.agent.sampling;

import java.time.Instant;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.snapshot.SessionInfo;
import org.candor.agent.snapshot.SnapshotSource;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;

/** The snapshot of a sampling session: libcandor.so's per-thread trees, its statistics and the interval. */
public final class SamplingSnapshots implements SnapshotSource {

    private final AgentOptions options;
    private final Instant start = Instant.now();

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

    @Override
    public int writeTo(java.nio.file.Path target) throws java.io.IOException {
        Snapshot s = take();
        org.candor.core.snapshot.SnapshotWriter.write(s, target);
        return s.threads().size();
    }

    /** Drains libcandor.so's trees: once per session. */
    public Snapshot take() {
        Object[] parts = NativeSampler.drain0();
        if (parts == null || parts.length < NativeSampler.PARTS) {
            throw new IllegalStateException("the native sampler returned no data (drained twice?)");
        }
        SampledTrees trees = new SampledTrees(parts);
        SnapshotInfo info = SessionInfo.describe(options, start, Instant.now())
                .put(SnapshotInfo.MODE, "sampling")
                .put(SnapshotInfo.EVENT, trees.wallClock() ? "wall" : "cpu")
                .put(SnapshotInfo.INTERVAL_NS, Long.toString(trees.intervalNanos()));
        return trees.toSnapshot(info);
    }
}
