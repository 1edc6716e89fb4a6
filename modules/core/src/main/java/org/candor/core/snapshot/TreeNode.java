package org.candor.core.snapshot;

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
    private final int minRecord;

    private long offset;
    private long end;
    private int method;
    private int childCount;
    private long firstChild;
    /** Where the varint being read starts; the cursor of the record being read. */
    private long p;

    TreeNode(SnapshotBytes bytes, int storedMetrics, int methodCount, int[] columns) {
        this.bytes = bytes;
        this.storedMetrics = storedMetrics;
        this.methodCount = methodCount;
        this.columns = columns;
        this.stored = new long[storedMetrics];
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
    public long value(int metric) { return stored[columns[metric]]; }
    public int childCount() { return childCount; }
    /** Where the first child's record starts (the record's end when it has none). */
    public long firstChild() { return firstChild; }

    /**
     * Reads the record at {@code at}, which must end by {@code limit} (its parent's end, or its thread's section's).
     *
     * @param root whether the record is a thread's root (method field 0) or any other node (method id + 1)
     */
    void read(long at, long limit, boolean root) throws SnapshotFormatException {
        offset = at;
        p = at;
        long extent = uvarint(limit);
        if (extent > limit - p) {
            throw corrupt("the node at offset " + at + " claims " + Long.toUnsignedString(extent)
                    + " bytes, the record around it ends at " + limit);
        }
        end = p + extent;
        long m = uvarint(end);
        if (root) {
            if (m != 0) throw corrupt("the root at offset " + at + " names method " + (m - 1) + "; a root has none (0)");
            method = -1;
        } else {
            if (m == 0 || m > methodCount) {
                throw corrupt("the node at offset " + at + " refers to method " + (m == 0 ? "none (0 is the root's)"
                        : Long.toUnsignedString(m - 1) + ", the method table has " + methodCount));
            }
            method = (int) (m - 1);
        }
        for (int k = 0; k < storedMetrics; k++) stored[k] = Varints.unzigzag(uvarint(end));
        long count = uvarint(end);
        if (count > (end - p) / minRecord) {
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
    long skip(long at, long limit) throws SnapshotFormatException {
        offset = at;
        p = at;
        long extent = uvarint(limit);
        if (extent > limit - p) {
            throw corrupt("the node at offset " + at + " claims " + Long.toUnsignedString(extent)
                    + " bytes, the record around it ends at " + limit);
        }
        return p + extent;
    }

    /** After the last child: the children's records must end exactly where the parent's does. */
    static void checkChildrenEnd(SnapshotBytes bytes, long childrenEnd, long parentOffset, long parentEnd)
            throws SnapshotFormatException {
        if (childrenEnd != parentEnd) {
            throw new SnapshotFormatException(bytes.name(), "is corrupt: the children of the node at offset "
                    + parentOffset + " end at " + childrenEnd + ", its extent says " + parentEnd);
        }
    }

    private long uvarint(long limit) throws SnapshotFormatException {
        long q = p;
        if (q < limit) {
            int x = bytes.get(q);
            if (x >= 0) { // one byte: the usual case
                p = q + 1;
                return x;
            }
        }
        long v = 0;
        for (int shift = 0; ; shift += 7) {
            if (q >= limit) throw corrupt("a varint at offset " + p + " runs past the end of the node at offset " + offset);
            int x = bytes.get(q++);
            if (shift == 63 && (x & 0xFE) != 0) throw corrupt("a varint at offset " + p + " overflows 64 bits");
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                p = q;
                return v;
            }
        }
    }

    private SnapshotFormatException corrupt(String detail) {
        return new SnapshotFormatException(bytes.name(), "is corrupt: " + detail);
    }
}
