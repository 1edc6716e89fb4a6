package org.candor.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Random;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/** Snapshots built by hand for tests, and a deep comparison that does not recurse. */
public final class TestSnapshots {

    private TestSnapshots() {}

    public static Snapshot instrumentation(MethodTable methods) {
        SnapshotInfo info = new SnapshotInfo()
                .put(SnapshotInfo.JVM_NAME, "OpenJDK 64-Bit Server VM")
                .put(SnapshotInfo.JVM_VERSION, "17.0.15")
                .put(SnapshotInfo.JVM_VENDOR, "Eclipse Adoptium")
                .put(SnapshotInfo.JAVA_COMMAND, "java -jar shop.jar --port 8080")
                .put(SnapshotInfo.MODE, "instrumentation")
                .put(SnapshotInfo.SCHEME, "entry-exit")
                .put(SnapshotInfo.START_TIME, "1700000000000")
                .put(SnapshotInfo.END_TIME, "1700000002500");
        return new Snapshot(info, Snapshot.instrumentationMetrics(), methods);
    }

    /** A child of {@code parent} with calls, total and self time. */
    public static CallNode node(CallNode parent, int methodId, long calls, long total, long self) {
        CallNode n = new CallNode(parent, methodId, 3);
        n.setValue(0, calls);
        n.setValue(1, total);
        n.setValue(2, self);
        return n;
    }

    public static CallNode root(int metricCount) {
        return new CallNode(null, CallNode.ROOT, metricCount);
    }

    /** Sets the root's values to the sums of its children's, as the agent does. */
    public static CallNode sumIntoRoot(CallNode root) {
        for (int k = 0; k < root.metricCount(); k++) {
            long sum = 0;
            for (CallNode c : root.children()) sum += c.value(k);
            root.setValue(k, sum);
        }
        return root;
    }

    /**
     * Three threads with a small shop application: main calls Shop.run, which calls Cart.add and Cart.total; a
     * worker recurses in Tree.walk; an idle thread has no calls.
     */
    public static Snapshot shop() {
        MethodTable m = new MethodTable();
        int main = m.add("com.acme.Main", "main", "([Ljava/lang/String;)V").id();
        int run = m.add("com.acme.Shop", "run", "()V").id();
        int add = m.add("com.acme.Cart", "add", "(Lcom/acme/Item;I)V").id();
        int total = m.add("com.acme.Cart", "total", "()J").id();
        int walk = m.add("com.acme.Tree$Walker", "walk", "(Lcom/acme/Tree$Node;)I").id();
        Snapshot s = instrumentation(m);

        CallNode r1 = root(3);
        CallNode n = node(r1, main, 1, 2_000_000_000L, 1_000_000L);
        CallNode shop = node(n, run, 1, 1_999_000_000L, 99_000_000L);
        node(shop, add, 1000, 1_500_000_000L, 1_500_000_000L);
        node(shop, total, 10, 400_000_000L, 400_000_000L);
        s.addThread(new ThreadProfile(1, "main", sumIntoRoot(r1)));

        CallNode r2 = root(3);
        CallNode w1 = node(r2, walk, 1, 300_000_000L, 100_000_000L);
        CallNode w2 = node(w1, walk, 2, 200_000_000L, 150_000_000L);
        node(w2, walk, 4, 50_000_000L, 50_000_000L);
        node(w1, total, 5, 0, 0);
        s.addThread(new ThreadProfile(12, "worker-1", sumIntoRoot(r2)));

        s.addThread(new ThreadProfile(13, "idle", root(3)));
        s.putStat(Snapshot.STAT_DROPPED_CALLS, 3).putStat(Snapshot.STAT_INSTRUMENTED_METHODS, 5)
                .putStat("future.stat", -7);
        return s;
    }

    /** One thread whose tree is a single chain {@code depth} calls deep, alternating between two methods. */
    public static Snapshot chain(int depth) {
        MethodTable m = new MethodTable();
        m.add("deep.Recursion", "down", "(I)V");
        m.add("deep.Recursion", "across", "(I)V");
        Snapshot s = instrumentation(m);
        CallNode root = root(3);
        CallNode n = root;
        for (int d = 0; d < depth; d++) n = node(n, d % 2, 1, depth - d, 1);
        s.addThread(new ThreadProfile(1, "deep", sumIntoRoot(root)));
        return s;
    }

    /** One thread whose root has {@code width} children, each a different method. */
    public static Snapshot wide(int width) {
        MethodTable m = new MethodTable();
        for (int i = 0; i < width; i++) m.add("wide.C" + (i % 1000), "m" + i, "()V");
        Snapshot s = instrumentation(m);
        CallNode root = root(3);
        for (int i = 0; i < width; i++) node(root, i, i + 1, 1000L * i, 10L * i);
        s.addThread(new ThreadProfile(1, "wide", sumIntoRoot(root)));
        return s;
    }

    /** A random bushy forest over {@code threads} threads with about {@code nodes} nodes in all. */
    public static Snapshot random(int threads, int nodes, long seed) {
        Random random = new Random(seed);
        MethodTable m = new MethodTable();
        for (int i = 0; i < 5000; i++) m.add("app.pkg" + (i % 40) + ".Class" + (i % 700), "method" + i, "(IJLjava/lang/String;)V");
        Snapshot s = instrumentation(m);
        int perThread = nodes / threads;
        for (int t = 0; t < threads; t++) {
            CallNode root = root(3);
            List<CallNode> all = new ArrayList<>(perThread);
            all.add(root);
            for (int i = 1; i < perThread; i++) {
                // prefer recent nodes as parents: trees get deep and bushy, like real ones
                int back = Math.min(all.size(), 1 + (int) Math.abs(random.nextGaussian() * 30));
                CallNode parent = all.get(all.size() - back);
                long calls = 1 + random.nextInt(5000);
                long self = random.nextInt(1_000_000);
                all.add(node(parent, random.nextInt(5000), calls, self + random.nextInt(50_000_000), self));
            }
            s.addThread(new ThreadProfile(100 + t, "pool-1-thread-" + t, sumIntoRoot(root)));
        }
        s.putStat(Snapshot.STAT_DROPPED_CALLS, 0);
        return s;
    }

    /**
     * The same snapshot: info, metrics, methods, statistics, threads and trees. Children are compared in the order a
     * 2.0 writer stores them (highest first by the first inclusive metric, ties in their given order), so a tree
     * read back from any version compares equal. Flat profiles: the expected one, or, where the expected snapshot
     * has none, the one a writer computes from the tree (if the actual snapshot carries one).
     */
    public static void assertSameSnapshot(Snapshot actual, Snapshot expected) {
        assertThat(actual.info().asMap()).containsExactlyEntriesOf(expected.info().asMap());
        assertThat(actual.metrics()).hasSameSizeAs(expected.metrics());
        for (int k = 0; k < expected.metrics().size(); k++) {
            Metric a = actual.metrics().get(k);
            Metric e = expected.metrics().get(k);
            assertThat(a.key()).isEqualTo(e.key());
            assertThat(a.label()).isEqualTo(e.label());
            assertThat(a.unit()).isEqualTo(e.unit());
            assertThat(a.inclusive()).isEqualTo(e.inclusive());
        }
        assertThat(actual.methods().size()).isEqualTo(expected.methods().size());
        for (int i = 0; i < expected.methods().size(); i++) {
            assertThat(actual.methods().get(i).toString()).isEqualTo(expected.methods().get(i).toString());
        }
        assertThat(actual.stats()).containsExactlyEntriesOf(expected.stats());
        assertThat(actual.threads()).hasSameSizeAs(expected.threads());
        int order = firstInclusive(expected.metrics());
        for (int t = 0; t < expected.threads().size(); t++) {
            ThreadProfile a = actual.threads().get(t);
            ThreadProfile e = expected.threads().get(t);
            assertThat(a.threadId()).isEqualTo(e.threadId());
            assertThat(a.name()).isEqualTo(e.name());
            assertSameTree(a.root(), e.root(), order);
            if (e.flat() != null) {
                assertThat(a.flat()).as("flat profile of %s", e).isEqualTo(e.flat());
            } else if (a.flat() != null) {
                assertThat(a.flat()).as("flat profile of %s", e).isEqualTo(flatOf(e.root(), expected.metrics()));
            }
        }
    }

    public static void assertSameTree(CallNode actual, CallNode expected) {
        assertSameTree(actual, expected, -1);
    }

    /** @param orderMetric children are compared sorted by this metric, highest first (stable); -1: as stored */
    public static void assertSameTree(CallNode actual, CallNode expected, int orderMetric) {
        Deque<CallNode[]> todo = new ArrayDeque<>();
        todo.push(new CallNode[] {actual, expected});
        long compared = 0;
        while (!todo.isEmpty()) {
            CallNode[] pair = todo.pop();
            CallNode a = pair[0];
            CallNode e = pair[1];
            compared++;
            if (a.methodId() != e.methodId() || a.metricCount() != e.metricCount()
                    || a.children().size() != e.children().size()) {
                throw new AssertionError("trees differ at node " + compared + " (depth " + e.depth() + "): method "
                        + a.methodId() + " vs " + e.methodId() + ", children " + a.children().size() + " vs "
                        + e.children().size());
            }
            for (int k = 0; k < e.metricCount(); k++) {
                if (a.value(k) != e.value(k)) {
                    throw new AssertionError("value " + k + " differs at depth " + e.depth() + ": " + a.value(k)
                            + " vs " + e.value(k));
                }
            }
            List<CallNode> ac = ordered(a, orderMetric);
            List<CallNode> ec = ordered(e, orderMetric);
            for (int i = 0; i < ec.size(); i++) todo.push(new CallNode[] {ac.get(i), ec.get(i)});
        }
    }

    private static List<CallNode> ordered(CallNode node, int metric) {
        List<CallNode> children = new ArrayList<>(node.children());
        if (metric >= 0) children.sort(Comparator.comparingLong((CallNode c) -> c.value(metric)).reversed());
        return children;
    }

    public static int firstInclusive(List<Metric> metrics) {
        for (int k = 0; k < metrics.size(); k++) if (metrics.get(k).inclusive()) return k;
        return -1;
    }

    /**
     * The flat profile of a tree, computed here independently of the code under test: per method id, exclusive
     * metrics summed over all its nodes, inclusive ones over the nodes with no ancestor of the same method.
     */
    public static FlatProfile flatOf(CallNode root, List<Metric> metrics) {
        int m = metrics.size();
        java.util.TreeMap<Integer, long[]> sums = new java.util.TreeMap<>();
        java.util.Map<Integer, Integer> onPath = new java.util.HashMap<>();
        Deque<Object[]> todo = new ArrayDeque<>(); // {node, entering?}
        for (CallNode c : root.children()) todo.push(new Object[] {c, true});
        while (!todo.isEmpty()) {
            Object[] step = todo.pop();
            CallNode n = (CallNode) step[0];
            if (!(Boolean) step[1]) {
                onPath.merge(n.methodId(), -1, Integer::sum);
                continue;
            }
            boolean nested = onPath.getOrDefault(n.methodId(), 0) > 0;
            long[] s = sums.computeIfAbsent(n.methodId(), id -> new long[m]);
            for (int k = 0; k < m; k++) if (!nested || !metrics.get(k).inclusive()) s[k] += n.value(k);
            onPath.merge(n.methodId(), 1, Integer::sum);
            todo.push(new Object[] {n, false});
            for (CallNode c : n.children()) todo.push(new Object[] {c, true});
        }
        int[] ids = new int[sums.size()];
        long[] values = new long[sums.size() * m];
        int r = 0;
        for (java.util.Map.Entry<Integer, long[]> e : sums.entrySet()) {
            ids[r] = e.getKey();
            System.arraycopy(e.getValue(), 0, values, r * m, m);
            r++;
        }
        return new FlatProfile(m, ids, values);
    }
}
