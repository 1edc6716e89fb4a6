package org.candor.agent.snapshot;

import java.util.Arrays;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.MethodTable;
import org.candor.core.snapshot.TreeCut;

/**
 * The snapshot's method table, built as the trees are written: a method gets its table id the first time a tree
 * or flat profile names it, so only methods that were called are in the table.
 */
final class MethodIds {

    private final MethodRegistry registry;
    private final MethodTable table = new MethodTable();
    /** Table id + 1 by registry id (0: not in the table yet): asked once a node, so no boxing, no hashing. */
    private int[] ids = new int[1024];
    /** The synthetic method's table id, or -1 while no tree has calls beyond the budget. */
    private int beyond = -1;
    /** The table id of the live view's synthetic method, or -1. */
    private int cut = -1;

    MethodIds(MethodRegistry registry) {
        this.registry = registry;
    }

    int of(int registryId) {
        if (registryId == org.candor.probe.ThreadTreeCopy.BEYOND) {
            if (beyond < 0) {
                beyond = table.add(SnapshotWarnings.BEYOND_BUDGET_CLASS, SnapshotWarnings.BEYOND_BUDGET_METHOD,
                        SnapshotWarnings.BEYOND_BUDGET_DESCRIPTOR).id();
            }
            return beyond;
        }
        if (registryId >= ids.length) ids = Arrays.copyOf(ids, Math.max(registryId + 1, ids.length * 2));
        int id = ids[registryId] - 1;
        if (id < 0) {
            MethodRegistry.Entry e = registry.get(registryId);
            id = table.add(e.className, e.name, e.descriptor).id();
            ids[registryId] = id + 1;
        }
        return id;
    }

    /** The synthetic method of a live view's cut trees ({@link TreeCut}), added when first asked for. */
    int cutMethod() {
        if (cut < 0) cut = table.add(TreeCut.CUT_CLASS, TreeCut.CUT_METHOD, TreeCut.CUT_DESCRIPTOR).id();
        return cut;
    }

    MethodTable table() { return table; }

    /** Methods in the table that were called: all but the synthetic ones. */
    int invoked() {
        return table.size() - (beyond >= 0 ? 1 : 0) - (cut >= 0 ? 1 : 0);
    }
}
