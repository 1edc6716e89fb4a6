package org.candor.core.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.model.JvmNames;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.NodeTable;
import org.candor.core.snapshot.SnapshotStreamWriter;

/**
 * A call tree of the samples in a range of a trace (a time span, some threads, a phase), written as a sampled
 * snapshot that every report and view opens. Each period a sample ended carries the sample's stack and its time (the
 * period's end); the cut counts the samples a {@link TraceRange} takes, per thread, and builds each thread's tree from
 * the stacks they name and their callers, as the sampler builds its trees: self samples, inclusive samples, and times
 * as samples x the interval.
 */
public final class TraceCut {

    /** Info: what range the snapshot holds, in words ({@link TraceRange#describe}). */
    public static final String CUT = SnapshotInfo.TRACE_CUT;
    /** Statistic: the samples the cut took. */
    public static final String CUT_SAMPLES = SamplingQuality.CUT_SAMPLES;

    /** What a cut took. */
    public static final class Result {
        private final int threads;
        private final long samples;
        private final int nodes;

        Result(int threads, long samples, int nodes) {
            this.threads = threads;
            this.samples = samples;
            this.nodes = nodes;
        }

        public int threads() { return threads; }
        public long samples() { return samples; }
        public int nodes() { return nodes; }
    }

    private TraceCut() {}

    /** Writes the cut of {@code source} to {@code target} (atomically, as every snapshot). */
    public static Result write(TraceSource source, TraceRange range, Path target) throws IOException {
        TraceMeta meta = source.meta();
        TraceStacks stacks = meta.stacks();
        Map<Integer, List<long[]>> phases = range.phaseIntervals(source);
        long start = source.firstTime();
        Map<Integer, Map<Integer, long[]>> counts = new TreeMap<>();
        long[] taken = {0};
        source.forEach(r -> {
            if (!r.isPeriod() || r.stackId() == 0 || !stacks.defines(r.stackId())) return;
            long time = r.end();
            if (!range.takesThread(r.tid()) || !range.takesTime(time)) return;
            if (range.phase() != null && !TraceRange.inside(phases.get(r.tid()), time)) return;
            counts.computeIfAbsent(r.tid(), t -> new HashMap<>()).computeIfAbsent(r.stackId(), s -> new long[1])[0]++;
            taken[0]++;
        });
        long interval = meta.interval() != null ? meta.interval() : 1;
        MethodTable methods = methodTable(meta);
        int nodes = 0;
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target)) {
            w.info(info(source, range, start));
            w.metrics(Snapshot.samplingMetrics(false));
            for (Map.Entry<Integer, Map<Integer, long[]>> e : counts.entrySet()) {
                ThreadTree tree = new ThreadTree(stacks, e.getValue(), interval, methods.size());
                nodes += tree.size();
                int tid = e.getKey();
                w.thread(javaId(meta, tid), name(meta, tid), tree, null);
            }
            w.methods(methods);
            Map<String, Long> stats = new LinkedHashMap<>();
            stats.put(CUT_SAMPLES, taken[0]);
            stats.put("trace.cut.threads", (long) counts.size());
            if (meta.countsKernel() != null) stats.put(SamplingQuality.COUNTS_KERNEL, meta.countsKernel() ? 1L : 0L);
            w.stats(stats);
            w.commit();
        }
        return new Result(counts.size(), taken[0], nodes);
    }

    private static SnapshotInfo info(TraceSource source, TraceRange range, long start) {
        TraceMeta meta = source.meta();
        SnapshotInfo info = new SnapshotInfo()
                .put(SnapshotInfo.MODE, "sampling")
                .put(SnapshotInfo.EVENT, meta.event() != null ? meta.event() : "cpu")
                .put(SnapshotInfo.TRACE_DIRECTORY, source.path().toString())
                .put(CUT, range.describe(start, meta));
        if (meta.interval() != null) info.put(SnapshotInfo.INTERVAL_NS, Long.toString(meta.interval()));
        if (meta.pid() != null) info.put(SnapshotInfo.PID, Long.toString(meta.pid()));
        return info;
    }

    /** The meta's methods 1..n as the snapshot's 0..n-1; an id the meta lacks becomes {@code [vm].[unknown]}. */
    private static MethodTable methodTable(TraceMeta meta) {
        MethodTable table = new MethodTable();
        int max = 0;
        for (int id : meta.methods().keySet()) if (id > max) max = id;
        for (int id = 1; id <= max; id++) {
            TraceMeta.Method m = meta.methods().get(id);
            if (m == null) table.add(JvmNames.VM_CLASS, "[unknown]", "");
            else if (m.className().equals(JvmNames.VM_CLASS)) table.add(JvmNames.VM_CLASS, JvmNames.vmMethodName(m.name()), "");
            else table.add(JvmNames.className(m.className()), m.name(), m.descriptor());
        }
        if (table.size() == 0) table.add(JvmNames.VM_CLASS, "[unknown]", "");
        return table;
    }

    private static long javaId(TraceMeta meta, int tid) {
        List<TraceMeta.ThreadName> names = meta.threads().get(tid);
        return names == null || names.isEmpty() ? tid : names.get(names.size() - 1).javaId();
    }

    private static String name(TraceMeta meta, int tid) {
        String name = meta.lastName(tid);
        return name != null ? name : "tid " + tid;
    }

    /**
     * One thread's tree: node 0 the root, then every sampled stack and its callers, callers first (by depth), with
     * self and inclusive sample counts.
     */
    private static final class ThreadTree implements NodeTable {
        private final int[] parent;
        private final int[] method;
        private final long[] self;
        private final long[] total;
        private final long interval;

        ThreadTree(TraceStacks stacks, Map<Integer, long[]> counts, long interval, int methodCount) {
            this.interval = interval;
            // every stack the samples name, with its callers, and each one's depth
            Map<Integer, Integer> depth = new HashMap<>();
            for (int s : counts.keySet()) depthOf(stacks, s, depth);
            Integer[] order = depth.keySet().toArray(new Integer[0]);
            java.util.Arrays.sort(order, (a, b) -> depth.get(a) != depth.get(b).intValue()
                    ? Integer.compare(depth.get(a), depth.get(b)) : Integer.compare(a, b));
            int n = order.length + 1;
            parent = new int[n];
            method = new int[n];
            self = new long[n];
            total = new long[n];
            Map<Integer, Integer> node = new HashMap<>();
            node.put(0, 0);
            parent[0] = -1;
            for (int i = 0; i < order.length; i++) {
                int s = order[i];
                node.put(s, i + 1);
                parent[i + 1] = node.get(stacks.parent(s));
                int m = stacks.method(s) - 1;
                method[i + 1] = m >= 0 && m < methodCount ? m : 0;
                long[] c = counts.get(s);
                self[i + 1] = c == null ? 0 : c[0];
            }
            for (int i = n - 1; i >= 0; i--) {
                total[i] += self[i];
                if (i > 0) total[parent[i]] += total[i];
            }
        }

        /** The stack's depth (1 for a stack of one method), its callers' too; a chain that loops or breaks ends at 0. */
        private static int depthOf(TraceStacks stacks, int stack, Map<Integer, Integer> depth) {
            java.util.ArrayDeque<Integer> chain = new java.util.ArrayDeque<>();
            int s = stack;
            while (s != 0 && !depth.containsKey(s) && stacks.defines(s) && chain.size() <= stacks.count()) {
                chain.push(s);
                s = stacks.parent(s);
            }
            int d = s == 0 || !depth.containsKey(s) ? 0 : depth.get(s);
            if (s != 0 && !depth.containsKey(s)) chain.clear(); // a broken chain: its samples are left out
            while (!chain.isEmpty()) depth.put(chain.pop(), ++d);
            return d;
        }

        @Override public int size() { return parent.length; }
        @Override public int parent(int node) { return parent[node]; }
        @Override public int method(int node) { return method[node]; }

        @Override public long value(int node, int metric) {
            switch (metric) {
                case 0: return total[node] * interval;
                case 1: return self[node] * interval;
                case 2: return total[node];
                case 3: return self[node];
                default: throw new IllegalArgumentException("metric " + metric);
            }
        }
    }
}
