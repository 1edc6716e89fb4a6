package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.CRC32C;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/**
 * The format 1.0 writer as it was before 2.0 (trees in pre-order with climbs, no extents, no FLAT), kept to make
 * the 1.0 files that readers must go on reading: each section is built in memory, then written after its length.
 */
final class SnapshotEncoderV1 {

    private final Snapshot snapshot;
    private final OutputStream out;
    private final CRC32C crc = new CRC32C();
    private final ByteSink sectionHeader = new ByteSink(SECTION_HEADER_SIZE);
    private final ByteSink payload = new ByteSink(1 << 16);
    private final ByteSink threadHead = new ByteSink(256);

    SnapshotEncoderV1(Snapshot snapshot, OutputStream out) {
        this.snapshot = snapshot;
        this.out = out;
    }

    void encode() throws IOException {
        ByteSink header = new ByteSink(HEADER_SIZE);
        header.bytes(MAGIC, 0, MAGIC.length);
        header.u16(1);
        header.u16(0);
        emit(header.array(), header.size());

        encodeInfo();
        encodeMetrics();
        encodeMethods();
        for (ThreadProfile t : snapshot.threads()) encodeThread(t);
        encodeStats();

        sectionHeader.reset();
        sectionHeader.u32(TAG_END);
        sectionHeader.u64(4);
        emit(sectionHeader.array(), sectionHeader.size());
        ByteSink checksum = new ByteSink(4);
        checksum.u32((int) crc.getValue());
        out.write(checksum.array(), 0, 4);
    }

    private void encodeInfo() throws IOException {
        payload.reset();
        Map<String, String> props = snapshot.info().asMap();
        payload.uvarint(props.size());
        for (Map.Entry<String, String> e : props.entrySet()) {
            payload.string(e.getKey());
            payload.string(e.getValue());
        }
        section(TAG_INFO, payload);
    }

    private void encodeMetrics() throws IOException {
        payload.reset();
        List<Metric> metrics = snapshot.metrics();
        payload.uvarint(metrics.size());
        for (Metric m : metrics) {
            payload.string(m.key());
            payload.string(m.label());
            payload.string(unitName(m.unit()));
            payload.uvarint(m.inclusive() ? METRIC_FLAG_INCLUSIVE : 0);
        }
        section(TAG_METRICS, payload);
    }

    private void encodeMethods() throws IOException {
        payload.reset();
        List<MethodInfo> methods = snapshot.methods().all();
        payload.uvarint(methods.size());
        for (MethodInfo m : methods) {
            payload.string(m.className());
            payload.string(m.name());
            payload.string(m.descriptor());
        }
        section(TAG_METHODS, payload);
    }

    private void encodeStats() throws IOException {
        payload.reset();
        Map<String, Long> stats = snapshot.stats();
        payload.uvarint(stats.size());
        for (Map.Entry<String, Long> e : stats.entrySet()) {
            payload.string(e.getKey());
            payload.svarint(e.getValue());
        }
        section(TAG_STATS, payload);
    }

    /**
     * Nodes in pre-order. Instead of a parent index each node stores how many levels to climb from the previous
     * node to reach its parent: 0 for a first child, 1 for a sibling, so nearly always one byte.
     */
    private void encodeThread(ThreadProfile thread) throws IOException {
        int metricCount = snapshot.metrics().size();
        int methodCount = snapshot.methods().size();
        CallNode root = thread.root();
        payload.reset();
        checkValues(thread, root, metricCount, 0);
        for (int k = 0; k < metricCount; k++) payload.svarint(root.value(k));

        NodeStack stack = new NodeStack();
        stack.pushChildren(root, 1);
        int nodes = 1;
        int previousDepth = 0;
        while (stack.size > 0) {
            int depth = stack.topDepth();
            CallNode node = stack.pop();
            int id = node.methodId();
            if (id < 0 || id >= methodCount) {
                throw new IllegalArgumentException("thread " + thread + ": a node at depth " + depth
                        + " refers to method " + id + ", the method table has " + methodCount);
            }
            checkValues(thread, node, metricCount, depth);
            payload.uvarint(previousDepth + 1 - depth);
            payload.uvarint(id);
            for (int k = 0; k < metricCount; k++) payload.svarint(node.value(k));
            previousDepth = depth;
            nodes++;
            stack.pushChildren(node, depth + 1);
        }

        threadHead.reset();
        threadHead.svarint(thread.threadId());
        threadHead.string(thread.name());
        threadHead.uvarint(nodes);
        writeSectionHeader(TAG_THREAD, (long) threadHead.size() + payload.size());
        emit(threadHead.array(), threadHead.size());
        emit(payload.array(), payload.size());
    }

    private static void checkValues(ThreadProfile thread, CallNode node, int metricCount, int depth) {
        if (node.metricCount() != metricCount) {
            throw new IllegalArgumentException("thread " + thread + ": a node at depth " + depth + " has "
                    + node.metricCount() + " values, the snapshot declares " + metricCount + " metrics");
        }
    }

    private void section(int tag, ByteSink body) throws IOException {
        writeSectionHeader(tag, body.size());
        emit(body.array(), body.size());
    }

    private void writeSectionHeader(int tag, long length) throws IOException {
        sectionHeader.reset();
        sectionHeader.u32(tag);
        sectionHeader.u64(length);
        emit(sectionHeader.array(), sectionHeader.size());
    }

    private void emit(byte[] bytes, int length) throws IOException {
        crc.update(bytes, 0, length);
        out.write(bytes, 0, length);
    }

    static String unitName(Metric.Unit unit) {
        return unit.name().toLowerCase(Locale.ROOT);
    }

    /** A 1.0 file of the snapshot. */
    static byte[] bytes(Snapshot snapshot) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            new SnapshotEncoderV1(snapshot, out).encode();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Pending nodes of a pre-order walk, with their depths. */
    private static final class NodeStack {
        private CallNode[] nodes = new CallNode[64];
        private int[] depths = new int[64];
        int size;

        /** Pushes the children last to first, so that the first child is popped first. */
        void pushChildren(CallNode node, int depth) {
            List<CallNode> children = node.children();
            int n = children.size();
            if (size + n > nodes.length) {
                int grown = Math.max(size + n, nodes.length * 2);
                nodes = Arrays.copyOf(nodes, grown);
                depths = Arrays.copyOf(depths, grown);
            }
            for (int i = n - 1; i >= 0; i--) {
                nodes[size] = children.get(i);
                depths[size] = depth;
                size++;
            }
        }

        int topDepth() { return depths[size - 1]; }

        CallNode pop() {
            CallNode n = nodes[--size];
            nodes[size] = null;
            return n;
        }
    }
}
