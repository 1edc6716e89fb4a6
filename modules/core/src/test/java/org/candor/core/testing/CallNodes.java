package org.candor.core.testing;

import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.CallNode;

/** Trees built by hand for tests. */
public final class CallNodes {

    private CallNodes() {}

    /**
     * {@code parent}'s child of {@code method} (created, or the one it has) with these values, in the instrumentation
     * metrics' order: calls, total time, self time.
     */
    public static CallNode node(CallNode parent, int method, long calls, long total, long self) {
        CallNode n = parent.childOrCreate(method);
        n.setValue(0, calls);
        n.setValue(1, total);
        n.setValue(2, self);
        return n;
    }

    /**
     * A new child of {@code parent} in a sampled tree of a 1 µs interval, in the sampling metrics' order: total and
     * self time, samples and self samples.
     */
    public static CallNode sampledNode(CallNode parent, int method, long samples, long self) {
        CallNode n = new CallNode(parent, method, 4);
        n.setValue(0, samples * 1000);
        n.setValue(1, self * 1000);
        n.setValue(2, samples);
        n.setValue(3, self);
        return n;
    }

    /** Every node below {@code root}, the root itself left out, depth first. */
    public static List<CallNode> below(CallNode root) {
        List<CallNode> all = new ArrayList<>();
        List<CallNode> todo = new ArrayList<>(root.children());
        while (!todo.isEmpty()) {
            CallNode n = todo.remove(todo.size() - 1);
            all.add(n);
            todo.addAll(n.children());
        }
        return all;
    }
}
