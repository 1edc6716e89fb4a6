package org.candor.agent.snapshot;

import java.util.Locale;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.Snapshot;
import org.candor.probe.ProbeLimits;
import org.candor.probe.ThreadRegistry;
import org.candor.probe.ThreadTreeCopy;

/**
 * What the trees of a snapshot did with the calls they could not give a path of their own, over all threads:
 * dropped (counted nowhere), folded into the first frame of their method, or counted under a node for calls beyond
 * the budget; how big the trees are against their budget; threads not recorded (and the limit that left them out),
 * and ended threads folded into one tree per name. Written as statistics, which the report words.
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
        s.putStat(SnapshotWarnings.DROPPED, dropped);
        s.putStat(SnapshotWarnings.FOLDED, folded);
        s.putStat(SnapshotWarnings.BEYOND_BUDGET, beyond);
        if (foldedAfter >= 0) s.putStat(SnapshotWarnings.FOLDED_AFTER_PATHS, foldedAfter);
        s.putStat(SnapshotWarnings.NODES_USED, nodes);
        s.putStat(SnapshotWarnings.NODE_BUDGET, ProbeLimits.maxNodes());
        s.putStat(SnapshotWarnings.NODE_LIMIT, ThreadRegistry.nodeLimitReached() ? ProbeLimits.maxNodes() : 0);
        s.putStat(SnapshotWarnings.HEAP_FULL, ThreadRegistry.heapLimitReached() ? 1 : 0);
        s.putStat(SnapshotWarnings.THREADS_NOT_RECORDED, ThreadRegistry.threadsNotRecorded());
        String[] names = ThreadRegistry.notRecordedNames();
        if (names.length > 0) {
            s.putStat(SnapshotWarnings.THREADS_LIMIT, ProbeLimits.maxThreads());  // why they were not
            long more = ThreadRegistry.threadsNotRecorded() - names.length;
            s.info().put(SnapshotWarnings.THREADS_NOT_RECORDED_NAMES, String.join(", ", names) + (more > 0 ? ", and " + more + " more" : ""));
        }
        long folded = ThreadRegistry.threadsFolded();
        s.putStat(SnapshotWarnings.THREADS_FOLDED, folded);
        if (folded > 0) {
            s.putStat(SnapshotWarnings.THREADS_ENDED_KEPT, ProbeLimits.endedKept());
            String[] groups = ThreadRegistry.foldedGroupNames();
            long[] threads = ThreadRegistry.foldedGroupThreads();
            StringBuilder into = new StringBuilder();
            for (int i = 0; i < groups.length && i < threads.length; i++) {
                if (i > 0) into.append("; ");
                into.append(groups[i]).append(": ").append(String.format(Locale.ROOT, "%,d", threads[i]));
            }
            s.info().put(SnapshotWarnings.THREADS_FOLDED_GROUPS, into.toString());
        }
        s.info().put(SnapshotWarnings.RECURSION, ProbeLimits.recursion());
    }
}
