package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32C;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/** Writes snapshots in the current format version (see docs/formats/snapshot.md). */
public final class SnapshotWriter {

    private SnapshotWriter() {}

    /**
     * Writes the snapshot to {@code target} atomically: readers see either the old file or the complete new one,
     * never a partial write. The data goes to a temporary file in the same directory, which is synced and then
     * renamed over the target; on any failure the temporary file is removed and the target left as it was.
     *
     * @throws IllegalArgumentException if the snapshot is inconsistent (a node with an unknown method id, or with
     *                                  another number of values than the snapshot has metrics)
     */
    public static void write(Snapshot snapshot, Path target) throws IOException {
        write(snapshot, target, UnaryOperator.identity());
    }

    /** As {@link #write(Snapshot, Path)}; {@code fileStream} wraps the temporary file's stream, to inject failures. */
    static void write(Snapshot snapshot, Path target, UnaryOperator<OutputStream> fileStream) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = null;
        FileChannel channel = null;
        boolean moved = false;
        try {
            for (int attempt = 0; channel == null; attempt++) {
                temp = dir.resolve("." + target.getFileName() + "."
                        + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16) + ".tmp");
                try {
                    channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                } catch (FileAlreadyExistsException e) {
                    if (attempt == 9) throw e;
                }
            }
            OutputStream out = new BufferedOutputStream(fileStream.apply(Channels.newOutputStream(channel)), 1 << 16);
            write(snapshot, out);
            out.flush();
            channel.force(true);
            channel.close();
            moveOver(temp, target);
            moved = true;
            syncDirectory(dir);
        } finally {
            if (!moved) {
                closeQuietly(channel);
                if (temp != null) deleteQuietly(temp);
            }
        }
    }

    /** Writes the snapshot to a stream, which is flushed but not closed. No atomicity: the caller owns the stream. */
    public static void write(Snapshot snapshot, OutputStream out) throws IOException {
        new Encoder(snapshot, out).encode();
        out.flush();
    }

    private static void moveOver(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            // file systems without atomic rename: still never a half-written target, only a brief gap without one
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Makes the rename durable where the platform allows opening a directory (not on Windows). */
    private static void syncDirectory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException | RuntimeException ignored) {
            // best effort: the data itself was synced before the rename
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            if (channel != null) channel.close();
        } catch (IOException ignored) {
            // the write already failed; that failure is the one to report
        }
    }

    private static void deleteQuietly(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // nothing more to do; the temporary name starts with a dot and ends with .tmp
        }
    }

    /** One write: sections are built in memory, then written with their length and checksummed. */
    private static final class Encoder {
        private final Snapshot snapshot;
        private final OutputStream out;
        private final CRC32C crc = new CRC32C();
        private final ByteSink sectionHeader = new ByteSink(SECTION_HEADER_SIZE);
        private final ByteSink payload = new ByteSink(1 << 16);
        private final ByteSink threadHead = new ByteSink(256);

        Encoder(Snapshot snapshot, OutputStream out) {
            this.snapshot = snapshot;
            this.out = out;
        }

        void encode() throws IOException {
            ByteSink header = new ByteSink(HEADER_SIZE);
            header.bytes(MAGIC, 0, MAGIC.length);
            header.u16(MAJOR_VERSION);
            header.u16(MINOR_VERSION);
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

    static String unitName(Metric.Unit unit) {
        return unit.name().toLowerCase(Locale.ROOT);
    }
}
