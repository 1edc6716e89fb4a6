package org.candor.core.analysis;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/** How many distinct methods appear in a snapshot's call trees, over all threads. */
public final class InvokedMethods {

    private InvokedMethods() {}

    public static int count(Snapshot s) {
        BitSet seen = new BitSet();
        Deque<CallNode> todo = new ArrayDeque<>();
        for (ThreadProfile t : s.threads()) todo.addAll(t.root().children());
        while (!todo.isEmpty()) {
            CallNode n = todo.pop();
            if (n.methodId() >= 0) seen.set(n.methodId());
            todo.addAll(n.children());
        }
        return seen.cardinality();
    }
}
