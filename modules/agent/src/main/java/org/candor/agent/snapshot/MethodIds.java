package org.candor.agent.snapshot;

import java.util.HashMap;
import java.util.Map;
import org.candor.agent.instrument.MethodRegistry;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.MethodTable;

/**
 * The snapshot's method table, built as the trees are written: a method gets its table id the first time a tree
 * or flat profile names it, so only methods that were called are in the table.
 */
final class MethodIds {

    private final MethodRegistry registry;
    private final MethodTable table = new MethodTable();
    private final Map<Integer, Integer> ids = new HashMap<>();

    MethodIds(MethodRegistry registry) {
        this.registry = registry;
    }

    int of(int registryId) {
        Integer id = ids.get(registryId);
        if (id == null) {
            if (registryId == org.candor.probe.ThreadTreeCopy.BEYOND) {
                id = table.add(SnapshotWarnings.BEYOND_BUDGET_CLASS, SnapshotWarnings.BEYOND_BUDGET_METHOD,
                        SnapshotWarnings.BEYOND_BUDGET_DESCRIPTOR).id();
            } else {
                MethodRegistry.Entry e = registry.get(registryId);
                id = table.add(e.className, e.name, e.descriptor).id();
            }
            ids.put(registryId, id);
        }
        return id;
    }

    MethodTable table() { return table; }

    /** Methods in the table that were called: all but the one for calls beyond the budget. */
    int invoked() {
        return table.size() - (ids.containsKey(org.candor.probe.ThreadTreeCopy.BEYOND) ? 1 : 0);
    }
}
