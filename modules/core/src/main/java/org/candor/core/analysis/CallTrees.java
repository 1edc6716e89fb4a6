package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.ThreadProfile;

/** Walking, merging and totalling call trees. Nothing here recurses: trees can be hundreds of thousands deep. */
public final class CallTrees {

    /** The thread id of a profile merged from several threads. */
    public static final long MERGED_THREAD_ID = -1;

    /** Above this many children a merge looks children up by hash instead of scanning them. */
    private static final int LINEAR_LOOKUP_LIMIT = 8;

    private CallTrees() {}

    /**
     * Visits {@code start} and its subtree depth first.
     *
     * @param childOrder order of each node's children, or null for their stored order
     */
    public static void walk(CallNode start, Comparator<CallNode> childOrder, TreeVisitor visitor) {
        CallNode[] nodes = new CallNode[64];
        List<?>[] children = new List<?>[64];
        int[] next = new int[64];
        if (!visitor.enter(start, 0)) {
            visitor.exit(start, 0);
            return;
        }
        nodes[0] = start;
        children[0] = ordered(start, childOrder);
        int top = 1;
        while (top > 0) {
            int f = top - 1;
            if (next[f] < children[f].size()) {
                CallNode child = (CallNode) children[f].get(next[f]++);
                if (!visitor.enter(child, top)) {
                    visitor.exit(child, top);
                    continue;
                }
                if (top == nodes.length) {
                    nodes = Arrays.copyOf(nodes, top * 2);
                    children = Arrays.copyOf(children, top * 2);
                    next = Arrays.copyOf(next, top * 2);
                }
                nodes[top] = child;
                children[top] = ordered(child, childOrder);
                next[top] = 0;
                top++;
            } else {
                visitor.exit(nodes[f], f);
                nodes[f] = null;
                children[f] = null;
                top--;
            }
        }
    }

    private static List<CallNode> ordered(CallNode node, Comparator<CallNode> order) {
        List<CallNode> children = node.children();
        if (order == null || children.size() < 2) return children;
        List<CallNode> sorted = new ArrayList<>(children);
        sorted.sort(order);
        return sorted;
    }

    /** All threads merged into one profile named "all threads", with thread id {@link #MERGED_THREAD_ID}. */
    public static ThreadProfile mergeThreads(List<ThreadProfile> threads, int metricCount) {
        List<CallNode> roots = new ArrayList<>(threads.size());
        for (ThreadProfile t : threads) roots.add(t.root());
        return new ThreadProfile(MERGED_THREAD_ID, "all threads", merge(roots, metricCount, null));
    }

    /**
     * A new tree holding the given trees merged: nodes on the same path of method ids become one node whose values
     * are the sum. The inputs are not changed.
     *
     * @param methodIdMap maps each method id to the id it merges under (see {@link #frameIds}), or null to merge
     *                    by method id
     */
    public static CallNode merge(Collection<CallNode> roots, int metricCount, int[] methodIdMap) {
        CallNode merged = new CallNode(null, CallNode.ROOT, metricCount);
        List<CallNode> sources = new ArrayList<>();
        List<CallNode> targets = new ArrayList<>();
        for (CallNode root : roots) {
            addValues(merged, root);
            sources.add(root);
            targets.add(merged);
        }
        while (!sources.isEmpty()) {
            CallNode source = sources.remove(sources.size() - 1);
            CallNode target = targets.remove(targets.size() - 1);
            List<CallNode> kids = source.children();
            NodeIndex index = null;
            if (target.children().size() + kids.size() > LINEAR_LOOKUP_LIMIT) {
                index = new NodeIndex(target.children().size() + kids.size());
                for (CallNode c : target.children()) index.put(c.methodId(), c);
            }
            for (CallNode kid : kids) {
                int id = methodIdMap == null ? kid.methodId() : methodIdMap[kid.methodId()];
                CallNode into = index != null ? index.get(id) : target.child(id);
                if (into == null) {
                    into = new CallNode(target, id, metricCount);
                    if (index != null) index.put(id, into);
                }
                addValues(into, kid);
                if (!kid.children().isEmpty()) {
                    sources.add(kid);
                    targets.add(into);
                }
            }
        }
        return merged;
    }

    private static void addValues(CallNode into, CallNode from) {
        int n = Math.min(into.metricCount(), from.metricCount());
        for (int k = 0; k < n; k++) into.addValue(k, from.value(k));
    }

    /**
     * For each method id, the smallest id with the same {@link MethodInfo#qualifiedName()}: merging with this map
     * joins overloads, as frame names in folded stacks do.
     */
    public static int[] frameIds(MethodTable methods) {
        int[] ids = new int[methods.size()];
        Map<String, Integer> first = new HashMap<>();
        for (MethodInfo m : methods.all()) {
            Integer prior = first.putIfAbsent(m.qualifiedName(), m.id());
            ids[m.id()] = prior != null ? prior : m.id();
        }
        return ids;
    }

    /**
     * The totals of a tree per metric: for an inclusive metric the sum over the root's children (the outermost
     * calls), for any other the sum over all nodes below the root.
     */
    public static long[] totals(CallNode root, List<Metric> metrics) {
        long[] totals = new long[metrics.size()];
        walk(root, null, (node, depth) -> {
            if (depth == 0) return true;
            for (int k = 0; k < totals.length; k++) {
                if (!metrics.get(k).inclusive() || depth == 1) totals[k] += node.value(k);
            }
            return true;
        });
        return totals;
    }

    /**
     * One metric's total of {@link #totals}, without a walk for an inclusive metric: the sum over the root's
     * children.
     */
    public static long total(CallNode root, List<Metric> metrics, int metric) {
        if (!metrics.get(metric).inclusive()) return totals(root, metrics)[metric];
        long sum = 0;
        for (CallNode c : root.children()) sum += c.value(metric);
        return sum;
    }
}
