package org.candor.cli;

import java.nio.file.Path;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotWriter;

/** The smallest sampled snapshot a command can read: one thread, main, whose one method ran 10 of every metric. */
final class TinySnapshot {

    private TinySnapshot() {}

    /** Written to {@code file} with this info (a sampled run's, at least its mode). */
    static Path write(Path file, SnapshotInfo info) throws Exception {
        MethodTable methods = new MethodTable();
        int run = methods.add("com.acme.Foo", "run", "()V").id();
        List<?> metrics = Snapshot.samplingMetrics(false);
        Snapshot s = new Snapshot(info, Snapshot.samplingMetrics(false), methods);
        CallNode root = new CallNode(null, CallNode.ROOT, metrics.size());
        CallNode n = new CallNode(root, run, metrics.size());
        for (int k = 0; k < metrics.size(); k++) {
            n.setValue(k, 10);
            root.setValue(k, 10);
        }
        s.addThread(new ThreadProfile(1, "main", root));
        SnapshotWriter.write(s, file);
        return file;
    }

    static Path write(Path file) throws Exception {
        return write(file, new SnapshotInfo().put(SnapshotInfo.MODE, "sample"));
    }
}
