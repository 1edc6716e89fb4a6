package org.candor.app;

import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/** A small two-thread snapshot for starting the application on. */
final class SmokeSnapshot {

    private static final long MS = 1_000_000L;

    private SmokeSnapshot() {}

    static Snapshot create() {
        MethodTable methods = new MethodTable();
        int main = methods.add("com.acme.shop.Main", "main", "([Ljava/lang/String;)V").id();
        int handle = methods.add("com.acme.shop.http.RequestHandler", "handle", "(Lcom/acme/shop/http/Request;)V").id();
        int find = methods.add("com.acme.shop.db.OrderRepository", "findByCustomer", "(J)Ljava/util/List;").id();
        int parse = methods.add("com.acme.shop.json.JsonParser", "parse", "(Ljava/lang/String;)Ljava/lang/Object;").id();
        int run = methods.add("java.lang.Thread", "run", "()V").id();
        Snapshot s = new Snapshot(new SnapshotInfo()
                .put(SnapshotInfo.JVM_NAME, "OpenJDK 64-Bit Server VM").put(SnapshotInfo.JVM_VERSION, "21.0.5")
                .put(SnapshotInfo.JAVA_COMMAND, "com.acme.shop.Main --port 8080")
                .put(SnapshotInfo.MODE, "instrumentation").put(SnapshotInfo.SCHEME, "total"),
                Snapshot.instrumentationMetrics(), methods);
        s.addThread(thread(1, "main", main, handle, find, parse, 1));
        s.addThread(thread(23, "http-worker-1", run, handle, find, parse, 3));
        return s.putStat(Snapshot.STAT_DROPPED_CALLS, 0);
    }

    private static ThreadProfile thread(long id, String name, int top, int handle, int find, int parse, int scale) {
        CallNode root = new CallNode(null, CallNode.ROOT, 3);
        CallNode t = node(root, top, 1, 900 * MS * scale, 50 * MS * scale);
        CallNode h = node(t, handle, 1_200L * scale, 850 * MS * scale, 120 * MS * scale);
        node(h, find, 1_200L * scale, 500 * MS * scale, 500 * MS * scale);
        node(h, parse, 1_200L * scale, 230 * MS * scale, 230 * MS * scale);
        for (int k = 0; k < 3; k++) root.setValue(k, t.value(k));
        return new ThreadProfile(id, name, root);
    }

    private static CallNode node(CallNode parent, int method, long calls, long total, long self) {
        CallNode n = new CallNode(parent, method, 3);
        n.setValue(0, calls);
        n.setValue(1, total);
        n.setValue(2, self);
        return n;
    }
}
