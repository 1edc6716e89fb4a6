package org.candor.core.snapshot;

import java.io.IOException;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/**
 * Decoders of the known section payloads. Bytes after the fields a decoder knows are ignored: a later minor
 * version may append fields to a section.
 */
final class SectionDecoders {

    private SectionDecoders() {}

    static void info(ByteSource in, SnapshotInfo info) throws IOException {
        int n = in.count(2, "property");
        for (int i = 0; i < n; i++) {
            String key = in.string();
            info.put(key, in.string());
        }
    }

    static Metric[] metrics(ByteSource in) throws IOException {
        Metric[] metrics = new Metric[in.count(4, "metric")];
        for (int i = 0; i < metrics.length; i++) {
            String key = in.string();
            String label = in.string();
            Metric.Unit unit = unit(in.string());
            long flags = in.uvarint();
            metrics[i] = new Metric(key, label, unit, (flags & SnapshotFormat.METRIC_FLAG_INCLUSIVE) != 0);
        }
        return metrics;
    }

    /** A unit this version does not know is shown as a plain number. */
    private static Metric.Unit unit(String name) {
        for (Metric.Unit u : Metric.Unit.values()) {
            if (SnapshotEncoder.unitName(u).equals(name)) return u;
        }
        return Metric.Unit.COUNT;
    }

    static MethodTable methods(ByteSource in) throws IOException {
        MethodTable table = new MethodTable();
        int n = in.count(3, "method");
        for (int i = 0; i < n; i++) {
            String className = in.string();
            String name = in.string();
            table.add(className, name, in.string());
        }
        return table;
    }

    /** 1.x: the node count of a THRD section, without decoding its tree. */
    static int nodeCountV1(ByteSource in, int metricCount) throws IOException {
        in.svarint();
        in.string();
        return in.count(2 + metricCount, 1, "node");
    }

    static Map<String, Long> stats(ByteSource in) throws IOException {
        Map<String, Long> stats = new LinkedHashMap<>();
        int n = in.count(2, "statistic");
        for (int i = 0; i < n; i++) {
            String key = in.string();
            stats.put(key, in.svarint());
        }
        return stats;
    }

    /** 1.x: rebuilds the tree from its pre-order encoding with climbs, with an explicit stack of the current path. */
    static ThreadProfile threadV1(ByteSource in, int metricCount, int methodCount) throws IOException {
        long threadId = in.svarint();
        String name = in.string();
        int nodeCount = in.count(2 + metricCount, 1, "node"); // the root has no climb and no method
        if (nodeCount == 0) throw in.corrupt("thread " + name + " has no root node");

        CallNode root = new CallNode(null, CallNode.ROOT, metricCount);
        for (int k = 0; k < metricCount; k++) root.setValue(k, in.svarint());
        CallNode[] path = new CallNode[64];
        path[0] = root;
        int previousDepth = 0;
        for (int i = 1; i < nodeCount; i++) {
            long climb = in.uvarint();
            if (Long.compareUnsigned(climb, previousDepth) > 0) { // unsigned: 2^63 and more climb past the root too
                throw in.corrupt("node " + i + " of thread " + name + " climbs " + Long.toUnsignedString(climb)
                        + " levels from depth " + previousDepth);
            }
            int depth = previousDepth - (int) climb + 1;
            long methodId = in.uvarint();
            if (methodId >= methodCount || methodId < 0) {
                throw in.corrupt("node " + i + " of thread " + name + " refers to method "
                        + Long.toUnsignedString(methodId) + ", the method table has " + methodCount);
            }
            CallNode node = new CallNode(path[depth - 1], (int) methodId, metricCount);
            for (int k = 0; k < metricCount; k++) node.setValue(k, in.svarint());
            if (depth == path.length) path = Arrays.copyOf(path, path.length * 2);
            path[depth] = node;
            previousDepth = depth;
        }
        return new ThreadProfile(threadId, name, root);
    }
}
