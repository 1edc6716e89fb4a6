package org.candor.core.snapshot;

import java.io.IOException;

import java.nio.charset.StandardCharsets;

/**
 * Reads one section's payload with the decoders of the snapshot format. Every read is bounded by the payload's
 * end; a problem becomes a {@link SnapshotFormatException} that names the file, section and offset.
 */
final class ByteSource {

    private final SnapshotBytes bytes;
    private final PageReader reader;
    private final long end;
    private final String section;
    private final long sectionOffset;
    private long pos;

    ByteSource(SnapshotBytes bytes, Section s) {
        this(bytes, s, s.payload);
    }

    /** The bytes of section {@code s} from {@code offset} on (messages still name the section's payload offset). */
    ByteSource(SnapshotBytes bytes, Section s, long offset) {
        this.bytes = bytes;
        this.reader = new PageReader(bytes);
        this.pos = offset;
        this.end = s.end();
        this.section = s.name();
        this.sectionOffset = s.payload;
    }

    long position() { return pos; }
    long end() { return end; }
    long remaining() { return end - pos; }

    long uvarint() throws IOException {
        long p = pos;
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (p >= end) throw corrupt("a varint at offset " + pos + " runs past the end of the section");
            int x = reader.get(p++);
            if (shift == 63 && (x & 0xFE) != 0) throw corrupt("a varint at offset " + pos + " overflows 64 bits");
            v |= (long) (x & 0x7F) << shift;
            if (x >= 0) {
                pos = p;
                return v;
            }
        }
        throw corrupt("a varint at offset " + pos + " is longer than 10 bytes");
    }

    long svarint() throws IOException {
        return Varints.unzigzag(uvarint());
    }

    /**
     * A count of items that each take at least {@code minBytesEach} bytes, so a corrupt count is caught before
     * anything is allocated for it.
     */
    int count(int minBytesEach, String what) throws IOException {
        return count(minBytesEach, 0, what);
    }

    /** As {@link #count(int, String)}, where up to {@code mayBeEmpty} of the items may take no bytes. */
    int count(int minBytesEach, int mayBeEmpty, String what) throws IOException {
        long at = pos;
        long n = uvarint();
        if (n < 0 || n - mayBeEmpty > remaining() / Math.max(1, minBytesEach) || n > Integer.MAX_VALUE) {
            throw corrupt("the " + what + " count " + Long.toUnsignedString(n) + " at offset " + at
                    + " cannot fit in the " + remaining() + " bytes left");
        }
        return (int) n;
    }

    String string() throws IOException {
        long at = pos;
        long len = uvarint();
        if (len < 0 || len > remaining()) {
            throw corrupt("a string at offset " + at + " claims " + Long.toUnsignedString(len) + " bytes, "
                    + remaining() + " are left");
        }
        if (len > Integer.MAX_VALUE - 8) throw corrupt("a string at offset " + at + " claims " + len + " bytes, more than a string holds");
        byte[] utf8 = new byte[(int) len];
        bytes.copy(pos, utf8, 0, utf8.length);
        pos += len;
        return new String(utf8, StandardCharsets.UTF_8);
    }

    SnapshotFormatException corrupt(String detail) {
        return new SnapshotFormatException(bytes.name(),
                "is corrupt: section " + section + " at offset " + sectionOffset + ": " + detail);
    }
}
