package org.candor.ui.model.snapshot;

import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/** Snapshots with known values for the tests (of this module and, through its test jar, of the app's windows). */
public final class TestSnapshots {

    public static final int CALLS = 0, TOTAL = 1, SELF = 2;
    private static final long MS = 1_000_000L;

    private TestSnapshots() {}

    /**
     * A small web shop, two threads:
     * <pre>
     * http-worker-1 (#23), 2.40 s          main (#1), 900 ms
     *   Thread.run              1 call       Main.main                 1 call
     *     RequestHandler.handle 3,000          RequestHandler.handle   1,200
     *       OrderRepository.findByCustomer       OrderRepository.findByCustomer
     *         Order.&lt;init&gt;  399,000            Order.&lt;init&gt;      48,000
     *       JsonParser.parse                     JsonParser.parse
     * </pre>
     * Merged, Thread.run (2.40 s) is the first row; in main alone, Main.main (900 ms, 1 call).
     */
    public static Snapshot shop() {
        MethodTable methods = new MethodTable();
        int main = methods.add("com.acme.shop.Main", "main", "([Ljava/lang/String;)V").id();
        int handle = methods.add("com.acme.shop.http.RequestHandler", "handle",
                "(Lcom/acme/shop/http/Request;)Lcom/acme/shop/http/Response;").id();
        int parse = methods.add("com.acme.shop.json.JsonParser", "parse", "(Ljava/lang/String;)Ljava/lang/Object;").id();
        int find = methods.add("com.acme.shop.db.OrderRepository", "findByCustomer", "(J)Ljava/util/List;").id();
        int init = methods.add("com.acme.shop.db.Order", "<init>", "(JLjava/lang/String;)V").id();
        int run = methods.add("java.lang.Thread", "run", "()V").id();
        SnapshotInfo info = new SnapshotInfo()
                .put(SnapshotInfo.JVM_NAME, "OpenJDK 64-Bit Server VM").put(SnapshotInfo.JVM_VERSION, "21.0.5")
                .put(SnapshotInfo.JAVA_COMMAND, "com.acme.shop.Main --port 8080")
                .put(SnapshotInfo.MODE, "instrumentation").put(SnapshotInfo.SCHEME, "total");
        Snapshot s = new Snapshot(info, Snapshot.instrumentationMetrics(), methods);

        CallNode mainRoot = root();
        CallNode m = node(mainRoot, main, 1, 900 * MS, 50 * MS);
        CallNode h = node(m, handle, 1_200, 850 * MS, 120 * MS);
        node(h, parse, 1_200, 230 * MS, 230 * MS);
        CallNode f = node(h, find, 1_200, 500 * MS, 380 * MS);
        node(f, init, 48_000, 120 * MS, 120 * MS);
        sumChildren(mainRoot);
        s.addThread(new ThreadProfile(1, "main", mainRoot));

        CallNode workerRoot = root();
        CallNode r = node(workerRoot, run, 1, 2_400 * MS, 1 * MS);
        CallNode h2 = node(r, handle, 3_000, 2_399 * MS, 300 * MS);
        node(h2, parse, 3_000, 600 * MS, 600 * MS);
        CallNode f2 = node(h2, find, 3_000, 1_499 * MS, 1_100 * MS);
        node(f2, init, 399_000, 399 * MS, 399 * MS);
        sumChildren(workerRoot);
        s.addThread(new ThreadProfile(23, "http-worker-1", workerRoot));

        return s.putStat(Snapshot.STAT_DROPPED_CALLS, 0).putStat(Snapshot.STAT_INSTRUMENTED_METHODS, 6);
    }

    /** One thread, Main.main (calibrated 800 ms total, 300 ms self; raw 1 s and 400 ms) calling Work.run. */
    public static Snapshot calibrated() {
        MethodTable methods = new MethodTable();
        int main = methods.add("com.acme.Main", "main", "([Ljava/lang/String;)V").id();
        int run = methods.add("com.acme.Work", "run", "()V").id();
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation")
                .put(SnapshotInfo.CALIBRATION, "runtime"), Snapshot.instrumentationMetrics(true), methods);
        CallNode root = new CallNode(null, CallNode.ROOT, 5);
        CallNode m = new CallNode(root, main, 5);
        long[] mv = {1, 800 * MS, 300 * MS, 1_000 * MS, 400 * MS};
        CallNode w = new CallNode(m, run, 5);
        long[] wv = {10, 500 * MS, 500 * MS, 600 * MS, 600 * MS};
        for (int k = 0; k < 5; k++) {
            m.setValue(k, mv[k]);
            w.setValue(k, wv[k]);
            root.setValue(k, k == 2 || k == 4 ? 0 : mv[k]);
        }
        return s.addThread(new ThreadProfile(1, "main", root));
    }

    /** {@link #calibrated()} with the constants a calibrated session stores: two categories, the warm-up done. */
    public static Snapshot calibratedWithConstants() {
        Snapshot s = calibrated();
        s.info().put("calibration.minima", "run");
        return s.putStat("calibration.jit-En-jit-Ex-jit.count", 39268893).putStat("calibration.jit-En-jit-Ex-jit.min_ps", 21538)
                .putStat("calibration.jit-En-jit-Ex-jit.median_ps", 30769).putStat("calibration.jit-En-jit-Ex-jit.floor_ps", 0)
                .putStat("calibration.jit-En-jit-Ex-jit.correction_ps", 21538)
                .putStat("calibration.oth-En-int-En-int.count", 1).putStat("calibration.oth-En-int-En-int.min_ps", 24262302)
                .putStat("calibration.oth-En-int-En-int.median_ps", 22055380)
                .putStat("calibration.warmup.phase", 2).putStat("calibration.warmup.events", 1_003_520)
                .putStat(Snapshot.STAT_DROPPED_CALLS, 0);
    }

    /** A thread of {@code width}^2 + width nodes: a root with {@code width} children of {@code width} leaves each. */
    public static Snapshot wide(int width) {
        MethodTable methods = new MethodTable();
        for (int i = 0; i < width; i++) methods.add("com.acme.Wide", "m" + i, "()V");
        Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), methods);
        CallNode root = root();
        for (int i = 0; i < width; i++) {
            CallNode c = node(root, i, 1, 0, 0);
            for (int j = 0; j < width; j++) {
                node(c, j, 1, j + 1, j + 1);
                c.addValue(TOTAL, j + 1);
            }
        }
        sumChildren(root);
        return s.addThread(new ThreadProfile(1, "main", root));
    }

    /**
     * One call path {@code depth} calls deep (javac's recursion: Deep.visit0 calls visit1 ... calls visit{depth-1}),
     * each call with a small sibling leaf, so that every level has two rows; times shrink down the path.
     */
    public static Snapshot deep(int depth) {
        MethodTable methods = new MethodTable();
        for (int i = 0; i < depth; i++) methods.add("com.acme.Deep", "visit" + i, "()V");
        int leaf = methods.add("com.acme.Deep", "leaf", "()V").id();
        Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), methods);
        CallNode root = root();
        CallNode parent = root;
        for (int i = 0; i < depth; i++) {
            // visit_i: its own 2, a leaf's 1 below it (but the last), and what visit_{i+1} takes
            CallNode c = node(parent, i, 1, 2 + 3L * (depth - 1 - i), 2);
            node(parent, leaf, 1, 1, 1);
            parent = c;
        }
        sumChildren(root);
        return s.addThread(new ThreadProfile(1, "main", root));
    }

    /**
     * Random bushy trees over {@code threads} threads, about {@code nodes} nodes in all, calibrated (five values a
     * node: calls, total, self, raw total, raw self), consistent (a total is its self plus its children's totals, a
     * root the sum of its children), with methods drawn from a pool of 300 so that they recur on a path (recursion),
     * and values rounded to a few levels so that siblings often tie: what decides the order between them shows.
     */
    public static Snapshot random(int threads, int nodes, long seed) {
        java.util.Random random = new java.util.Random(seed);
        MethodTable methods = new MethodTable();
        for (int i = 0; i < 300; i++) methods.add("app.pkg" + (i % 7) + ".Class" + (i % 40), "method" + i, i % 2 == 0 ? "()V" : "(I)V");
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation")
                .put(SnapshotInfo.CALIBRATION, "runtime").put(SnapshotInfo.SCHEME, "total"),
                Snapshot.instrumentationMetrics(true), methods);
        for (int t = 0; t < threads; t++) {
            CallNode root = new CallNode(null, CallNode.ROOT, 5);
            java.util.List<CallNode> all = new java.util.ArrayList<>();
            all.add(root);
            for (int i = 1; i < nodes / threads; i++) {
                int back = Math.min(all.size(), 1 + (int) Math.abs(random.nextGaussian() * 20));
                CallNode parent = all.get(all.size() - back);
                int method = random.nextInt(300);
                CallNode n = parent.child(method) != null ? parent.child(method) : new CallNode(parent, method, 5);
                if (n.value(0) == 0) {
                    long calls = 1 + random.nextInt(4) * 10;
                    long self = random.nextInt(3) * MS;
                    n.setValue(0, calls);
                    n.setValue(2, self);
                    n.setValue(4, self + 40 * calls);
                    all.add(n);
                }
            }
            // totals bottom-up: the nodes were added after their parents
            for (int i = all.size() - 1; i > 0; i--) {
                CallNode n = all.get(i);
                n.addValue(1, n.value(2));
                n.addValue(3, n.value(4));
                for (int k : new int[] {1, 3}) n.parent().addValue(k, n.value(k));
            }
            for (CallNode c : root.children()) {
                root.addValue(0, c.value(0));
                root.addValue(2, c.value(2));
                root.addValue(4, c.value(4));
            }
            s.addThread(new ThreadProfile(10 + t, "pool-thread-" + t, root));
        }
        return s.putStat(Snapshot.STAT_DROPPED_CALLS, 0);
    }

    /** The leaves each level of {@link #writeDeep}'s chain calls. */
    public static final int DEEP_LEAVES = 20;

    /**
     * Writes a snapshot of about {@code paths} call paths straight from arrays, as an agent does, never as objects.
     * Thread main (#1) calls {@code Main.main}, which calls a chain of {@code depth} calls {@code Deep.level0},
     * {@code Deep.level1}, ... (5 ms of their own each), each also calling {@link #DEEP_LEAVES} leaves
     * {@code Leaf.leafJ} (1 ms each); and {@code Bulk.spread}, which calls {@code Bulk.fanI}, each calling up to
     * 1,000 {@code Bulk.leafJ} (1 us each): the rest of the paths, a bush as wide and shallow as a real tree's. Thread
     * worker (#2) calls {@code Worker.run}, which calls {@code Deep.level0} and its leaf 0. So the hot path runs down
     * the chain, and level {@code L}'s total in main is what lies below it.
     *
     * @return the total time of {@code Deep.level} {@code L} in thread main, by {@code L}
     */
    public static long[] writeDeep(java.nio.file.Path file, int paths, int depth) throws java.io.IOException {
        int bulk = Math.max(0, paths - 2 - depth * (1 + DEEP_LEAVES) - 1);
        int fans = (bulk + 1000) / 1001;
        MethodTable methods = new MethodTable();
        int main = methods.add("com.acme.deep.Main", "main", "([Ljava/lang/String;)V").id();
        int run = methods.add("com.acme.deep.Worker", "run", "()V").id();
        int spread = methods.add("com.acme.deep.Bulk", "spread", "()V").id();
        int firstLevel = methods.size();
        for (int l = 0; l < depth; l++) methods.add("com.acme.deep.Deep", "level" + l, "()V");
        int firstLeaf = methods.size();
        for (int j = 0; j < DEEP_LEAVES; j++) methods.add("com.acme.deep.Leaf", "leaf" + j, "()V");
        int firstFan = methods.size();
        for (int i = 0; i < fans; i++) methods.add("com.acme.deep.Bulk", "fan" + i, "()V");
        int firstBulkLeaf = methods.size();
        for (int j = 0; j < 1000; j++) methods.add("com.acme.deep.Bulk", "leaf" + j, "()V");
        // main: 0 root, 1 main, per level its node and leaves, then the bush
        int n = 2 + depth * (1 + DEEP_LEAVES) + (bulk > 0 ? 1 + bulk : 0);
        int[] parent = new int[n];
        int[] method = new int[n];
        long[] total = new long[n];
        long[] self = new long[n];
        parent[0] = -1;
        parent[1] = 0;
        method[1] = main;
        int at = 2;
        int above = 1;
        int[] levelNode = new int[depth];
        for (int l = 0; l < depth; l++) {
            int level = at++;
            levelNode[l] = level;
            parent[level] = above;
            method[level] = firstLevel + l;
            self[level] = 5 * MS;
            for (int j = 0; j < DEEP_LEAVES; j++, at++) {
                parent[at] = level;
                method[at] = firstLeaf + j;
                self[at] = MS;
            }
            above = level;
        }
        if (bulk > 0) {
            int s = at++;
            parent[s] = 1;
            method[s] = spread;
            int fan = -1;
            for (int k = 0; at < n; k++) {
                if (k % 1001 == 0) {
                    fan = at++;
                    parent[fan] = s;
                    method[fan] = firstFan + k / 1001;
                    continue;
                }
                parent[at] = fan;
                method[at] = firstBulkLeaf + (k % 1001) - 1;
                self[at++] = 1_000;
            }
        }
        for (int i = 0; i < n; i++) total[i] = self[i];
        for (int i = n - 1; i > 0; i--) total[parent[i]] += total[i];
        long[] levelTotals = new long[depth];
        for (int l = 0; l < depth; l++) levelTotals[l] = total[levelNode[l]];
        try (org.candor.core.snapshot.SnapshotStreamWriter w = org.candor.core.snapshot.SnapshotStreamWriter.open(file)) {
            w.info(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation").put(SnapshotInfo.SCHEME, "total")
                    .put(SnapshotInfo.JAVA_COMMAND, "com.acme.deep.Main (" + paths + " paths)"));
            w.metrics(Snapshot.instrumentationMetrics());
            w.thread(1, "main", table(parent, method, total, self), null);
            int[] wp = {-1, 0, 1, 2};
            int[] wm = {0, run, firstLevel, firstLeaf};
            long[] ws = {0, MS, 5 * MS, MS};
            long[] wt = {7 * MS, 7 * MS, 6 * MS, MS};
            w.thread(2, "worker", table(wp, wm, wt, ws), null);
            w.methods(methods);
            w.stats(java.util.Map.of(Snapshot.STAT_DROPPED_CALLS, 0L));
            w.commit();
        }
        return levelTotals;
    }

    /** A thread's tree in arrays: calls 1 a node, total and self as given (the root's calls: its children's). */
    private static org.candor.core.snapshot.NodeTable table(int[] parent, int[] method, long[] total, long[] self) {
        long rootCalls = 0;
        for (int i = 1; i < parent.length; i++) if (parent[i] == 0) rootCalls++;
        long calls0 = rootCalls;
        return new org.candor.core.snapshot.NodeTable() {
            @Override public int size() { return parent.length; }
            @Override public int parent(int node) { return parent[node]; }
            @Override public int method(int node) { return method[node]; }
            @Override public long value(int node, int metric) {
                if (metric == CALLS) return node == 0 ? calls0 : 1;
                return metric == TOTAL ? total[node] : node == 0 ? 0 : self[node];
            }
        };
    }

    private static CallNode root() {
        return new CallNode(null, CallNode.ROOT, 3);
    }

    private static CallNode node(CallNode parent, int method, long calls, long total, long self) {
        CallNode n = new CallNode(parent, method, 3);
        n.setValue(CALLS, calls);
        n.setValue(TOTAL, total);
        n.setValue(SELF, self);
        return n;
    }

    private static void sumChildren(CallNode root) {
        for (CallNode c : root.children()) {
            for (int k = 0; k < 3; k++) root.addValue(k, c.value(k));
        }
    }
}
