package org.candor.cli;

import static org.candor.core.testing.CallNodes.node;

import java.nio.file.Path;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotWriter;

/** Runs of two builds of one program, as instrumented snapshots: main -> handle -> parse, for the diff's tests. */
final class TwoBuilds {

    private static final long MS = 1_000_000;

    private TwoBuilds() {}

    /**
     * A run written to {@code file}: handle's self time {@code handle} ms, parse's (called {@code parse} times)
     * {@code parse} ms, the one {@code noise} per mille more and the other as much less; main's own 1 ms.
     */
    static Path run(Path file, long handle, long parse, int noise) throws Exception {
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "instrument"), Snapshot.instrumentationMetrics(),
                new MethodTable());
        int main = s.methods().add("app.Main", "main", "([Ljava/lang/String;)V").id();
        int h = s.methods().add("app.Server", "handle", "()V").id();
        int p = s.methods().add("app.Parser", "parse", "()V").id();
        long hs = handle * MS * (1000 + noise) / 1000;
        long ps = parse * MS * (1000 - noise) / 1000;
        CallNode root = new CallNode(null, CallNode.ROOT, 3);
        CallNode m = node(root, main, 1, hs + ps + MS, MS);
        node(node(m, h, 10, hs + ps, hs), p, parse, ps, ps);
        root.setValue(1, hs + ps + MS);
        s.addThread(new ThreadProfile(1, "main", root));
        SnapshotWriter.write(s, file);
        return file;
    }
}
