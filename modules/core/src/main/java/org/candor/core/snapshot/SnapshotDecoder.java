package org.candor.core.snapshot;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;

/**
 * Checks a snapshot file held in memory, then decodes it. The order of the checks decides which problem a damaged
 * file reports: magic, then version, then checksum (so a flipped byte reads as corruption, not as some odd
 * field), then the section framing (a file cut short has no valid trailer, and the framing shows where it ends).
 */
final class SnapshotDecoder {

    private final byte[] bytes;
    private final int size;
    private final String source;

    private SnapshotDecoder(byte[] bytes, int size, String source) {
        this.bytes = bytes;
        this.size = size;
        this.source = source;
    }

    static Snapshot decode(byte[] bytes, int size, String source) throws SnapshotFormatException {
        return new SnapshotDecoder(bytes, size, source).decode();
    }

    private Snapshot decode() throws SnapshotFormatException {
        checkHeader();
        boolean checksumVerified = checkTrailer();
        return decodeSections(checksumVerified);
    }

    private void checkHeader() throws SnapshotFormatException {
        if (size == 0) throw fail("is empty (0 bytes)");
        int prefix = Math.min(size, MAGIC.length);
        for (int i = 0; i < prefix; i++) {
            if (bytes[i] != MAGIC[i]) throw fail("is not a Candor snapshot (magic bytes are " + hex(prefix) + ")");
        }
        if (size < HEADER_SIZE) {
            throw fail("is truncated: the header needs " + HEADER_SIZE + " bytes, the file ends at " + size);
        }
        int major = u16(MAGIC.length);
        int minor = u16(MAGIC.length + 2);
        if (major > MAJOR_VERSION) {
            throw fail("was written by format version " + major + "." + minor + "; this Candor reads up to "
                    + MAJOR_VERSION + ".x");
        }
        if (major < MAJOR_VERSION) {
            throw fail("was written by format version " + major + "." + minor + ", which this Candor no longer reads"
                    + " (it reads " + MAJOR_VERSION + ".x)");
        }
    }

    /** True when the file ends with an END section whose checksum matches; false when it has no such ending. */
    private boolean checkTrailer() throws SnapshotFormatException {
        if (size < HEADER_SIZE + TRAILER_SIZE) return false;
        int at = size - TRAILER_SIZE;
        if (u32(at) != TAG_END || u64(at + 4) != 4) return false;
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, size - 4);
        if ((int) crc.getValue() != u32(size - 4)) throw fail("is corrupt: checksum mismatch");
        return true;
    }

    private Snapshot decodeSections(boolean checksumVerified) throws SnapshotFormatException {
        SnapshotInfo info = new SnapshotInfo();
        Metric[] metrics = null;
        MethodTable methods = null;
        List<ThreadProfile> threads = new ArrayList<>();
        Map<String, Long> stats = null;
        boolean infoSeen = false;
        int at = HEADER_SIZE;
        while (true) {
            if (at == size) {
                throw fail(damaged(checksumVerified) + ": the file ends at " + size + " without an END section");
            }
            if (size - at < SECTION_HEADER_SIZE) {
                throw fail(damaged(checksumVerified) + ": a section header needs " + SECTION_HEADER_SIZE
                        + " bytes at offset " + at + ", the file ends at " + size);
            }
            int tag = u32(at);
            long length = u64(at + 4);
            int payload = at + SECTION_HEADER_SIZE;
            if (length < 0 || length > size - payload) {
                throw fail(damaged(checksumVerified) + ": section " + tagName(tag) + " needs "
                        + Long.toUnsignedString(length) + " bytes at offset " + payload + ", the file ends at " + size);
            }
            if (tag == TAG_END) {
                if (length != 4) {
                    throw fail("is corrupt: the END section at offset " + at + " has length " + length + ", not 4");
                }
                if (payload + 4 != size) {
                    throw fail("is corrupt: " + (size - payload - 4) + " bytes follow the END section at offset " + at);
                }
                break;
            }
            ByteSource in = new ByteSource(bytes, payload, (int) length, source, tagName(tag));
            if (tag == TAG_INFO) {
                if (infoSeen) throw repeated(tag, at);
                SectionDecoders.info(in, info);
                infoSeen = true;
            } else if (tag == TAG_METRICS) {
                if (metrics != null) throw repeated(tag, at);
                metrics = SectionDecoders.metrics(in);
            } else if (tag == TAG_METHODS) {
                if (methods != null) throw repeated(tag, at);
                methods = SectionDecoders.methods(in);
            } else if (tag == TAG_THREAD) {
                if (metrics == null || methods == null) {
                    throw fail("is corrupt: section THRD at offset " + at
                            + " comes before the MTRC and MTHD sections it needs");
                }
                threads.add(SectionDecoders.thread(in, metrics.length, methods.size()));
            } else if (tag == TAG_STATS) {
                if (stats != null) throw repeated(tag, at);
                stats = SectionDecoders.stats(in);
            }
            // any other tag is a section of a later minor version: skipped
            at = payload + (int) length;
        }
        if (metrics == null) throw fail("is corrupt: it has no MTRC section");
        if (methods == null) throw fail("is corrupt: it has no MTHD section");
        Snapshot snapshot = new Snapshot(info, Arrays.asList(metrics), methods);
        for (ThreadProfile t : threads) snapshot.addThread(t);
        if (stats != null) stats.forEach(snapshot::putStat);
        return snapshot;
    }

    private static String damaged(boolean checksumVerified) {
        // a file whose checksum matched was complete when written: its framing is wrong, not cut short
        return checksumVerified ? "is corrupt" : "is truncated";
    }

    private SnapshotFormatException repeated(int tag, int at) {
        return fail("is corrupt: section " + tagName(tag) + " at offset " + at + " appears a second time");
    }

    private SnapshotFormatException fail(String problem) {
        return new SnapshotFormatException(source, problem);
    }

    private String hex(int count) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) s.append(' ');
            s.append(String.format("%02X", bytes[i] & 0xFF));
        }
        return s.toString();
    }

    private int u16(int at) {
        return (bytes[at] & 0xFF) << 8 | (bytes[at + 1] & 0xFF);
    }

    private int u32(int at) {
        return u16(at) << 16 | u16(at + 2);
    }

    private long u64(int at) {
        return (long) u32(at) << 32 | (u32(at + 4) & 0xFFFFFFFFL);
    }
}
