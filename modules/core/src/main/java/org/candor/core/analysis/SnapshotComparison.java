package org.candor.core.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.Metric;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * Two snapshots side by side (A, the baseline, and B): one figure per method (the flat diff) and one per call path
 * over all threads (the diff tree), with B minus A. Methods and paths are matched by class, name and descriptor,
 * since method ids are a file's own; where one side names its methods without descriptors (collapsed stacks, some
 * pprof profiles: {@link #byNameOnly}), by class and name, the other side's overloads summed. A method or path that
 * only one snapshot has shows 0 on the other side. One
 * figure is compared (it orders the rows and the tree); others may be carried along ({@link #SnapshotComparison(
 * SnapshotFile, SnapshotFile, List)}: the command line's diff shows self, total and calls side by side).
 *
 * <p>Both files are read in place ({@link SnapshotFile}): the flat diff from their FLAT sections, the diff tree a
 * level at a time as it is opened ({@link #children}), so two snapshots of tens of millions of call paths compare in
 * the memory of a few of their levels. The files stay the caller's to close.
 */
public final class SnapshotComparison {

    /** A method's figures in A and in B: the compared figure, then any carried along ({@link #metrics()}). */
    public static final class Row {
        private final MethodInfo method;
        private final long[] a;
        private final long[] b;

        Row(MethodInfo method, long[] a, long[] b) {
            this.method = method;
            this.a = a;
            this.b = b;
        }

        public MethodInfo method() { return method; }
        public long a() { return a[0]; }
        public long b() { return b[0]; }
        /** Figure {@code figure} of {@link #metrics()} in A; 0 is the compared one. */
        public long a(int figure) { return a[figure]; }
        public long b(int figure) { return b[figure]; }
        public long delta() { return b[0] - a[0]; }
        /** B against A, as a fraction of A (+0.25: a quarter more); NaN when A is 0. */
        public double deltaFraction() { return fraction(a[0], b[0]); }
    }

    /** {@code b} against {@code a}, as a fraction of {@code a} (+0.25: a quarter more); NaN when {@code a} is 0. */
    public static double fraction(long a, long b) {
        return a == 0 ? Double.NaN : (double) (b - a) / a;
    }

    /**
     * A call path of the diff tree: its figure in A and in B (0 where a snapshot lacks the path) and where its
     * records are in each file, for reading its children.
     */
    public static final class Branch {
        private final int methodId;
        private final long[] a;
        private final long[] b;
        private boolean hasChildren;
        private final Sources inA = new Sources();
        private final Sources inB = new Sources();

        Branch(int methodId, int figures) {
            this.methodId = methodId;
            this.a = new long[figures];
            this.b = new long[figures];
        }

        /** The comparison's method id ({@link #methods()}); {@link org.candor.core.model.CallNode#ROOT} at the root. */
        public int methodId() { return methodId; }
        public long a() { return a[0]; }
        public long b() { return b[0]; }
        /** Figure {@code figure} of {@link #metrics()} in A; 0 is the compared one. */
        public long a(int figure) { return a[figure]; }
        public long b(int figure) { return b[figure]; }
        public long delta() { return b[0] - a[0]; }
        /** Whether either snapshot has calls below this path. */
        public boolean hasChildren() { return hasChildren; }
    }

    /** The records of one side merged into a branch: thread index and offset, one pair each. */
    private static final class Sources {
        int[] threads = new int[0];
        long[] offsets = new long[0];
        int count;

        void add(int thread, long offset) {
            if (count == threads.length) {
                threads = Arrays.copyOf(threads, Math.max(2, count * 2));
                offsets = Arrays.copyOf(offsets, threads.length);
            }
            threads[count] = thread;
            offsets[count++] = offset;
        }

        int[] threads() { return count == threads.length ? threads : Arrays.copyOf(threads, count); }
        long[] offsets() { return count == offsets.length ? offsets : Arrays.copyOf(offsets, count); }
    }

    private final SnapshotFile a;
    private final SnapshotFile b;
    private final String metricKey;
    /** Each figure's index in A's and in B's metrics; the compared one first. */
    private final int[] metricsA;
    private final int[] metricsB;
    /** The methods of both files, by signature: the ids rows and the diff tree use. */
    private final MethodTable methods = new MethodTable();
    private final int[] unifiedA;
    private final int[] unifiedB;
    private final int[] rank;
    /** Each file's order of children (its ranks are sorted once: a big method table takes a while). */
    private final ChildOrder orderA;
    private final ChildOrder orderB;

    /**
     * @param metricKey the figure compared (e.g. {@code self_time}, {@code total_time}, {@code calls})
     * @throws IllegalArgumentException when a snapshot does not have it
     */
    public SnapshotComparison(SnapshotFile a, SnapshotFile b, String metricKey) {
        this(a, b, List.of(metricKey));
    }

    /**
     * @param metricKeys the figures compared: the first orders the rows and the tree, the others are carried along
     * @throws IllegalArgumentException when a snapshot does not have one of them
     */
    public SnapshotComparison(SnapshotFile a, SnapshotFile b, List<String> metricKeys) {
        this.a = a;
        this.b = b;
        this.metricKey = metricKeys.get(0);
        this.metricsA = new int[metricKeys.size()];
        this.metricsB = new int[metricKeys.size()];
        for (int k = 0; k < metricKeys.size(); k++) {
            String key = metricKeys.get(k);
            metricsA[k] = a.metricIndex(key);
            metricsB[k] = b.metricIndex(key);
            if (metricsA[k] < 0 || metricsB[k] < 0) {
                throw new IllegalArgumentException((metricsA[k] < 0 ? "the first" : "the second") + " snapshot has no '"
                        + key + "' to compare (it has " + keys(metricsA[k] < 0 ? a.metrics() : b.metrics()) + ")");
            }
        }
        Map<String, Integer> bySignature = new HashMap<>();
        boolean nameOnly = byNameOnly(List.of(a, b));
        this.unifiedA = unify(a.methods(), bySignature, nameOnly);
        this.unifiedB = unify(b.methods(), bySignature, nameOnly);
        this.rank = MethodRanks.bySignature(methods);
        this.orderA = new ChildOrder(a.methods(), metricsA[0]);
        this.orderB = new ChildOrder(b.methods(), metricsB[0]);
    }

    /** Two snapshots in memory (small ones: each is encoded to be read as a file is). */
    public static SnapshotComparison of(Snapshot a, Snapshot b, String metricKey) {
        return new SnapshotComparison(SnapshotFile.of(a), SnapshotFile.of(b), metricKey);
    }

    /** The metric both snapshots are compared by. */
    public Metric metric() { return a.metrics().get(metricsA[0]); }

    /** The figures of each row and branch: the compared one, then those carried along. */
    public List<Metric> metrics() {
        List<Metric> out = new ArrayList<>();
        for (int k : metricsA) out.add(a.metrics().get(k));
        return out;
    }

    public String metricKey() { return metricKey; }

    /** The methods the rows and the diff tree name. */
    public MethodTable methods() { return methods; }

    /** One row per method of either snapshot (its flat figure over all threads), largest change first. */
    public List<Row> flat() throws IOException {
        int figures = metricsA.length;
        long[][] valuesA = new long[methods.size()][];
        long[][] valuesB = new long[methods.size()][];
        for (HotSpot h : HotSpots.compute(a, a.threads())) add(valuesA, unifiedA[h.method().id()], h, metricsA);
        for (HotSpot h : HotSpots.compute(b, b.threads())) add(valuesB, unifiedB[h.method().id()], h, metricsB);
        List<Row> rows = new ArrayList<>();
        for (int id = 0; id < valuesA.length; id++) {
            long[] va = valuesA[id] != null ? valuesA[id] : new long[figures];
            long[] vb = valuesB[id] != null ? valuesB[id] : new long[figures];
            if (va[0] == 0 && vb[0] == 0) continue;
            rows.add(new Row(methods.get(id), va, vb));
        }
        rows.sort(Comparator.comparingLong((Row r) -> Math.abs(r.delta())).reversed()
                .thenComparingInt(r -> rank[r.method().id()]));
        return rows;
    }

    private static void add(long[][] values, int id, HotSpot h, int[] metrics) {
        long[] v = values[id];
        if (v == null) v = values[id] = new long[metrics.length];
        for (int k = 0; k < metrics.length; k++) v[k] += h.value(metrics[k]);
    }

    /** The diff tree's root: all threads of both snapshots, the figures of their first calls summed. */
    public Branch root() throws IOException {
        Branch root = new Branch(org.candor.core.model.CallNode.ROOT, metricsA.length);
        addRoots(a, orderA, metricsA, root, true);
        addRoots(b, orderB, metricsB, root, false);
        return root;
    }

    /**
     * The call paths one level below {@code parent} in either snapshot, merged by method: B's figure highest first,
     * then A's, then by signature. Reads both files below the parent's records.
     */
    public List<Branch> children(Branch parent) throws IOException {
        Map<Integer, Branch> byMethod = new LinkedHashMap<>();
        if (parent.hasChildren) {
            readChildren(a, orderA, metricsA, unifiedA, parent.inA, byMethod, true);
            readChildren(b, orderB, metricsB, unifiedB, parent.inB, byMethod, false);
        }
        List<Branch> children = new ArrayList<>(byMethod.values());
        children.sort(Comparator.comparingLong((Branch x) -> x.b[0]).reversed()
                .thenComparing(Comparator.comparingLong((Branch x) -> x.a[0]).reversed())
                .thenComparingInt(x -> rank[x.methodId]));
        return children;
    }

    private static void addRoots(SnapshotFile file, ChildOrder order, int[] metrics, Branch root, boolean sideA)
            throws IOException {
        List<ThreadTree> threads = file.threads();
        if (threads.isEmpty()) return;
        int[] all = new int[threads.size()];
        long[] offsets = new long[all.length];
        for (int t = 0; t < all.length; t++) {
            all[t] = t;
            offsets[t] = threads.get(t).root();
        }
        // the sums of the threads' first calls: a thread's root record need not hold them
        order.walk(file, file.threads(), true, metrics).walkFrom(all, offsets, (node, depth) -> {
            if (depth == 0) return true;
            addValues(sideA ? root.a : root.b, node, metrics);
            root.hasChildren = true;
            return false;
        });
        Sources into = sideA ? root.inA : root.inB;
        for (int t = 0; t < all.length; t++) into.add(t, offsets[t]);
    }

    private static void readChildren(SnapshotFile file, ChildOrder order, int[] metrics, int[] unified, Sources below,
                                     Map<Integer, Branch> into, boolean sideA) throws IOException {
        if (below.count == 0) return;
        order.walk(file, file.threads(), true, metrics).walkFrom(below.threads(), below.offsets(), (node, depth) -> {
            if (depth == 0) return true;
            Branch branch = into.computeIfAbsent(unified[node.method()], id -> new Branch(id, metrics.length));
            Sources sources = sideA ? branch.inA : branch.inB;
            for (int i = 0; i < node.sourceCount(); i++) sources.add(node.sourceThread(i), node.sourceOffset(i));
            addValues(sideA ? branch.a : branch.b, node, metrics);
            branch.hasChildren |= node.hasChildren();
            return false;
        });
    }

    private static void addValues(long[] into, TreeWalk.Node node, int[] metrics) throws IOException {
        for (int k = 0; k < metrics.length; k++) into[k] += node.value(metrics[k]);
    }

    /** For each of a file's method ids, the comparison's entry: one per class, name and descriptor over both files. */
    private int[] unify(MethodTable file, Map<String, Integer> bySignature, boolean nameOnly) {
        int[] ids = new int[file.size()];
        for (int i = 0; i < ids.length; i++) {
            MethodInfo m = file.get(i);
            // matched by name, a row stands for all overloads: no one descriptor names it
            ids[i] = bySignature.computeIfAbsent(key(m, nameOnly),
                    k -> methods.add(m.className(), m.name(), nameOnly ? "" : m.descriptor()).id());
        }
        return ids;
    }

    /** What matches a method between snapshots: its class, name and descriptor (ids are each file's own). */
    static String key(MethodInfo m) {
        return key(m, false);
    }

    /** As {@link #key(MethodInfo)}, or its class and name alone ({@link #byNameOnly}). */
    static String key(MethodInfo m, boolean nameOnly) {
        return nameOnly ? m.className() + '.' + m.name() : m.className() + '.' + m.name() + m.descriptor();
    }

    /**
     * Whether methods must be matched by class and name alone: one of the files names none of its methods with a
     * descriptor (collapsed stacks have none), so its {@code a.B.run} could not otherwise meet the other's
     * {@code a.B.run()V}, and every method would show as removed from one side and new on the other.
     */
    static boolean byNameOnly(List<SnapshotFile> files) {
        for (SnapshotFile f : files) {
            if (!hasDescriptors(f.methods())) return true;
        }
        return false;
    }

    private static boolean hasDescriptors(MethodTable methods) {
        for (MethodInfo m : methods.all()) {
            if (!m.descriptor().isEmpty()) return true;
        }
        return false;
    }

    private static String keys(List<Metric> metrics) {
        List<String> out = new ArrayList<>();
        for (Metric m : metrics) out.add(m.key());
        return String.join(", ", out);
    }
}
