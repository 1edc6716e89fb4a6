package org.candor.agent.sampling;

import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/**
 * Turns what {@link NativeSampler#drain0()} returns into a core snapshot: self sample counts become inclusive
 * counts, and both become estimated times (samples × interval). A stub or VM code attributed by its address
 * becomes a method of the pseudo-class {@code [vm]}.
 */
final class SampledTrees {

    static final String VM_CLASS = "[vm]";

    private final Object[] parts;
    private final long intervalNanos;
    private final boolean wallClock;

    SampledTrees(Object[] parts) {
        this.parts = parts;
        this.intervalNanos = ((long[]) parts[NativeSampler.INTERVAL_NANOS])[0];
        this.wallClock = anyWaiting((long[][]) parts[NativeSampler.NODE_SELF_WAITING])
                || statValue("mode.wall") > 0;
    }

    long intervalNanos() { return intervalNanos; }
    boolean wallClock() { return wallClock; }

    Snapshot toSnapshot(SnapshotInfo info) {
        List<Metric> metrics = Snapshot.samplingMetrics(wallClock);
        Snapshot snapshot = new Snapshot(info, metrics, methods());
        long[] threadIds = (long[]) parts[NativeSampler.THREAD_IDS];
        String[] threadNames = (String[]) parts[NativeSampler.THREAD_NAMES];
        int[][] parents = (int[][]) parts[NativeSampler.NODE_PARENTS];
        int[][] methods = (int[][]) parts[NativeSampler.NODE_METHODS];
        long[][] running = (long[][]) parts[NativeSampler.NODE_SELF_RUNNING];
        long[][] waiting = (long[][]) parts[NativeSampler.NODE_SELF_WAITING];
        for (int t = 0; t < threadIds.length; t++) {
            if (parents[t].length <= 1) continue;
            CallNode root = tree(metrics.size(), parents[t], methods[t], running[t], waiting[t]);
            snapshot.addThread(new ThreadProfile(threadIds[t], threadNames[t], root));
        }
        String[] statNames = (String[]) parts[NativeSampler.STAT_NAMES];
        long[] statValues = (long[]) parts[NativeSampler.STAT_VALUES];
        for (int i = 0; i < statNames.length; i++) snapshot.putStat(statNames[i], statValues[i]);
        return snapshot;
    }

    private CallNode tree(int metricCount, int[] parent, int[] method, long[] running, long[] waiting) {
        int n = parent.length;
        long[] samples = new long[n];
        long[] waits = new long[n];
        for (int i = n - 1; i >= 0; i--) {
            samples[i] += running[i] + waiting[i];
            waits[i] += waiting[i];
            if (i > 0) {
                samples[parent[i]] += samples[i];
                waits[parent[i]] += waits[i];
            }
        }
        CallNode[] nodes = new CallNode[n];
        nodes[0] = new CallNode(null, CallNode.ROOT, metricCount);
        for (int i = 0; i < n; i++) {
            CallNode node = i == 0 ? nodes[0] : new CallNode(nodes[parent[i]], method[i], metricCount);
            nodes[i] = node;
            long self = running[i] + waiting[i];
            node.setValue(0, samples[i] * intervalNanos);
            node.setValue(1, self * intervalNanos);
            node.setValue(2, samples[i]);
            node.setValue(3, self);
            if (wallClock) {
                node.setValue(4, waits[i] * intervalNanos);
                node.setValue(5, waiting[i] * intervalNanos);
            }
        }
        return nodes[0];
    }

    private MethodTable methods() {
        String[] classes = (String[]) parts[NativeSampler.METHOD_CLASSES];
        String[] names = (String[]) parts[NativeSampler.METHOD_NAMES];
        String[] descriptors = (String[]) parts[NativeSampler.METHOD_DESCRIPTORS];
        MethodTable table = new MethodTable();
        for (int i = 0; i < classes.length; i++) {
            if (classes[i].isEmpty()) table.add(VM_CLASS, names[i].replace(' ', '_'), "");
            else table.add(className(classes[i]), names[i], descriptors[i]);
        }
        return table;
    }

    /** {@code Lcom/acme/Foo$Bar;} becomes {@code com.acme.Foo$Bar}; hidden classes keep their {@code /0x...} suffix. */
    static String className(String signature) {
        String s = signature;
        if (s.startsWith("L") && s.endsWith(";")) s = s.substring(1, s.length() - 1);
        int hidden = s.indexOf(".0x");
        String base = hidden >= 0 ? s.substring(0, hidden) : s;
        return base.replace('/', '.') + (hidden >= 0 ? "/" + s.substring(hidden + 1) : "");
    }

    private long statValue(String name) {
        String[] names = (String[]) parts[NativeSampler.STAT_NAMES];
        long[] values = (long[]) parts[NativeSampler.STAT_VALUES];
        for (int i = 0; i < names.length; i++) if (names[i].equals(name)) return values[i];
        return 0;
    }

    private static boolean anyWaiting(long[][] waiting) {
        for (long[] w : waiting) for (long v : w) if (v > 0) return true;
        return false;
    }
}
