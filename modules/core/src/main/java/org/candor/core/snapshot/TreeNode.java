package org.candor.core.snapshot;

import java.io.IOException;

/**
 * One node record of a 2.x tree, read in place from a {@link SnapshotFile}: a cursor that is filled again by each
 * {@link SnapshotFile#read read}, so that walking a tree allocates nothing per node. A record is {@code uvarint
 * extent, uvarint method + 1, M × svarint values, uvarint child count}, then its children's records; {@link #end}
 * is where the record ends, descendants included, and so where its next sibling starts.
 */
public final class TreeNode {

    private final SnapshotBytes bytes;
    private final int storedMetrics;
    private final int methodCount;
    private final int[] columns;
    private final long[] stored;
    private final boolean[] decode;
    private final int minRecord;

    private long offset;
    private long end;
    private int method;
    private int childCount;
    private long firstChild;
    /** Where the varint being read starts; the cursor of the record being read. */
    private long p;
    /** The page the cursor is in. */
    private byte[] pageData = new byte[0];
    private long pageStart;
    private int pageLength;

    TreeNode(SnapshotBytes bytes, int storedMetrics, int methodCount, int[] columns) {
        this.bytes = bytes;
        this.storedMetrics = storedMetrics;
        this.methodCount = methodCount;
        this.columns = columns;
        this.stored = new long[storedMetrics];
        this.decode = new boolean[storedMetrics];
        java.util.Arrays.fill(decode, true);
        this.minRecord = 3 + storedMetrics;
    }

    /** Where the record starts. */
    public long offset() { return offset; }
    /** Where the record ends, its descendants included: its next sibling's offset. */
    public long end() { return end; }
    /** The method table id; -1 for a thread's root. */
    public int method() { return method; }
    public boolean isRoot() { return method < 0; }
    /** The value of the metric with this index (of the file's, or its view's, metrics). */
    public long value(int metric) {
        int column = columns[metric];
        if (!decode[column]) throw new IllegalStateException("metric " + metric + " is not read by this cursor");
        return stored[column];
    }

    /**
     * Makes this cursor decode only these metrics' values (the others are skipped, and {@link #value} refuses
     * them): a walk that sorts by one value reads a little faster.
     */
    public TreeNode onlyValues(int... metrics) {
        java.util.Arrays.fill(decode, false);
        for (int m : metrics) decode[columns[m]] = true;
        return this;
    }
    public int childCount() { return childCount; }
    /** Where the first child's record starts (the record's end when it has none). */
    public long firstChild() { return firstChild; }

    /**
     * Reads the record at {@code at}, which must end by {@code limit} (its parent's end, or its thread's section's).
     *
     * @param root whether the record is a thread's root (method field 0) or any other node (method id + 1)
     */
    void read(long at, long limit, boolean root) throws IOException {
        end = skip(at, limit);  // leaves p after the extent
        long m = uvarint(end);
        if (root) {
            if (m != 0) throw corrupt("the root at offset " + at + " names method " + Long.toUnsignedString(m - 1) + "; a root has none (0)");
            method = -1;
        } else {
            if (m == 0 || Long.compareUnsigned(m, methodCount) > 0) { // unsigned: a field of 2^63 or more is no id
                throw corrupt("the node at offset " + at + " refers to method " + (m == 0 ? "none (0 is the root's)"
                        : Long.toUnsignedString(m - 1) + ", the method table has " + methodCount));
            }
            method = (int) (m - 1);
        }
        for (int k = 0; k < storedMetrics; k++) {
            if (decode[k]) stored[k] = Varints.unzigzag(uvarint(end));
            else skipVarint(end);
        }
        long count = uvarint(end);
        if (Long.compareUnsigned(count, (end - p) / minRecord) > 0) {
            throw corrupt("the child count " + Long.toUnsignedString(count) + " of the node at offset " + at
                    + " cannot fit in the " + (end - p) + " bytes left in its record");
        }
        if (count == 0 && p != end) {
            throw corrupt("the node at offset " + at + " has no children, but its extent leaves " + (end - p)
                    + " bytes after its fields");
        }
        childCount = (int) count;
        firstChild = p;
    }

    /** The end of the record at {@code at} from its extent alone, which must end by {@code limit}. */
    long skip(long at, long limit) throws IOException {
        offset = at;
        p = at;
        long extent = uvarint(limit);
        if (Long.compareUnsigned(extent, limit - p) > 0) {
            throw corrupt("the node at offset " + at + " claims " + Long.toUnsignedString(extent)
                    + " bytes, the record around it ends at " + limit);
        }
        return p + extent;
    }

    /** After the last child: the children's records must end exactly where the parent's does. */
    static void checkChildrenEnd(SnapshotBytes bytes, long childrenEnd, long parentOffset, long parentEnd)
            throws IOException {
        if (childrenEnd != parentEnd) {
            throw new SnapshotFormatException(bytes.name(), "is corrupt: the children of the node at offset "
                    + parentOffset + " end at " + childrenEnd + ", its extent says " + parentEnd);
        }
    }

    /**
     * An unsigned varint at {@link #p} that must end by {@code limit}. Decoded straight from the page array when
     * its ten bytes at most are in the page, which is nearly always; byte by byte across a page boundary.
     */
    private long uvarint(long limit) throws IOException {
        long q = p;
        if (q >= limit) throw corrupt("a varint at offset " + q + " runs past the end of the node at offset " + offset);
        long in = q - pageStart;
        if (in < 0 || in >= pageLength) {
            loadPage(q);
            in = q - pageStart;
        }
        int i = (int) in;
        if (i + 10 <= pageLength) {
            byte[] d = pageData;
            int i0 = i;
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                int x = d[i++];
                if (shift == 63 && (x & 0xFE) != 0) throw corrupt("a varint at offset " + q + " overflows 64 bits");
                v |= (long) (x & 0x7F) << shift;
                if (x >= 0) break;
            }
            long next = q + (i - i0);
            if (next > limit) throw corrupt("a varint at offset " + q + " runs past the end of the node at offset " + offset);
            p = next;
            return v;
        }
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            if (q >= limit) throw corrupt("a varint at offset " + p + " runs past the end of the node at offset " + offset);
            int x = byteAt(q++);
            if (shift == 63 && (x & 0xFE) != 0) throw corrupt("a varint at offset " + p + " overflows 64 bits");
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                p = q;
                return v;
            }
        }
    }

    /** Steps over a varint at {@link #p} that must end by {@code limit}, checked as {@link #uvarint} checks it. */
    private void skipVarint(long limit) throws IOException {
        long q = p;
        long in = q - pageStart;
        if (q < limit && in >= 0 && in + 10 <= pageLength) {
            byte[] d = pageData;
            int i = (int) in;
            int last = i + 9;
            while (d[i] < 0 && i < last) i++;
            if (d[i] >= 0 && (i < last || (d[i] & 0xFE) == 0)) {
                long next = q + (i - (int) in) + 1;
                if (next <= limit) {
                    p = next;
                    return;
                }
            }
        }
        uvarint(limit); // the rare and the wrong: the full decoder says what is wrong
    }

    private int byteAt(long pos) throws IOException {
        long in = pos - pageStart;
        if (in < 0 || in >= pageLength) {
            loadPage(pos);
            in = pos - pageStart;
        }
        return pageData[(int) in];
    }

    private void loadPage(long pos) throws IOException {
        SnapshotBytes.Page page = bytes.pageAt(pos);
        pageData = page.data;
        pageStart = page.start;
        pageLength = page.length;
    }

    private SnapshotFormatException corrupt(String detail) {
        return new SnapshotFormatException(bytes.name(), "is corrupt: " + detail);
    }
}
