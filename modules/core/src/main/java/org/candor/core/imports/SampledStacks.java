package org.candor.core.imports;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/**
 * Stacks with their sample counts, per thread, turned into a sampled snapshot as the sampler builds its own: each
 * thread's tree of call paths, a node's samples those of every stack through it, its self samples those of the
 * stacks ending at it, times as samples x the interval, the root the sum of its children. Methods are one entry per
 * class, name and descriptor.
 */
final class SampledStacks {

    private static final int TOTAL_TIME = 0, SELF_TIME = 1, SAMPLES = 2, SELF_SAMPLES = 3;

    private final MethodTable methods = new MethodTable();
    private final Map<String, Integer> methodIds = new HashMap<>();
    private final Map<Long, Thread> threads = new LinkedHashMap<>();
    private final int metricCount = Snapshot.samplingMetrics(false).size();
    private long samples;

    private final class Thread {
        final long id;
        String name;
        final CallNode root = new CallNode(null, CallNode.ROOT, metricCount);

        Thread(long id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    /** The method's id in the snapshot's table, added when new. */
    int method(String className, String name, String descriptor) {
        String key = className + '\u0000' + name + '\u0000' + descriptor;
        Integer id = methodIds.get(key);
        if (id == null) {
            id = methods.add(className, name, descriptor).id();
            methodIds.put(key, id);
        }
        return id;
    }

    /**
     * Adds {@code count} samples of a stack: {@code stack[0]} the outermost call, the last the method that ran. A
     * thread seen again keeps its latest name. A stack of no frames names no method: callers leave it out.
     */
    void add(long threadId, String threadName, int[] stack, int length, long count) {
        if (length == 0) throw new IllegalArgumentException("a stack of no frames");
        Thread t = threads.get(threadId);
        if (t == null) threads.put(threadId, t = new Thread(threadId, threadName));
        else t.name = threadName;
        CallNode node = t.root;
        node.addValue(SAMPLES, count);
        for (int i = 0; i < length; i++) {
            node = node.childOrCreate(stack[i]);
            node.addValue(SAMPLES, count);
        }
        node.addValue(SELF_SAMPLES, count);
        samples += count;
    }

    long samples() { return samples; }
    int threadCount() { return threads.size(); }

    /** The snapshot of the stacks added, times at {@code intervalNanos} per sample. */
    Snapshot snapshot(SnapshotInfo info, long intervalNanos) {
        Snapshot s = new Snapshot(info, Snapshot.samplingMetrics(false), methods);
        for (Thread t : threads.values()) {
            setTimes(t.root, intervalNanos);
            s.addThread(new ThreadProfile(t.id, t.name, t.root));
        }
        return s;
    }

    /** Times from the sample counts, every node of the tree (iterative: stacks can be deep). */
    private static void setTimes(CallNode root, long intervalNanos) {
        List<CallNode> todo = new ArrayList<>();
        todo.add(root);
        while (!todo.isEmpty()) {
            CallNode n = todo.remove(todo.size() - 1);
            n.setValue(TOTAL_TIME, n.value(SAMPLES) * intervalNanos);
            n.setValue(SELF_TIME, n.value(SELF_SAMPLES) * intervalNanos);
            todo.addAll(n.children());
        }
    }
}
