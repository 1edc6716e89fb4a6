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
