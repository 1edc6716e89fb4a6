package org.candor.core.snapshot;

import java.nio.charset.StandardCharsets;

/**
 * Reads one section's payload with the decoders of the snapshot format. Every read is bounded by the payload's
 * end; a problem becomes a {@link SnapshotFormatException} that names the file, section and offset.
 */
final class ByteSource {

    private final byte[] buf;
    private final int end;
    private final String source;
    private final String section;
    private final int sectionOffset;
    private int pos;

    ByteSource(byte[] buf, int offset, int length, String source, String section) {
        this.buf = buf;
        this.pos = offset;
        this.end = offset + length;
        this.source = source;
        this.section = section;
        this.sectionOffset = offset;
    }

    int remaining() { return end - pos; }

    long uvarint() throws SnapshotFormatException {
        byte[] b = buf;
        int p = pos;
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p >= end) throw corrupt("a varint at offset " + pos + " runs past the end of the section");
            int x = b[p++];
            if (shift == 63 && (x & 0xFE) != 0) throw corrupt("a varint at offset " + pos + " overflows 64 bits");
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                pos = p;
                return v;
            }
        }
        throw corrupt("a varint at offset " + pos + " is longer than 10 bytes");
    }

    long svarint() throws SnapshotFormatException {
        long z = uvarint();
        return (z >>> 1) ^ -(z & 1);
    }

    /**
     * A count of items that each take at least {@code minBytesEach} bytes, so a corrupt count is caught before
     * anything is allocated for it.
     */
    int count(int minBytesEach, String what) throws SnapshotFormatException {
        return count(minBytesEach, 0, what);
    }

    /** As {@link #count(int, String)}, where up to {@code mayBeEmpty} of the items may take no bytes. */
    int count(int minBytesEach, int mayBeEmpty, String what) throws SnapshotFormatException {
        int at = pos;
        long n = uvarint();
        if (n < 0 || n - mayBeEmpty > remaining() / Math.max(1, minBytesEach)) {
            throw corrupt("the " + what + " count " + Long.toUnsignedString(n) + " at offset " + at
                    + " cannot fit in the " + remaining() + " bytes left");
        }
        return (int) n;
    }

    String string() throws SnapshotFormatException {
        int at = pos;
        long len = uvarint();
        if (len > remaining()) {
            throw corrupt("a string at offset " + at + " claims " + Long.toUnsignedString(len) + " bytes, "
                    + remaining() + " are left");
        }
        String s = new String(buf, pos, (int) len, StandardCharsets.UTF_8);
        pos += (int) len;
        return s;
    }

    SnapshotFormatException corrupt(String detail) {
        return new SnapshotFormatException(source,
                "is corrupt: section " + section + " at offset " + sectionOffset + ": " + detail);
    }
}
