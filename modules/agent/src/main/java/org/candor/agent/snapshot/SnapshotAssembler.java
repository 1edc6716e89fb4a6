package org.candor.agent.snapshot;

import java.util.HashMap;
import java.util.Map;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.probe.Clock;
import org.candor.probe.ThreadState;
import org.candor.probe.ThreadTreeCopy;

/**
 * Turns the probes' per-thread arrays into a core {@link Snapshot}: ticks become nanoseconds, frames still open
 * count up to now, calibrated total is raw total minus the node's correction, self time is total minus the
 * children's totals, and only methods that were called make it into the method table.
 */
public final class SnapshotAssembler {

    private static final int CALLS = 0;
    private static final int TOTAL = 1;
    private static final int SELF = 2;
    private static final int RAW_TOTAL = 3;
    private static final int RAW_SELF = 4;

    private final MethodRegistry registry;
    private final MethodTable table = new MethodTable();
    private final Map<Integer, Integer> tableIds = new HashMap<>();
    private long droppedCalls;

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
            droppedCalls += copy.droppedCalls;
            if (copy.nodeCount() <= 1) continue;
            snapshot.addThread(new ThreadProfile(copy.threadId, copy.threadName, tree(copy, nanosPerTick, calibrated)));
        }
        snapshot.putStat(Snapshot.STAT_DROPPED_CALLS, droppedCalls);
        return snapshot;
    }

    private CallNode tree(ThreadTreeCopy c, double nanosPerTick, boolean calibrated) {
        int n = c.nodeCount();
        long[] ticks = c.nodeTicks.clone();
        long[] adjust = calibrated && c.nodeAdjust != null ? c.nodeAdjust.clone() : new long[n];
        // A per-thread metric (cpu, counters) cannot be read for another thread: open frames keep what they have.
        for (int i = 0; i < c.openFrameNodes.length && !Clock.perThread(); i++) {
            int node = c.openFrameNodes[i];
            if (node <= 0 || node >= n) continue;
            ticks[node] += Math.max(0, c.takenAt - c.openFrameStarts[i]);
            if (calibrated && c.openFrameExcluded != null) {
                adjust[node] += Math.max(0, c.excludedAt - c.openFrameExcluded[i]);
            }
        }
        long[] raw = new long[n];
        long[] rawChildren = new long[n];
        long[] total = new long[n];
        long[] children = new long[n];
        for (int i = n - 1; i >= 1; i--) {
            raw[i] = Math.round(ticks[i] * nanosPerTick);
            total[i] = Math.max(0, Math.round((ticks[i] - adjust[i]) * nanosPerTick));
            rawChildren[c.nodeParent[i]] += raw[i];
            children[c.nodeParent[i]] += total[i];
        }
        int width = calibrated ? 5 : 3;
        CallNode[] nodes = new CallNode[n];
        nodes[0] = new CallNode(null, CallNode.ROOT, width);
        long rootCalls = 0;
        for (int i = 1; i < n; i++) {
            int parent = c.nodeParent[i];
            CallNode node = new CallNode(nodes[parent], tableId(c.nodeMethod[i]), width);
            node.setValue(CALLS, c.nodeCalls[i]);
            node.setValue(TOTAL, total[i]);
            node.setValue(SELF, Math.max(0, total[i] - children[i]));
            if (calibrated) {
                node.setValue(RAW_TOTAL, raw[i]);
                node.setValue(RAW_SELF, Math.max(0, raw[i] - rawChildren[i]));
            }
            nodes[i] = node;
            if (parent == 0) rootCalls += c.nodeCalls[i];
        }
        nodes[0].setValue(CALLS, rootCalls);
        nodes[0].setValue(TOTAL, children[0]);
        if (calibrated) nodes[0].setValue(RAW_TOTAL, rawChildren[0]);
        return nodes[0];
    }

    private int tableId(int registryId) {
        Integer id = tableIds.get(registryId);
        if (id == null) {
            MethodRegistry.Entry e = registry.get(registryId);
            id = table.add(e.className, e.name, e.descriptor).id();
            tableIds.put(registryId, id);
        }
        return id;
    }
}
