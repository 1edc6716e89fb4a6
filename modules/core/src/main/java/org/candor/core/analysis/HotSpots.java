package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/**
 * The flat profile: per method, the sum of each metric over all nodes of that method. An inclusive metric (total
 * time) is only summed over the outermost occurrence of the method on each path: under recursion a nested node's
 * total is already part of its ancestor's, and adding it again would count the same time twice.
 */
public final class HotSpots {

    private HotSpots() {}

    public static List<HotSpot> compute(Snapshot snapshot, List<ThreadProfile> threads) {
        List<CallNode> roots = new ArrayList<>(threads.size());
        for (ThreadProfile t : threads) roots.add(t.root());
        return compute(snapshot.metrics(), snapshot.methods(), roots);
    }

    /** One hot spot per method that occurs in the trees, in method id order. */
    public static List<HotSpot> compute(List<Metric> metrics, MethodTable methods, Collection<CallNode> roots) {
        int m = metrics.size();
        boolean[] inclusive = new boolean[m];
        for (int k = 0; k < m; k++) inclusive[k] = metrics.get(k).inclusive();
        long[][] sums = new long[methods.size()][];
        int[] onPath = new int[methods.size()];

        TreeVisitor visitor = new TreeVisitor() {
            @Override public boolean enter(CallNode node, int depth) {
                if (node.isRoot()) return true;
                int id = node.methodId();
                long[] s = sums[id];
                if (s == null) s = sums[id] = new long[m];
                boolean outermost = onPath[id] == 0;
                for (int k = 0; k < m; k++) {
                    if (outermost || !inclusive[k]) s[k] += node.value(k);
                }
                onPath[id]++;
                return true;
            }

            @Override public void exit(CallNode node, int depth) {
                if (!node.isRoot()) onPath[node.methodId()]--;
            }
        };
        for (CallNode root : roots) CallTrees.walk(root, null, visitor);

        List<HotSpot> spots = new ArrayList<>();
        for (int id = 0; id < sums.length; id++) {
            if (sums[id] != null) spots.add(new HotSpot(methods.get(id), sums[id]));
        }
        return spots;
    }
}
