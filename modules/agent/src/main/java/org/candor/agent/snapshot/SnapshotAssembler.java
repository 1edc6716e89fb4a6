package org.candor.agent.snapshot;

import java.util.HashMap;
import java.util.Map;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.probe.ThreadState;
import org.candor.probe.ThreadTreeCopy;

/**
 * Turns the probes' per-thread arrays into a core {@link Snapshot}: ticks become nanoseconds, a node's calibrated
 * self time is its raw self time less its correction, totals are sums over subtrees, and only methods that were
 * called make it into the method table. The counts of folded, beyond-budget and dropped calls become statistics.
 */
public final class SnapshotAssembler {

    /** The method table entry of the nodes that stand for calls beyond the tree's budget. */
    public static final String BEYOND_CLASS = "[candor]";
    public static final String BEYOND_NAME = "beyond the tree budget";

    private final MethodRegistry registry;
    private final MethodTable table = new MethodTable();
    private final Map<Integer, Integer> tableIds = new HashMap<>();
    private final TreeCounts counts = new TreeCounts();

    public SnapshotAssembler(MethodRegistry registry) {
        this.registry = registry;
    }

    /**
     * @param calibrated whether the probes calibrated: then total and self time are the calibrated values and the
     *                   raw ones are kept beside them
     */
    public Snapshot assemble(SnapshotInfo info, ThreadState[] threads, double nanosPerTick, boolean calibrated) {
        Snapshot snapshot = new Snapshot(info, Snapshot.instrumentationMetrics(calibrated), table);
        for (ThreadState state : threads) {
            ThreadTreeCopy copy = state.copy();
            counts.add(copy);
            if (copy.nodeCount() <= 1) continue;
            TreeValues v = TreeValues.of(copy, nanosPerTick, calibrated);
            snapshot.addThread(new ThreadProfile(copy.threadId, copy.threadName, tree(copy, v)));
        }
        counts.addTo(snapshot);
        return snapshot;
    }

    private CallNode tree(ThreadTreeCopy c, TreeValues v) {
        int n = c.nodeCount();
        CallNode[] nodes = new CallNode[n];
        nodes[0] = new CallNode(null, CallNode.ROOT, v.width());
        v.fill(0, nodes[0]);
        for (int i = 1; i < n; i++) {
            CallNode node = new CallNode(nodes[c.nodeParent[i]], tableId(c.nodeMethod[i]), v.width());
            v.fill(i, node);
            nodes[i] = node;
        }
        return nodes[0];
    }

    private int tableId(int registryId) {
        Integer id = tableIds.get(registryId);
        if (id == null) {
            if (registryId == ThreadTreeCopy.BEYOND) {
                id = table.add(BEYOND_CLASS, BEYOND_NAME, "()V").id();
            } else {
                MethodRegistry.Entry e = registry.get(registryId);
                id = table.add(e.className, e.name, e.descriptor).id();
            }
            tableIds.put(registryId, id);
        }
        return id;
    }
}
