package org.candor.core.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.FlatProfile;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;

/**
 * The flat profile of several threads: per method, the sums of its threads' flat profiles ({@link FlatProfiles}:
 * the exact ones the snapshot carries, or computed from the trees). An inclusive metric (total time) counts only a
 * method's outermost calls on each path: under recursion a nested node's total is already part of its ancestor's,
 * and adding it again would count the same time twice.
 */
public final class HotSpots {

    private HotSpots() {}

    /** One hot spot per method of the threads, in method id order. */
    public static List<HotSpot> compute(Snapshot snapshot, List<ThreadProfile> threads) {
        List<FlatProfile> flats = new ArrayList<>(threads.size());
        for (ThreadProfile t : threads) flats.add(FlatProfiles.of(t, snapshot.metrics()));
        return of(snapshot.methods(), snapshot.metrics().size(), flats);
    }

    /** One hot spot per method of the threads, in method id order; the file's FLAT sections where it has them. */
    public static List<HotSpot> compute(SnapshotFile file, List<ThreadTree> threads) throws IOException {
        List<FlatProfile> flats = new ArrayList<>(threads.size());
        for (ThreadTree t : threads) flats.add(FlatProfiles.of(file, t));
        return of(file.methods(), file.metrics().size(), flats);
    }

    /** One hot spot per method that occurs in the trees, in method id order, from the trees alone. */
    public static List<HotSpot> compute(List<Metric> metrics, MethodTable methods, Collection<CallNode> roots) {
        List<FlatProfile> flats = new ArrayList<>(roots.size());
        for (CallNode root : roots) flats.add(FlatProfiles.fromTree(root, metrics));
        return of(methods, metrics.size(), flats);
    }

    /** The flat profiles summed per method: one hot spot per method in any of them, in method id order. */
    public static List<HotSpot> of(MethodTable methods, int metricCount, List<FlatProfile> flats) {
        long[][] sums = new long[methods.size()][];
        for (FlatProfile f : flats) {
            for (int r = 0; r < f.size(); r++) {
                int id = f.method(r);
                long[] s = sums[id];
                if (s == null) s = sums[id] = new long[metricCount];
                for (int k = 0; k < metricCount; k++) s[k] += f.value(r, k);
            }
        }
        List<HotSpot> spots = new ArrayList<>();
        for (int id = 0; id < sums.length; id++) {
            if (sums[id] != null) spots.add(new HotSpot(methods.get(id), sums[id]));
        }
        return spots;
    }
}
