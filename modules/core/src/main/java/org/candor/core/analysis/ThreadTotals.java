package org.candor.core.analysis;

import java.io.IOException;
import java.util.List;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.snapshot.TreeNode;

/**
 * A thread's totals per metric, read without walking its tree: an inclusive metric is the sum over the root's
 * children (the outermost calls), any other the sum over all nodes, which is the sum of the flat profile's rows
 * (exclusive values are summed over every node there). As {@link CallTrees#totals} gives for a tree in memory.
 */
public final class ThreadTotals {

    private ThreadTotals() {}

    public static long[] of(SnapshotFile file, ThreadTree thread, FlatProfile flat) throws IOException {
        List<Metric> metrics = file.metrics();
        long[] totals = outermostCalls(file, thread);
        for (int k = 0; k < totals.length; k++) if (!metrics.get(k).inclusive()) totals[k] = 0;
        for (int r = 0; r < flat.size(); r++) {
            for (int k = 0; k < totals.length; k++) if (!metrics.get(k).inclusive()) totals[k] += flat.value(r, k);
        }
        return totals;
    }

    /** The sums of every metric over the thread's outermost calls (the root's children): its inclusive totals. */
    public static long[] outermostCalls(SnapshotFile file, ThreadTree thread) throws IOException {
        long[] sums = new long[file.metrics().size()];
        TreeNode root = file.newNode();
        file.readRoot(thread, root);
        TreeNode child = file.newNode();
        long at = root.firstChild();
        for (int i = 0; i < root.childCount(); i++) {
            file.read(at, root.end(), child);
            for (int k = 0; k < sums.length; k++) sums[k] += child.value(k);
            at = child.end();
        }
        file.checkChildrenEnd(root.offset(), root.end(), at);
        return sums;
    }
}
