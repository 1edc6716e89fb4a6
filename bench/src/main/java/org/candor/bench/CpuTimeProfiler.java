package org.candor.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Adds the secondary result {@code ·cpu}: CPU time of the benchmark's worker threads per operation (ns/op), over each
 * measurement iteration. Wall-clock time per operation (JMH's primary score) also counts the time the worker was not on
 * a CPU at all; on this 2-CPU machine, shared with builds, that can inflate it several-fold, while CPU time per
 * operation is what the probe itself costs. On a quiet machine the two agree (see bench/README.md).
 *
 * <p>Falls back to the CPU time of the whole forked JVM when the worker threads cannot be told apart (they are named
 * {@code <benchmark>-jmh-worker-N}); after warm-up nothing else in the fork runs.
 */
public final class CpuTimeProfiler implements InternalProfiler {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private Map<Long, Long> workersBefore = Map.of();
    private long processBefore;

    @Override
    public String getDescription() {
        return "CPU time of the benchmark threads per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        workersBefore = workerCpuTimes();
        processBefore = processCpuTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long process = processCpuTime() - processBefore;
        Map<Long, Long> after = workerCpuTimes();
        long workers = 0;
        boolean known = !workersBefore.isEmpty();
        for (Map.Entry<Long, Long> e : workersBefore.entrySet()) {
            Long a = after.get(e.getKey());
            if (a == null) {
                known = false;
                break;
            }
            workers += a - e.getValue();
        }
        long ops = result.getMetadata() == null ? 0 : result.getMetadata().getMeasuredOps();
        if (ops <= 0) return List.of();
        return List.of(
                new ScalarResult("cpu", (known ? workers : process) / (double) ops, "ns/op", AggregationPolicy.AVG),
                new ScalarResult("cpu.process", process / (double) ops, "ns/op", AggregationPolicy.AVG));
    }

    private Map<Long, Long> workerCpuTimes() {
        Map<Long, Long> m = new HashMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (!t.getName().contains("-jmh-worker-")) continue;
            long cpu = threads.getThreadCpuTime(t.getId());
            if (cpu >= 0) m.put(t.getId(), cpu);
        }
        return m;
    }

    private static long processCpuTime() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        return 0;
    }
}
