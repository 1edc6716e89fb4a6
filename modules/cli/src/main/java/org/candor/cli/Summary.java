package org.candor.cli;

import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/** One line about a snapshot: threads, calls, drops. */
final class Summary {

    private Summary() {}

    static String of(Snapshot s) {
        int calls = s.metricIndex("calls");
        long totalCalls = 0;
        long nodes = 0;
        for (ThreadProfile t : s.threads()) {
            nodes += t.root().subtreeSize() - 1;
            if (calls >= 0) totalCalls += sumCalls(t.root(), calls);
        }
        return String.format("%d threads, %,d methods, %,d call paths, %,d calls, %,d calls dropped",
                s.threads().size(), s.methods().size(), nodes, totalCalls, s.stat(Snapshot.STAT_DROPPED_CALLS));
    }

    private static long sumCalls(CallNode root, int index) {
        long sum = 0;
        java.util.ArrayDeque<CallNode> todo = new java.util.ArrayDeque<>(root.children());
        while (!todo.isEmpty()) {
            CallNode n = todo.pop();
            sum += n.value(index);
            todo.addAll(n.children());
        }
        return sum;
    }
}
