package org.candor.core.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.ThreadProfile;

/**
 * Back traces of a method: who called it, by which paths, and how much of its figures came through each. The
 * result is an inverted tree whose root is the method (its figures over the threads given) and whose children are
 * its callers, their callers below them, down to the threads' entry points; each level holds the figures of the
 * method's frames reached through that path. The method's node hangs under a synthetic root ({@link CallNode#ROOT}).
 *
 * <p>Exclusive figures (calls, self time) add up over every frame of the method. Inclusive ones (total time) count
 * only frames that have no frame of the same method above them, as a method's total does in the flat profile, so a
 * recursive method's time is counted once.
 */
public final class BackTraces {

    private BackTraces() {}

    public static CallNode of(List<ThreadProfile> threads, int methodId, List<Metric> metrics) {
        int n = metrics.size();
        boolean[] inclusive = new boolean[n];
        for (int i = 0; i < n; i++) inclusive[i] = metrics.get(i).inclusive();
        // under a root of its own, as a thread's tree is, so that a tree view shows the method as its top row
        CallNode root = new CallNode(new CallNode(null, CallNode.ROOT, n), methodId, n);
        for (ThreadProfile t : threads) {
            Deque<CallNode> todo = new ArrayDeque<>(t.root().children());
            while (!todo.isEmpty()) {
                CallNode node = todo.pop();
                todo.addAll(node.children());
                if (node.methodId() != methodId) continue;
                // the callers, nearest first, in one walk up; a frame of the method among them makes this one inner
                List<Integer> callers = new ArrayList<>();
                boolean outermost = true;
                for (CallNode caller = node.parent(); caller != null && !caller.isRoot(); caller = caller.parent()) {
                    callers.add(caller.methodId());
                    if (caller.methodId() == methodId) outermost = false;
                }
                long[] values = new long[n];
                for (int i = 0; i < n; i++) values[i] = inclusive[i] && !outermost ? 0 : node.value(i);
                add(root, values);
                CallNode level = root;
                for (int caller : callers) {
                    level = level.childOrCreate(caller);
                    add(level, values);
                }
            }
        }
        return root;
    }

    private static void add(CallNode node, long[] values) {
        for (int i = 0; i < values.length; i++) node.addValue(i, values[i]);
    }
}
