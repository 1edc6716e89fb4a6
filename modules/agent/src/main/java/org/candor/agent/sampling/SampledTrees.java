package org.candor.agent.sampling;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.JvmNames;
import org.candor.core.model.Metric;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.NodeTable;
import org.candor.core.snapshot.SnapshotStreamWriter;
import org.candor.core.snapshot.SoftSpare;
import org.candor.core.snapshot.TreeCut;

/**
 * Writes what {@link NativeSampler#drain0()} or {@link NativeSampler#snapshot0} returns as a snapshot: self sample
 * counts become inclusive counts, and both become estimated times (samples × interval). A stub or VM code attributed
 * by its address becomes a method of the pseudo-class {@code [vm]}. Each thread's tree is streamed from the native
 * arrays with two arrays of its own (the inclusive counts), never an object per node: this runs in the target, at
 * exit and for every live snapshot the app asks for. A live view's flat profiles come from {@link SampledFlat}
 * rather than from a walk of each whole tree.
 */
final class SampledTrees {

    static final String VM_CLASS = JvmNames.VM_CLASS;
    /** The pseudo frame the native sampler counts samples beyond its trees' node budget under (method_resolver.h). */
    static final String NATIVE_BEYOND_BUDGET = "[beyond the tree budget]";

    private final Object[] parts;
    /** Per thread, its nodes: the first so many of its node arrays (which may be longer, reused). */
    private final int[] nodeCounts;
    private final long intervalNanos;
    private final boolean wallClock;
    /** Per thread: its id, name, and per node its parent, method and self counts (running, waiting). */
    private final long[] threadIds;
    private final String[] threadNames;
    private final int[][] parents;
    private final int[][] nodeMethods;
    private final long[][] running;
    private final long[][] waiting;

    SampledTrees(Object[] parts) {
        this.parts = parts;
        this.nodeCounts = (int[]) parts[NativeSampler.NODE_COUNTS];
        this.threadIds = (long[]) parts[NativeSampler.THREAD_IDS];
        this.threadNames = (String[]) parts[NativeSampler.THREAD_NAMES];
        this.parents = (int[][]) parts[NativeSampler.NODE_PARENTS];
        this.nodeMethods = (int[][]) parts[NativeSampler.NODE_METHODS];
        this.running = (long[][]) parts[NativeSampler.NODE_SELF_RUNNING];
        this.waiting = (long[][]) parts[NativeSampler.NODE_SELF_WAITING];
        this.intervalNanos = ((long[]) parts[NativeSampler.INTERVAL_NANOS])[0];
        this.wallClock = anyWaiting(waiting, nodeCounts)
                || statValue("mode.wall") > 0;
    }

    long intervalNanos() { return intervalNanos; }
    boolean wallClock() { return wallClock; }
    int threadCount() { return nodeCounts.length; }
    long threadId(int thread) { return threadIds[thread]; }
    /** The thread's nodes, its root included. */
    int nodeCount(int thread) { return nodeCounts[thread]; }

    /**
     * Writes the snapshot to {@code target} atomically; returns the threads written (those with samples). With
     * {@code pathsPerThread} above 0, a live view's snapshot: the trees cut ({@link TreeCut}).
     */
    int writeTo(Path target, SnapshotInfo info, int pathsPerThread) throws IOException {
        return writeTo(target, info, pathsPerThread, null);
    }

    /**
     * As {@link #writeTo(Path, SnapshotInfo, int)}; a whole checkpoint gives {@code remember}, which learns each thread
     * as written for the continuations that follow it.
     */
    int writeTo(Path target, SnapshotInfo info, int pathsPerThread, SampledContinuations remember) throws IOException {
        List<Metric> metrics = Snapshot.samplingMetrics(wallClock);
        int written = 0;
        int cutMethod = ((String[]) parts[NativeSampler.METHOD_CLASSES]).length;  // after the sampler's own methods, added only if a tree was cut
        TreeCut cut = pathsPerThread > 0 ? new TreeCut(pathsPerThread, () -> cutMethod) : null;
        boolean checkpoint = info.checkpoint();
        Sums sums = Sums.take();  // live views and checkpoints come again (and the last one's serve the exit's)
        // a live view's flat profiles: the trees are cut, so the writer's walk would be for them alone
        OutermostNodes outermost = cut != null ? OutermostNodes.take(generation()) : null;
        SampledFlat flat = cut != null ? new SampledFlat(intervalNanos, cutMethod) : null;
        if (remember != null) remember.startWhole(intervalNanos, wallClock, generation());
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target, cut, checkpoint)) {
            w.info(info);
            w.metrics(metrics);
            for (int t = 0; t < threadIds.length; t++) {
                int n = nodeCounts[t];
                if (n <= 1) continue;
                Tree tree = new Tree(n, parents[t], nodeMethods[t], running[t], waiting[t], sums);
                w.thread(threadIds[t], threadNames[t], tree, flat == null ? null
                        : flat.of(n, nodeMethods[t], running[t], waiting[t], tree.samples, tree.waits,
                                outermost.of(threadIds[t], parents[t], nodeMethods[t], n)));
                if (remember != null) remember.rememberThread(threadIds[t], n, running[t], waiting[t]);
                written++;
            }
            MethodTable table = methods();
            Map<String, Long> stats = stats();
            stats.putAll(org.candor.agent.snapshot.Checkpoints.stats());
            if (cut != null) {
                if (cut.threadsCut() > 0) table.add(TreeCut.CUT_CLASS, TreeCut.CUT_METHOD, TreeCut.CUT_DESCRIPTOR);
                stats.putAll(cut.stats());
            }
            w.methods(table);
            w.stats(stats);
            w.commit();
        } finally {
            sums.giveBack();
            if (outermost != null) outermost.giveBack();
        }
        return written;
    }

    /**
     * A checkpoint continuation (docs/formats/snapshot.md 4.1): what changed since the checkpoint file's last part,
     * appended to {@code target}; returns the threads written, or -1, writing nothing, when these trees do not
     * continue that part ({@link SampledContinuations#canContinue}). Each thread costs one pass comparing its nodes'
     * self counts; only the changed nodes are valued, and the part's method table holds the methods they name.
     */
    int appendTo(Path target, SnapshotInfo info, SampledContinuations before) throws IOException {
        long generation = generation();
        if (!before.canContinue(this, generation)) return -1;
        int methodCount = ((String[]) parts[NativeSampler.METHOD_CLASSES]).length;
        MethodTable table = new MethodTable();
        int[] tableIds = new int[methodCount];  // + 1; 0: not in the part's table yet
        java.util.function.IntUnaryOperator tableId = m -> {
            if (tableIds[m] == 0) tableIds[m] = addMethod(table, m).id() + 1;
            return tableIds[m] - 1;
        };
        int written = 0;
        OutermostNodes outermost = OutermostNodes.take(generation);
        try (SnapshotStreamWriter w = SnapshotStreamWriter.openContinuation(target)) {
            w.info(info);
            w.metrics(Snapshot.samplingMetrics(wallClock));
            for (int t = 0; t < threadIds.length; t++) {
                int n = nodeCounts[t];
                if (n <= 1) continue;
                SampledContinuations.Changes changes = before.changes(threadIds[t], n, parents[t], nodeMethods[t], running[t],
                        waiting[t], outermost.of(threadIds[t], parents[t], nodeMethods[t], n), methodCount, tableId);
                if (changes.tree == null) continue;
                w.changes(threadIds[t], threadNames[t], changes.tree, changes.flat);
                written++;
            }
            Map<String, Long> stats = stats();
            stats.putAll(org.candor.agent.snapshot.Checkpoints.stats());
            w.methods(table);
            w.stats(stats);
            w.commit();
        } finally {
            outermost.giveBack();
        }
        return written;
    }

    /** The sampler's tree generation (resets so far): between two, a thread's tree only grows. */
    private long generation() {
        return ((long[]) parts[NativeSampler.TREE_GENERATION])[0];
    }

    /**
     * The arrays of a tree's inclusive counts, kept from one live snapshot to the next ({@link SoftSpare} says why);
     * a tree uses them until it is written, so one set serves every thread of a snapshot in turn.
     */
    private static final class Sums {
        private static final SoftSpare<Sums> SPARE = new SoftSpare<>();
        long[] samples = new long[0];
        long[] waits = new long[0];

        static Sums take() {
            Sums s = SPARE.take();
            return s != null ? s : new Sums();
        }

        void giveBack() { SPARE.giveBack(this); }

        /** Room for {@code n} nodes, zeroed. */
        void reserve(int n) {
            if (samples.length < n) {
                int size = (int) Math.min(Integer.MAX_VALUE - 8, n + (long) (n >> 3));
                samples = new long[size];
                waits = new long[size];
            } else {
                Arrays.fill(samples, 0, n, 0);
                Arrays.fill(waits, 0, n, 0);
            }
        }
    }

    /**
     * One thread's first {@code n} nodes with their inclusive counts; values in the order of {@link
     * Snapshot#samplingMetrics}.
     */
    private final class Tree implements NodeTable {
        private final int n;
        private final int[] parent;
        private final int[] method;
        private final long[] running;
        private final long[] waiting;
        private final long[] samples;  // inclusive
        private final long[] waits;    // inclusive

        /** @param sums arrays to count in, or null for new ones */
        Tree(int n, int[] parent, int[] method, long[] running, long[] waiting, Sums sums) {
            if (n > parent.length || n > method.length || n > running.length || n > waiting.length) {
                throw new IllegalArgumentException(n + " nodes in arrays of " + parent.length + ", " + method.length + ", "
                        + running.length + " and " + waiting.length);
            }
            this.n = n;
            this.parent = parent;
            this.method = method;
            this.running = running;
            this.waiting = waiting;
            if (sums != null) {
                sums.reserve(n);
                samples = sums.samples;
                waits = sums.waits;
            } else {
                samples = new long[n];
                waits = new long[n];
            }
            // parents come before their children: one pass from the leaves up
            for (int i = n - 1; i >= 0; i--) {
                samples[i] += running[i] + waiting[i];
                waits[i] += waiting[i];
                if (i > 0) {
                    samples[parent[i]] += samples[i];
                    waits[parent[i]] += waits[i];
                }
            }
        }

        @Override public int size() { return n; }

        @Override public int parent(int node) { return parent[node]; }

        @Override public int method(int node) { return method[node]; }

        @Override public long value(int node, int metric) {
            return metricValue(metric, samples[node], running[node] + waiting[node], waits[node], waiting[node],
                    intervalNanos);
        }

        /** Each self figure summed over a subtree is the subtree's inclusive one: samples are counted at their leaf. */
        @Override public int subtreeSum(int metric) {
            switch (metric) {
                case 1: return 0;
                case 3: return 2;
                case 5: return 4;
                default: return -1;
            }
        }
    }

    /**
     * A node's value of one metric ({@link Snapshot#samplingMetrics} order) from its counts: inclusive and self
     * samples, inclusive and self samples while the thread was not running; times are samples times the interval.
     */
    static long metricValue(int metric, long samples, long self, long waits, long selfWaits, long intervalNanos) {
        switch (metric) {
            case 0: return samples * intervalNanos;    // total time
            case 1: return self * intervalNanos;       // self time
            case 2: return samples;                    // samples
            case 3: return self;                       // self samples
            case 4: return waits * intervalNanos;      // waiting time (wall)
            case 5: return selfWaits * intervalNanos;  // self waiting time (wall)
            default: throw new IllegalArgumentException("metric " + metric);
        }
    }

    private Map<String, Long> stats() {
        String[] names = (String[]) parts[NativeSampler.STAT_NAMES];
        long[] values = (long[]) parts[NativeSampler.STAT_VALUES];
        Map<String, Long> stats = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) stats.put(names[i], values[i]);
        return stats;
    }

    private MethodTable methods() {
        MethodTable table = new MethodTable();
        int count = ((String[]) parts[NativeSampler.METHOD_CLASSES]).length;
        for (int i = 0; i < count; i++) addMethod(table, i);
        return table;
    }

    /** Adds the sampler's method {@code i} to {@code table} by its name in snapshots. */
    private MethodInfo addMethod(MethodTable table, int i) {
        String[] classes = (String[]) parts[NativeSampler.METHOD_CLASSES];
        String[] names = (String[]) parts[NativeSampler.METHOD_NAMES];
        String[] descriptors = (String[]) parts[NativeSampler.METHOD_DESCRIPTORS];
        if (classes[i].isEmpty() && names[i].equals(NATIVE_BEYOND_BUDGET)) {
            // the same node instrumentation's trees have past their budget, named once (SnapshotWarnings)
            return table.add(SnapshotWarnings.BEYOND_BUDGET_CLASS, SnapshotWarnings.BEYOND_BUDGET_METHOD,
                    SnapshotWarnings.BEYOND_BUDGET_DESCRIPTOR);
        }
        if (classes[i].isEmpty()) return table.add(VM_CLASS, JvmNames.vmMethodName(names[i]), "");
        return table.add(JvmNames.className(classes[i]), names[i], descriptors[i]);
    }

    private long statValue(String name) {
        String[] names = (String[]) parts[NativeSampler.STAT_NAMES];
        long[] values = (long[]) parts[NativeSampler.STAT_VALUES];
        for (int i = 0; i < names.length; i++) if (names[i].equals(name)) return values[i];
        return 0;
    }

    private static boolean anyWaiting(long[][] waiting, int[] nodeCounts) {
        for (int t = 0; t < waiting.length; t++) {
            for (int i = 0; i < nodeCounts[t]; i++) if (waiting[t][i] > 0) return true;
        }
        return false;
    }
}
