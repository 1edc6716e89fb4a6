package org.candor.core.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/**
 * Two snapshots side by side (A, the baseline, and B): one figure per method (the flat diff) and one per call path
 * over all threads (the diff tree), with B minus A. Methods and paths are matched by class, name and descriptor,
 * since method ids are a file's own; a method or path that only one snapshot has shows 0 on the other side.
 */
public final class SnapshotComparison {

    /** A method's (or a call path's) figure in A and in B. */
    public static final class Row {
        private final MethodInfo method;
        private final long a;
        private final long b;

        Row(MethodInfo method, long a, long b) {
            this.method = method;
            this.a = a;
            this.b = b;
        }

        public MethodInfo method() { return method; }
        public long a() { return a; }
        public long b() { return b; }
        public long delta() { return b - a; }
        /** B against A, as a fraction of A (+0.25: a quarter more); NaN when A is 0. */
        public double deltaFraction() { return a == 0 ? Double.NaN : (double) (b - a) / a; }
    }

    private final Snapshot a;
    private final Snapshot b;
    private final String metricKey;
    private final int metricA;
    private final int metricB;
    /** The methods of both files, by signature: the ids rows and the diff tree use. */
    private final MethodTable methods = new MethodTable();
    private final Map<String, MethodInfo> bySignature = new HashMap<>();

    /**
     * @param metricKey the figure compared (e.g. {@code self_time}, {@code total_time}, {@code calls})
     * @throws IllegalArgumentException when a snapshot does not have it
     */
    public SnapshotComparison(Snapshot a, Snapshot b, String metricKey) {
        this.a = a;
        this.b = b;
        this.metricKey = metricKey;
        this.metricA = a.metricIndex(metricKey);
        this.metricB = b.metricIndex(metricKey);
        if (metricA < 0 || metricB < 0) {
            throw new IllegalArgumentException((metricA < 0 ? "the first" : "the second") + " snapshot has no '"
                    + metricKey + "' to compare (it has " + keys(metricA < 0 ? a : b) + ")");
        }
    }

    /** The metric both snapshots are compared by. */
    public Metric metric() { return a.metrics().get(metricA); }

    public String metricKey() { return metricKey; }

    /** The methods the rows and the diff tree name. */
    public MethodTable methods() { return methods; }

    /** One row per method of either snapshot (its flat figure over all threads), largest change first. */
    public List<Row> flat() {
        Map<MethodInfo, long[]> values = new HashMap<>();
        for (HotSpot h : HotSpots.compute(a, a.threads())) values.computeIfAbsent(unified(h.method()), k -> new long[2])[0] += h.value(metricA);
        for (HotSpot h : HotSpots.compute(b, b.threads())) values.computeIfAbsent(unified(h.method()), k -> new long[2])[1] += h.value(metricB);
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<MethodInfo, long[]> e : values.entrySet()) {
            long[] v = e.getValue();
            if (v[0] == 0 && v[1] == 0) continue;
            rows.add(new Row(e.getKey(), v[0], v[1]));
        }
        rows.sort(Comparator.comparingLong((Row r) -> Math.abs(r.delta())).reversed()
                .thenComparing(r -> r.method().toString()));
        return rows;
    }

    /**
     * The call paths of both snapshots over all threads, merged: each node holds A's figure at index 0 and B's at
     * index 1, under a root ({@link CallNode#ROOT}) that holds the sums of its children.
     */
    public CallNode tree() {
        CallNode root = new CallNode(null, CallNode.ROOT, 2);
        add(root, a, metricA, 0);
        add(root, b, metricB, 1);
        for (CallNode c : root.children()) {
            root.addValue(0, c.value(0));
            root.addValue(1, c.value(1));
        }
        return root;
    }

    private void add(CallNode into, Snapshot s, int metric, int column) {
        int[] ids = new int[s.methods().size()];
        for (int i = 0; i < ids.length; i++) ids[i] = unified(s.methods().get(i)).id();
        Deque<CallNode[]> todo = new ArrayDeque<>();
        for (ThreadProfile t : s.threads()) {
            for (CallNode c : t.root().children()) todo.push(new CallNode[] {c, into});
        }
        while (!todo.isEmpty()) {
            CallNode[] pair = todo.pop();
            CallNode from = pair[0];
            CallNode to = pair[1].childOrCreate(ids[from.methodId()]);
            to.addValue(column, from.value(metric));
            for (CallNode c : from.children()) todo.push(new CallNode[] {c, to});
        }
    }

    /** The comparison's own entry for a file's method: one per class, name and descriptor over both files. */
    private MethodInfo unified(MethodInfo m) {
        return bySignature.computeIfAbsent(m.className() + '.' + m.name() + m.descriptor(),
                k -> methods.add(m.className(), m.name(), m.descriptor()));
    }

    private static String keys(Snapshot s) {
        List<String> out = new ArrayList<>();
        for (Metric m : s.metrics()) out.add(m.key());
        return String.join(", ", out);
    }
}
