package org.candor.agent.snapshot;

import org.candor.core.model.Snapshot;
import org.candor.probe.ProbeLimits;
import org.candor.probe.ThreadRegistry;
import org.candor.probe.ThreadTreeCopy;

/**
 * What the trees of a snapshot did with the calls they could not give a path of their own, over all threads:
 * dropped (counted nowhere), folded into the first frame of their method, or counted under a node for calls beyond
 * the budget; and how big the trees are against their budget. Written as statistics, which the report words.
 */
final class TreeCounts {

    private long dropped;
    private long folded;
    private long beyond;
    private long nodes;
    private long foldedAfter = -1;

    void add(ThreadTreeCopy c) {
        dropped += c.droppedCalls;
        folded += c.foldedCalls;
        beyond += c.beyondCalls;
        nodes += c.nodeCount() - 1;
        if (c.foldedAfter >= 0) foldedAfter = foldedAfter < 0 ? c.foldedAfter : Math.min(foldedAfter, c.foldedAfter);
    }

    void addTo(Snapshot s) {
        s.putStat(Snapshot.STAT_DROPPED_CALLS, dropped);
        s.putStat("calls.folded", folded);
        s.putStat("calls.beyond_budget", beyond);
        if (foldedAfter >= 0) s.putStat("recursion.folded_after_paths", foldedAfter);
        s.putStat("nodes.used", nodes);
        s.putStat("nodes.budget", ProbeLimits.maxNodes());
        s.putStat(Snapshot.STAT_NODE_LIMIT, ThreadRegistry.nodeLimitReached() ? ProbeLimits.maxNodes() : 0);
        s.putStat("nodes.heap_full", ThreadRegistry.heapLimitReached() ? 1 : 0);
        s.putStat("threads.not_recorded", ThreadRegistry.threadsNotRecorded());
        String[] names = ThreadRegistry.notRecordedNames();
        if (names.length > 0) {
            long more = ThreadRegistry.threadsNotRecorded() - names.length;
            s.info().put("threads.not_recorded.names", String.join(", ", names) + (more > 0 ? ", and " + more + " more" : ""));
        }
        s.info().put("recursion", ProbeLimits.recursion());
    }
}
