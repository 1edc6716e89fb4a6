package org.candor.agent.snapshot;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import org.candor.agent.AgentLog;
import org.candor.agent.instrument.InstrumentationStats;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.agent.options.AgentOptions;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotWriter;
import org.candor.probe.ProbeLimits;
import org.candor.probe.ThreadRegistry;

/** Writes the snapshot when the JVM exits. If the chosen file cannot be written, the data goes to the temp dir. */
public final class SnapshotOnExit implements Runnable {

    private final AgentOptions options;
    private final MethodRegistry registry;
    private final InstrumentationStats stats;
    private final ClockRate clockRate;
    private final Instant start = Instant.now();
    private final AtomicBoolean written = new AtomicBoolean();

    public SnapshotOnExit(AgentOptions options, MethodRegistry registry, InstrumentationStats stats) {
        this.options = options;
        this.registry = registry;
        this.stats = stats;
        this.clockRate = new ClockRate();
    }

    public void install() {
        Thread hook = new Thread(this, "candor-snapshot");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    @Override
    public void run() {
        if (!written.compareAndSet(false, true)) return;
        Snapshot snapshot = take();
        Path target = options.output().toAbsolutePath();
        try {
            SnapshotWriter.write(snapshot, target);
        } catch (IOException | RuntimeException e) {
            Path fallback = Paths.get(System.getProperty("java.io.tmpdir"), "candor-" + ProcessHandle.current().pid() + ".candor");
            AgentLog.error("cannot write snapshot " + target + ": " + e.getMessage() + "; writing " + fallback + " instead");
            target = fallback;
            try {
                SnapshotWriter.write(snapshot, fallback);
            } catch (IOException | RuntimeException again) {
                AgentLog.error("cannot write snapshot " + fallback + " either: " + again.getMessage());
                return;
            }
        }
        AgentLog.info("wrote " + target + " (" + snapshot.threads().size() + " threads, "
                + snapshot.stat(Snapshot.STAT_DROPPED_CALLS) + " calls dropped)");
    }

    public Snapshot take() {
        double nanosPerTick = clockRate.nanosPerTick();
        SnapshotAssembler assembler = new SnapshotAssembler(registry);
        Snapshot s = assembler.assemble(SessionInfo.describe(options, start, Instant.now()), ThreadRegistry.all(), nanosPerTick);
        s.putStat(Snapshot.STAT_INSTRUMENTED_CLASSES, stats.classesInstrumented.get());
        s.putStat(Snapshot.STAT_INSTRUMENTED_METHODS, registry.size());
        s.putStat("classes.retransformed", stats.classesRetransformed.get());
        s.putStat(Snapshot.STAT_FAILED_CLASSES, stats.classesFailed.get());
        s.putStat("methods.too_large", stats.methodsTooLarge.get());
        s.putStat("instrumentation.time_ns", stats.transformNanos.get());
        s.putStat("threads.not_recorded", ThreadRegistry.threadsNotRecorded());
        s.putStat(Snapshot.STAT_NODE_LIMIT, ThreadRegistry.nodeLimitReached() ? ProbeLimits.maxNodes() : 0);
        s.putStat("nodes.heap_full", ThreadRegistry.heapLimitReached() ? 1 : 0);
        return s;
    }
}
