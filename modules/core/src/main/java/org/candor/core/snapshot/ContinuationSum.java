package org.candor.core.snapshot;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/**
 * A checkpoint and its continuations ({@link SnapshotParts}) added up into one snapshot of the object model. A
 * continuation holds, per thread, only the paths whose values changed since the part before it (with their
 * ancestors), each value the change; so the sum is the checkpoint's trees with every continuation's values added
 * path by path, from the root, matching children by their method's identity (class, name, descriptor: each part has
 * its own method table). New paths and threads are added; a thread absent from a continuation did not change.
 *
 * <p>FLAT is added row by row, by method identity, when every part of the thread has one. A part without FLAT leaves
 * the thread without one, and readers compute it from the summed tree: that is exact about the tree, whereas adding
 * a tree-computed delta to an agent's exact counts would mix two different things (they differ where recursion was
 * folded or the tree ran out of nodes). INFO and STAT are cumulative in every part: the last part's are taken.
 */
final class ContinuationSum {

    /** Above this many children a node's children are found through a map, not a linear search. */
    private static final int INDEXED_CHILDREN = 8;

    private final int metricCount;
    private final int sortMetric;
    private final MethodTable methods = new MethodTable();
    private final Map<List<String>, Integer> methodIds = new HashMap<>();
    private final Map<Long, Summed> threads = new LinkedHashMap<>();
    /** Nodes whose children's values changed: their order is put back at the end. */
    private final Set<CallNode> touched = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<CallNode, Map<Integer, CallNode>> childIndex = new IdentityHashMap<>();

    /** One thread as the parts so far add up. */
    private static final class Summed {
        String name;
        CallNode root;
        /** Per method id of the sum, the FLAT row; null once a part of the thread had no FLAT. */
        Map<Integer, long[]> flat = new TreeMap<>();
    }

    private ContinuationSum(List<Metric> metrics) {
        this.metricCount = metrics.size();
        int first = -1;
        for (int k = 0; k < metrics.size() && first < 0; k++) if (metrics.get(k).inclusive()) first = k;
        this.sortMetric = first;
    }

    /**
     * The parts' sum: part 0's metrics, the union of the methods (part 0's ids kept), the threads in the order they
     * first appear, the last part's statistics, and the last part's info without {@link
     * SnapshotInfo#CHECKPOINT_CONTINUATION}, plus {@link SnapshotInfo#CHECKPOINT_CONTINUATIONS} and {@link
     * SnapshotInfo#CHECKPOINT_WHOLE_TIME}.
     *
     * @throws SnapshotTooLargeException when the parts' nodes together may not fit the heap as objects (checked
     *                                   first) or did not
     */
    static Snapshot sum(List<SnapshotFile> parts) throws IOException {
        SnapshotFile first = parts.get(0);
        long nodes = 0;
        for (SnapshotFile part : parts) for (ThreadTree t : part.threads()) nodes += t.nodeCount();
        int metricCount = first.metrics().size();
        HeapBudget.check(first.name(), first.version(), nodes, metricCount);
        try {
            ContinuationSum sum = new ContinuationSum(first.metrics());
            sum.addFirst(first);
            for (SnapshotFile part : parts.subList(1, parts.size())) sum.add(part);
            return sum.snapshot(parts);
        } catch (OutOfMemoryError e) {
            throw HeapBudget.tooLarge(first.name(), first.version(), nodes, HeapBudget.estimate(nodes, metricCount));
        }
    }

    /** Part 0 alone, when the sum does not fit: its info says how many continuations were not added, and why. */
    static void notAdded(SnapshotInfo info, int continuations, SnapshotTooLargeException why) {
        String problem = why.problem(); // "is too large to load whole: its 1,234 call paths need about ..."
        int sizes = problem.indexOf(": ");
        notAdded(info, continuations, sizes < 0 ? null : problem.substring(sizes + 2));
    }

    /** As above, where the heap ran out while the sum was encoded: {@code sizes} null. */
    static void notAdded(SnapshotInfo info, int continuations, String sizes) {
        info.put(SnapshotInfo.CHECKPOINT_NOT_ADDED, Integer.toString(continuations));
        info.put(SnapshotInfo.CHECKPOINT_NOT_ADDED_REASON, "too large to add up in this JVM's heap"
                + (sizes == null ? "" : ": " + sizes));
    }

    /** Part 0 as it is: its method ids kept (even two methods of one identity), its trees decoded in their order. */
    private void addFirst(SnapshotFile part) throws IOException {
        for (MethodInfo m : part.methods().all()) {
            methodIds.putIfAbsent(identity(m), methods.add(m.className(), m.name(), m.descriptor()).id());
        }
        for (ThreadTree t : part.threads()) {
            Summed s = threads.computeIfAbsent(t.threadId(), id -> new Summed());
            s.name = t.name();
            s.root = TreeDecoder.decode(part, t);
            FlatProfile flat = part.flat(t);
            if (flat == null) s.flat = null;
            else for (int r = 0; r < flat.size(); r++) s.flat.put(flat.method(r), rowOf(flat, r));
        }
    }

    private long[] rowOf(FlatProfile flat, int r) {
        long[] row = new long[metricCount];
        for (int k = 0; k < metricCount; k++) row[k] = flat.value(r, k);
        return row;
    }

    private static List<String> identity(MethodInfo m) {
        return List.of(m.className(), m.name(), m.descriptor());
    }

    private void add(SnapshotFile part) throws IOException {
        int[] ids = methodIds(part.methods());
        for (ThreadTree t : part.threads()) {
            Summed s = threads.computeIfAbsent(t.threadId(), id -> new Summed());
            s.name = t.name(); // the latest: a thread may have been renamed
            if (s.root == null) s.root = new CallNode(null, CallNode.ROOT, metricCount);
            if (t.changes()) addChanges(part, t, s.root, ids);
            else addTree(part, t, s.root, ids);
            addFlat(part.flat(t), s, ids);
        }
    }

    /** The sum's id of each of the part's methods, new methods added to the sum's table. */
    private int[] methodIds(MethodTable table) {
        int[] ids = new int[table.size()];
        for (MethodInfo m : table.all()) {
            List<String> identity = identity(m);
            Integer id = methodIds.get(identity);
            if (id == null) {
                id = methods.add(m.className(), m.name(), m.descriptor()).id();
                methodIds.put(identity, id);
            }
            ids[m.id()] = id;
        }
        return ids;
    }

    private void addTree(SnapshotFile part, ThreadTree thread, CallNode root, int[] ids) throws IOException {
        TreeScan.scan(part, thread, new TreeScan.Visitor() {
            private CallNode[] open = new CallNode[64];

            @Override public void enter(TreeNode record, int depth) {
                CallNode node = depth == 0 ? root : child(open[depth - 1], ids[record.method()]);
                for (int k = 0; k < metricCount; k++) node.addValue(k, record.value(k));
                if (depth > 0) touched.add(open[depth - 1]);
                if (depth == open.length) open = Arrays.copyOf(open, depth * 2);
                open[depth] = node;
            }

            @Override public void exit(int method, int depth) {
                open[depth] = null;
            }
        });
    }

    /**
     * A CHNG section: its records in node order, each node found (or made) under its parent, which came before it,
     * and its changes added; the root's to the root.
     */
    private void addChanges(SnapshotFile part, ThreadTree thread, CallNode root, int[] ids) throws IOException {
        ByteSource in = new ByteSource(part.bytes(), thread.section, thread.root());
        int n = (int) thread.nodeCount();
        CallNode[] nodes = new CallNode[n];
        for (int k = 0; k < n; k++) {
            CallNode node = root;
            if (k > 0) {
                long back = in.uvarint();
                if (back < 1 || back > k) {
                    throw in.corrupt("change node " + k + " of thread " + thread + " has its parent "
                            + Long.toUnsignedString(back) + " nodes back; it must be one of the " + k + " before it");
                }
                long method = in.uvarint();
                if (method < 0 || method >= ids.length) {
                    throw in.corrupt("change node " + k + " of thread " + thread + " refers to method "
                            + Long.toUnsignedString(method) + ", the method table has " + ids.length);
                }
                CallNode parent = nodes[k - (int) back];
                node = child(parent, ids[(int) method]);
                touched.add(parent);
            }
            for (int m = 0; m < metricCount; m++) node.addValue(m, in.svarint());
            nodes[k] = node;
        }
    }

    /** The parent's child of this method, made with zero values when it has none. */
    private CallNode child(CallNode parent, int method) {
        Map<Integer, CallNode> index = childIndex.get(parent);
        if (index == null && parent.children().size() > INDEXED_CHILDREN) {
            index = new HashMap<>();
            for (CallNode c : parent.children()) index.putIfAbsent(c.methodId(), c);
            childIndex.put(parent, index);
        }
        CallNode c = index != null ? index.get(method) : parent.child(method);
        if (c == null) {
            c = new CallNode(parent, method, metricCount);
            if (index != null) index.put(method, c);
        }
        return c;
    }

    private void addFlat(FlatProfile flat, Summed s, int[] ids) {
        if (flat == null) s.flat = null;
        if (s.flat == null) return;
        for (int r = 0; r < flat.size(); r++) {
            long[] row = s.flat.computeIfAbsent(ids[flat.method(r)], id -> new long[metricCount]);
            for (int k = 0; k < metricCount; k++) row[k] += flat.value(r, k);
        }
    }

    private Snapshot snapshot(List<SnapshotFile> parts) {
        SnapshotFile first = parts.get(0);
        SnapshotFile last = parts.get(parts.size() - 1);
        SnapshotInfo info = new SnapshotInfo();
        last.info().asMap().forEach((k, v) -> {
            if (!k.equals(SnapshotInfo.CHECKPOINT_CONTINUATION)) info.put(k, v);
        });
        info.put(SnapshotInfo.CHECKPOINT_CONTINUATIONS, Integer.toString(parts.size() - 1));
        info.put(SnapshotInfo.CHECKPOINT_WHOLE_TIME, first.info().get(SnapshotInfo.END_TIME));
        if (sortMetric >= 0) {
            // highest first by the first inclusive metric, as writers store children; ties keep their order
            Comparator<CallNode> order = Comparator.comparingLong((CallNode n) -> n.value(sortMetric)).reversed();
            for (CallNode n : touched) n.sortChildren(order);
        }
        Snapshot snapshot = new Snapshot(info, first.metrics(), methods);
        for (Map.Entry<Long, Summed> e : threads.entrySet()) {
            Summed s = e.getValue();
            snapshot.addThread(new ThreadProfile(e.getKey(), s.name, s.root, s.flat == null ? null : flat(s.flat)));
        }
        last.stats().forEach(snapshot::putStat);
        return snapshot;
    }

    /** Rows in method id order, as Candor writes them. */
    private FlatProfile flat(Map<Integer, long[]> rows) {
        int[] ids = new int[rows.size()];
        long[] values = new long[rows.size() * metricCount];
        int r = 0;
        for (Map.Entry<Integer, long[]> e : rows.entrySet()) {
            ids[r] = e.getKey();
            System.arraycopy(e.getValue(), 0, values, r * metricCount, metricCount);
            r++;
        }
        return new FlatProfile(metricCount, ids, values);
    }
}
