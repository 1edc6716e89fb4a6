package org.candor.agent.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/** A thread's tree as "path -> node", paths written as simple names joined by ' > ' (Shapes.main > Shapes.b). */
final class TreePaths {

    final Map<String, CallNode> byPath = new LinkedHashMap<>();
    private final Snapshot snapshot;

    TreePaths(Snapshot snapshot, ThreadProfile thread) {
        this.snapshot = snapshot;
        Map<CallNode, String> paths = new java.util.HashMap<>();
        List<CallNode> todo = new ArrayList<>(thread.root().children());
        while (!todo.isEmpty()) {
            CallNode n = todo.remove(todo.size() - 1);
            String parentPath = paths.get(n.parent());
            String path = parentPath == null ? frame(n) : parentPath + " > " + frame(n);
            paths.put(n, path);
            byPath.put(path, n);
            todo.addAll(n.children());
        }
    }

    /** Every call in every thread's tree: each call counts at exactly one node. */
    static long allCalls(Snapshot s) {
        long sum = 0;
        for (ThreadProfile t : s.threads()) sum += allCalls(s, t);
        return sum;
    }

    /** Every call in one thread's tree. */
    static long allCalls(Snapshot s, ThreadProfile t) {
        int calls = s.metricIndex("calls");
        long sum = 0;
        List<CallNode> todo = new ArrayList<>(t.root().children());
        while (!todo.isEmpty()) {
            CallNode n = todo.remove(todo.size() - 1);
            sum += n.value(calls);
            todo.addAll(n.children());
        }
        return sum;
    }

    static ThreadProfile thread(Snapshot s, String name) {
        for (ThreadProfile t : s.threads()) if (t.name().equals(name)) return t;
        throw new AssertionError("no thread " + name + " in " + s.threads());
    }

    String frame(CallNode n) {
        MethodInfo m = snapshot.methods().get(n.methodId());
        String cls = m.className().substring(m.className().lastIndexOf('.') + 1);
        return cls + "." + m.name();
    }

    long calls(String path) {
        CallNode n = byPath.get(path);
        if (n == null) throw new AssertionError("no call path '" + path + "'; paths:\n" + String.join("\n", byPath.keySet()));
        return n.value(snapshot.metricIndex("calls"));
    }

    /** Total time as measured, before calibration took the probes' cost out. */
    long rawTotal(String path) {
        calls(path);
        return byPath.get(path).value(snapshot.metricIndex("raw_total_time"));
    }

    long total(String path) {
        calls(path);
        return byPath.get(path).value(snapshot.metricIndex("total_time"));
    }

    long self(String path) {
        calls(path);
        return byPath.get(path).value(snapshot.metricIndex("self_time"));
    }
}
