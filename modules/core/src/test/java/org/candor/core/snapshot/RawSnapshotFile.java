package org.candor.core.snapshot;

import java.io.ByteArrayOutputStream;
import java.util.zip.CRC32C;

/** Builds snapshot files byte by byte, valid checksum included, to test what the writer never produces. */
final class RawSnapshotFile {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    RawSnapshotFile(int major, int minor) {
        out.writeBytes(SnapshotFormat.MAGIC);
        out.write(major >>> 8);
        out.write(major);
        out.write(minor >>> 8);
        out.write(minor);
    }

    RawSnapshotFile section(String tag, ByteSink payload) {
        return section(tag, payload.size(), payload);
    }

    /** A section whose stated length may lie. */
    RawSnapshotFile section(String tag, long statedLength, ByteSink payload) {
        ByteSink header = new ByteSink(12);
        header.u32(SnapshotFormat.tag(tag));
        header.u64(statedLength);
        out.write(header.array(), 0, header.size());
        out.write(payload.array(), 0, payload.size());
        return this;
    }

    /** The END section with the checksum of everything before it. */
    byte[] end() {
        ByteSink header = new ByteSink(16);
        header.u32(SnapshotFormat.TAG_END);
        header.u64(4);
        out.write(header.array(), 0, header.size());
        byte[] body = out.toByteArray();
        CRC32C crc = new CRC32C();
        crc.update(body, 0, body.length);
        ByteSink checksum = new ByteSink(4);
        checksum.u32((int) crc.getValue());
        out.write(checksum.array(), 0, 4);
        return out.toByteArray();
    }

    /**
     * A copy of {@code bytes} whose part from {@code partStart} (0: the whole file; a checkpoint continuation's offset,
     * docs/formats/snapshot.md 4.1) has the checksum of its bytes; null where they no longer end like a snapshot (2.3).
     */
    static byte[] withChecksum(byte[] bytes, int partStart) {
        byte[] b = bytes.clone();
        int end = b.length - SnapshotFormat.TRAILER_SIZE;
        if (end < partStart + SnapshotFormat.HEADER_SIZE) return null;
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(b);
        if (buf.getInt(end) != SnapshotFormat.TAG_END || buf.getLong(end + 4) != 4) return null;
        CRC32C crc = new CRC32C();
        crc.update(b, partStart, b.length - 4 - partStart);
        buf.putInt(b.length - 4, (int) crc.getValue());
        return b;
    }

    static ByteSink payload() {
        return new ByteSink(64);
    }

    /** The three instrumentation metrics. */
    static ByteSink metrics() {
        ByteSink p = payload();
        p.uvarint(3);
        for (String[] m : new String[][] {{"calls", "Calls", "count"}, {"total_time", "Total time", "nanos"},
                {"self_time", "Self time", "nanos"}}) {
            p.string(m[0]);
            p.string(m[1]);
            p.string(m[2]);
            p.uvarint(m[0].equals("total_time") ? 1 : 0);
        }
        return p;
    }

    /**
     * A 2.0 node record with its true extent: method field (0 for a root, id + 1 otherwise), values, then the
     * children's records.
     */
    static ByteSink node(long methodField, long[] values, ByteSink... children) {
        ByteSink body = bodyOf(methodField, values, children.length, children);
        return withExtent(body.size(), body);
    }

    /** As {@link #node}, with an extent that may lie. */
    static ByteSink nodeWithExtent(long extent, long methodField, long[] values, ByteSink... children) {
        return withExtent(extent, bodyOf(methodField, values, children.length, children));
    }

    /** As {@link #node}, with a child count that may lie. */
    static ByteSink nodeWithCount(long count, long methodField, long[] values, ByteSink... children) {
        ByteSink body = bodyOf(methodField, values, count, children);
        return withExtent(body.size(), body);
    }

    private static ByteSink bodyOf(long methodField, long[] values, long count, ByteSink... children) {
        ByteSink body = payload();
        body.uvarint(methodField);
        for (long v : values) body.svarint(v);
        body.uvarint(count);
        for (ByteSink c : children) body.bytes(c.array(), 0, c.size());
        return body;
    }

    private static ByteSink withExtent(long extent, ByteSink body) {
        ByteSink record = payload();
        record.uvarint(extent);
        record.bytes(body.array(), 0, body.size());
        return record;
    }

    /** A 2.0 THRD payload: thread id, name, node count, the root's record. */
    static ByteSink thread2(long id, String name, long nodeCount, ByteSink root) {
        ByteSink p = payload();
        p.svarint(id);
        p.string(name);
        p.uvarint(nodeCount);
        p.bytes(root.array(), 0, root.size());
        return p;
    }

    /** Calls, total, self: the values of a node under {@link #metrics()}. */
    static long[] values(long calls, long total, long self) {
        return new long[] {calls, total, self};
    }

    /** One method, a.B.c()V. */
    static ByteSink methods() {
        ByteSink p = payload();
        p.uvarint(1);
        p.string("a.B");
        p.string("c");
        p.string("()V");
        return p;
    }
}
