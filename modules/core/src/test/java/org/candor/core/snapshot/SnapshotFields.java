package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * A valid snapshot (1.x or 2.0, as Candor's writers write them) taken apart into its varint fields as
 * docs/formats/snapshot.md lays them out, so that a fuzz test can set any one field to any value (a count of 2^64-1,
 * a climb of 2^63, a method id past the table) and put the file together again with everything else consistent: the
 * extents of a 2.0 tree's records around the changed field, the sections' lengths, the checksum. What the reader
 * then sees is exactly one field that lies.
 */
final class SnapshotFields {

    /** One varint field: where its bytes are, and what it is (for the description of a mutant). */
    static final class Field {
        final Chunk chunk;
        final int offset;
        final int length;
        final String what;

        Field(Chunk chunk, int offset, int length, String what) {
            this.chunk = chunk;
            this.offset = offset;
            this.length = length;
            this.what = what;
        }

        long value() {
            long v = 0;
            for (int i = 0; i < length; i++) v |= (long) (chunk.bytes[offset + i] & 0x7F) << (7 * i);
            return v;
        }
    }

    /** Bytes that a field may be spliced into. */
    static final class Chunk {
        byte[] bytes;

        Chunk(byte[] bytes) {
            this.bytes = bytes;
        }
    }

    /** A 2.0 node record: its own fields (method, values, child count), its children; the extent is computed. */
    static final class Node {
        final Chunk body;
        final List<Node> children = new ArrayList<>();
        /** Set to make the record lie about its size: an extent instead of the true one, or added to it. */
        Long extent;
        long extentDelta;

        Node(Chunk body) {
            this.body = body;
        }
    }

    private static final class Sec {
        final int tag;
        final Chunk flat;   // the payload, or the THRD head of a 2.0 tree
        final Node root;    // a 2.0 tree's root, else null
        final Chunk rest;   // bytes after the root's record

        Sec(int tag, Chunk flat, Node root, Chunk rest) {
            this.tag = tag;
            this.flat = flat;
            this.root = root;
            this.rest = rest;
        }
    }

    private final byte[] header;
    private final List<Sec> sections = new ArrayList<>();
    private final List<Field> fields = new ArrayList<>();
    private final List<Node> nodes = new ArrayList<>();

    SnapshotFields(byte[] file) {
        header = Arrays.copyOf(file, HEADER_SIZE);
        int major = (file[8] & 0xFF) << 8 | (file[9] & 0xFF);
        ByteBuffer b = ByteBuffer.wrap(file);
        int metrics = 0;
        for (int at = HEADER_SIZE; at < file.length - TRAILER_SIZE; ) {
            int tag = b.getInt(at);
            int length = (int) b.getLong(at + 4);
            byte[] payload = Arrays.copyOfRange(file, at + SECTION_HEADER_SIZE, at + SECTION_HEADER_SIZE + length);
            at += SECTION_HEADER_SIZE + length;
            Cursor c = new Cursor(new Chunk(payload), tagName(tag));
            if (tag == TAG_METRICS) {
                metrics = (int) c.varint("metric count");
                for (int i = 0; i < metrics; i++) {
                    c.strings(3);
                    c.varint("metric flags");
                }
            } else if (tag == TAG_INFO || tag == TAG_STATS) {
                long n = c.varint("count");
                for (int i = 0; i < n; i++) {
                    c.strings(1);
                    if (tag == TAG_INFO) c.strings(1); else c.varint("statistic");
                }
            } else if (tag == TAG_METHODS) {
                long n = c.varint("method count");
                for (int i = 0; i < n; i++) c.strings(3);
            } else if (tag == TAG_FLAT) {
                c.varint("thread id");
                long n = c.varint("row count");
                for (int i = 0; i < n; i++) {
                    c.varint("row method");
                    for (int k = 0; k < metrics; k++) c.varint("row value");
                }
            } else if (tag == TAG_THREAD && major == 1) {
                c.varint("thread id");
                c.strings(1);
                long n = c.varint("node count");
                for (int k = 0; k < metrics; k++) c.varint("root value");
                for (int i = 1; i < n; i++) {
                    c.varint("climb");
                    c.varint("method id");
                    for (int k = 0; k < metrics; k++) c.varint("value");
                }
            } else if (tag == TAG_THREAD) {
                int headLength = varintLength(payload, 0);
                headLength += varintLength(payload, headLength) + (int) valueAt(payload, headLength); // the name
                headLength += varintLength(payload, headLength);
                Cursor h = new Cursor(new Chunk(Arrays.copyOf(payload, headLength)), c.section);
                h.varint("thread id");
                h.strings(1);
                h.varint("node count");
                Chunk head = h.chunk;
                int[] p = {headLength};
                Node root = node(payload, p, metrics, c.section);
                sections.add(new Sec(tag, head, root, new Chunk(Arrays.copyOfRange(payload, p[0], payload.length))));
                continue;
            }
            sections.add(new Sec(tag, c.chunk, null, null));
        }
    }

    /** Parses the 2.0 record at p[0] and its children, without recursion's limits mattering at test sizes. */
    private Node node(byte[] payload, int[] p, int metrics, String section) {
        int extentLength = varintLength(payload, p[0]);
        int bodyStart = p[0] + extentLength;
        Cursor c = new Cursor(new Chunk(payload), section);
        c.p = bodyStart;
        c.skip();
        for (int k = 0; k < metrics; k++) c.skip();
        long children = c.skipAndGet();
        Chunk body = new Chunk(Arrays.copyOfRange(payload, bodyStart, c.p));
        Node n = new Node(body);
        nodes.add(n);
        int id = nodes.size() - 1;
        int q = 0;
        fields.add(new Field(body, q, varintLength(body.bytes, q), section + " node " + id + " method field"));
        q += varintLength(body.bytes, q);
        for (int k = 0; k < metrics; k++) {
            fields.add(new Field(body, q, varintLength(body.bytes, q), section + " node " + id + " value " + k));
            q += varintLength(body.bytes, q);
        }
        fields.add(new Field(body, q, varintLength(body.bytes, q), section + " node " + id + " child count"));
        p[0] = c.p;
        for (int i = 0; i < children; i++) n.children.add(node(payload, p, metrics, section));
        return n;
    }

    List<Field> fields() { return fields; }
    List<Node> nodes() { return nodes; }

    /** Writes {@code value} over the field, in as many bytes as it takes. */
    static void set(Field f, long value) {
        ByteSink v = new ByteSink(10);
        v.uvarint(value);
        byte[] old = f.chunk.bytes;
        byte[] b = new byte[old.length - f.length + v.size()];
        System.arraycopy(old, 0, b, 0, f.offset);
        System.arraycopy(v.array(), 0, b, f.offset, v.size());
        System.arraycopy(old, f.offset + f.length, b, f.offset + v.size(), old.length - f.offset - f.length);
        f.chunk.bytes = b;
    }

    /** The file, framed, extents computed (but where set), checksum made. */
    byte[] toBytes() {
        ByteSink out = new ByteSink(1 << 12);
        out.bytes(header, 0, header.length);
        for (Sec s : sections) {
            ByteSink payload = new ByteSink(256);
            payload.bytes(s.flat.bytes, 0, s.flat.bytes.length);
            if (s.root != null) {
                write(s.root, payload);
                payload.bytes(s.rest.bytes, 0, s.rest.bytes.length);
            }
            out.u32(s.tag);
            out.u64(payload.size());
            out.bytes(payload.array(), 0, payload.size());
        }
        out.u32(TAG_END);
        out.u64(4);
        CRC32C crc = new CRC32C();
        crc.update(out.array(), 0, out.size());
        out.u32((int) crc.getValue());
        return Arrays.copyOf(out.array(), out.size());
    }

    private static void write(Node n, ByteSink out) {
        ByteSink record = new ByteSink(64);
        record.bytes(n.body.bytes, 0, n.body.bytes.length);
        for (Node c : n.children) write(c, record);
        out.uvarint(n.extent != null ? n.extent : record.size() + n.extentDelta);
        out.bytes(record.array(), 0, record.size());
    }

    private static long valueAt(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < varintLength(b, at); i++) v |= (long) (b[at + i] & 0x7F) << (7 * i);
        return v;
    }

    private static int varintLength(byte[] b, int at) {
        int i = at;
        while (b[i] < 0) i++;
        return i - at + 1;
    }

    /** Reads a payload's varints in order, listing each as a field. */
    private final class Cursor {
        final Chunk chunk;
        final String section;
        int p;

        Cursor(Chunk chunk, String section) {
            this.chunk = chunk;
            this.section = section;
        }

        long varint(String what) {
            int n = varintLength(chunk.bytes, p);
            Field f = new Field(chunk, p, n, section + " " + what);
            fields.add(f);
            p += n;
            return f.value();
        }

        void strings(int count) {
            for (int i = 0; i < count; i++) {
                long length = varint("string length");
                p += (int) length;
            }
        }

        void skip() {
            p += varintLength(chunk.bytes, p);
        }

        long skipAndGet() {
            Field f = new Field(chunk, p, varintLength(chunk.bytes, p), "");
            skip();
            return f.value();
        }
    }
}
