package org.candor.core.snapshot;

import java.nio.charset.StandardCharsets;

/** Constants of the snapshot file format; docs/formats/snapshot.md is the specification. */
public final class SnapshotFormat {

    /** The version writers write. */
    public static final int MAJOR_VERSION = 2;
    public static final int MINOR_VERSION = 0;
    /** The oldest major version readers still read: 1.x files keep their pre-order trees with climbs. */
    public static final int OLDEST_READABLE_MAJOR = 1;
    public static final String FILE_EXTENSION = ".candor";

    /** "CANDOR", NUL, "S". */
    static final byte[] MAGIC = {'C', 'A', 'N', 'D', 'O', 'R', 0, 'S'};
    /** Magic, major version (u16), minor version (u16). */
    static final int HEADER_SIZE = 12;
    /** Tag (4 bytes) and payload length (u64). */
    static final int SECTION_HEADER_SIZE = 12;
    /** The END section: its header and the CRC32C (u32). */
    static final int TRAILER_SIZE = SECTION_HEADER_SIZE + 4;

    static final int TAG_INFO = tag("INFO");
    static final int TAG_METRICS = tag("MTRC");
    static final int TAG_METHODS = tag("MTHD");
    static final int TAG_THREAD = tag("THRD");
    static final int TAG_STATS = tag("STAT");
    /** 2.0: a thread's exact per-method figures, after its THRD section. */
    static final int TAG_FLAT = tag("FLAT");
    /** A checkpoint continuation's changes of one thread, in node order, in place of its THRD (4.1). */
    static final int TAG_CHANGES = tag("CHNG");
    static final int TAG_END = tag("END!");

    static final int METRIC_FLAG_INCLUSIVE = 1;

    /** Sections are read into one array, so no file may exceed what an array holds. */
    static final int MAX_FILE_SIZE = Integer.MAX_VALUE - 8;

    private SnapshotFormat() {}

    static int tag(String name) {
        byte[] b = name.getBytes(StandardCharsets.US_ASCII);
        return (b[0] & 0xFF) << 24 | (b[1] & 0xFF) << 16 | (b[2] & 0xFF) << 8 | (b[3] & 0xFF);
    }

    /** The tag as text when it is printable ASCII, else as hex. */
    static String tagName(int tag) {
        if (!isPrintableTag(tag)) return String.format("0x%08X", tag);
        StringBuilder s = new StringBuilder(4);
        for (int shift = 24; shift >= 0; shift -= 8) s.append((char) ((tag >>> shift) & 0xFF));
        return s.toString();
    }

    /** Whether all 4 bytes of the tag are printable ASCII (20 to 7E). */
    static boolean isPrintableTag(int tag) {
        for (int shift = 24; shift >= 0; shift -= 8) {
            int c = (tag >>> shift) & 0xFF;
            if (c < 0x20 || c > 0x7E) return false;
        }
        return true;
    }
}
