package org.candor.core.snapshot;

import java.io.IOException;

import static org.candor.core.snapshot.SnapshotFormat.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Checks a snapshot's header, checksum and framing, and lists its sections, before any payload is decoded. The
 * order of the checks decides which problem a damaged file reports: magic, then version, then checksum (so a
 * flipped byte reads as corruption, not as some odd field), then the framing (a file cut short has no valid trailer,
 * and the framing shows where it ends).
 */
final class SnapshotSections {

    final int major;
    final int minor;
    /**
     * Every section of a known tag but END, in file order. Sections of unknown tags (of a later minor version) are
     * skipped as they are found, so the list grows with the file's threads, not with its bytes.
     */
    final List<Section> sections;
    /** Where the part starts (its header) and ends (past its END section): the whole file unless it has continuations. */
    final long start;
    final long end;

    private SnapshotSections(int major, int minor, List<Section> sections, long start, long end) {
        this.major = major;
        this.minor = minor;
        this.sections = Collections.unmodifiableList(sections);
        this.start = start;
        this.end = end;
    }

    /** A file of one part, checked in the order above; bytes after its END section are corruption. */
    static SnapshotSections read(SnapshotBytes bytes) throws IOException {
        int[] version = checkHeader(bytes);
        boolean checksumVerified = checkTrailer(bytes);
        return new SnapshotSections(version[0], version[1], walk(bytes, checksumVerified), 0, bytes.size());
    }

    /** A part whose framing {@code walk} found whole and whose checksum the caller verified. */
    static SnapshotSections part(int[] version, Walk walk, long start) {
        return new SnapshotSections(version[0], version[1], walk.sections, start, walk.end);
    }

    /** Whether the checksum in the END section of the part {@code walk} found matches the part's bytes. */
    static boolean checksumMatches(SnapshotBytes bytes, Walk walk, long start) throws IOException {
        return bytes.crc32c(start, walk.end - 4) == bytes.u32(walk.end - 4);
    }

    /**
     * Magic, then version: of the whole file, or of the first {@link SnapshotFormat#HEADER_SIZE} bytes of a stream,
     * which is not read on unless they are a snapshot's (a device such as /dev/zero never ends).
     *
     * @return major and minor version
     */
    static int[] checkHeader(SnapshotBytes bytes) throws IOException {
        long size = bytes.size();
        if (size == 0) throw fail(bytes, "is empty (0 bytes)");
        int prefix = (int) Math.min(size, MAGIC.length);
        for (int i = 0; i < prefix; i++) {
            if (bytes.get(i) != MAGIC[i]) throw fail(bytes, "is not a Candor snapshot (magic bytes are " + hex(bytes, prefix) + ")");
        }
        if (size < HEADER_SIZE) {
            throw fail(bytes, "is truncated: the header needs " + HEADER_SIZE + " bytes, the file ends at " + size);
        }
        int major = bytes.u16(MAGIC.length);
        int minor = bytes.u16(MAGIC.length + 2);
        if (major > MAJOR_VERSION) {
            throw fail(bytes, "was written by format version " + major + "." + minor + "; this Candor reads up to "
                    + MAJOR_VERSION + ".x");
        }
        if (major < OLDEST_READABLE_MAJOR) {
            throw fail(bytes, "was written by format version " + major + "." + minor + ", which this Candor no longer"
                    + " reads (it reads " + OLDEST_READABLE_MAJOR + ".x to " + MAJOR_VERSION + ".x)");
        }
        return new int[] {major, minor};
    }

    /** True when the file ends with an END section whose checksum matches; false when it has no such ending. */
    private static boolean checkTrailer(SnapshotBytes bytes) throws IOException {
        long size = bytes.size();
        if (size < HEADER_SIZE + TRAILER_SIZE) return false;
        long at = size - TRAILER_SIZE;
        if (bytes.u32(at) != TAG_END || bytes.u64(at + 4) != 4) return false;
        if (bytes.crc32c(0, size - 4) != bytes.u32(size - 4)) throw fail(bytes, "is corrupt: checksum mismatch");
        return true;
    }

    private static List<Section> walk(SnapshotBytes bytes, boolean checksumVerified) throws IOException {
        Walk w = walk(bytes, 0);
        if (w.problem != null) throw fail(bytes, (w.framing ? damaged(checksumVerified) : "is corrupt") + w.problem);
        if (w.end != bytes.size()) {
            throw fail(bytes, "is corrupt: " + (bytes.size() - w.end) + " bytes follow the END section at offset " + w.endSection);
        }
        return w.sections;
    }

    /**
     * What a walk of one part's framing found: its sections and where its END section is, or the first problem. A
     * walk stops at the first END section; whether bytes follow it is the caller's question (a checkpoint's
     * continuations do, docs/formats/snapshot.md, "Checkpoint continuations").
     */
    static final class Walk {
        final List<Section> sections = new ArrayList<>();
        /** Where the END section starts, and where it ends (past the checksum); -1 when there is a problem. */
        long endSection = -1;
        long end = -1;
        /** The problem, worded after "is truncated" or "is corrupt"; null when the part's framing is whole. */
        String problem;
        /** Whether the problem is one of a file cut short, or of a corrupt one whose checksum matched (see damaged). */
        boolean framing;

        private Walk fail(boolean cutShort, String what) {
            problem = what;
            framing = cutShort;
            return this;
        }
    }

    /**
     * Walks the framing of the part whose header starts at {@code start} (0 for a file's first part), up to its first
     * END section, without throwing: the part's layout, or its problem.
     */
    static Walk walk(SnapshotBytes bytes, long start) throws IOException {
        long size = bytes.size();
        Walk w = new Walk();
        long at = start + HEADER_SIZE;
        while (true) {
            if (at == size) return w.fail(true, ": the file ends at " + size + " without an END section");
            if (size - at < SECTION_HEADER_SIZE) {
                return w.fail(true, ": a section header needs " + SECTION_HEADER_SIZE + " bytes at offset " + at
                        + ", the file ends at " + size);
            }
            int tag = bytes.u32(at);
            if (!isPrintableTag(tag)) { // tags are 4 ASCII characters (2.2): control or non-ASCII bytes are no section's
                return w.fail(true, ": the section at offset " + at + " has the tag " + tagName(tag)
                        + ", not 4 printable ASCII characters");
            }
            long length = bytes.u64(at + 4);
            long payload = at + SECTION_HEADER_SIZE;
            if (length < 0 || length > size - payload) {
                return w.fail(true, ": section " + tagName(tag) + " needs " + Long.toUnsignedString(length)
                        + " bytes at offset " + payload + ", the file ends at " + size);
            }
            if (tag == TAG_END) {
                if (length != 4) return w.fail(false, ": the END section at offset " + at + " has length " + length + ", not 4");
                w.endSection = at;
                w.end = payload + 4;
                return w;
            }
            if (isKnown(tag)) w.sections.add(new Section(tag, at, payload, length));
            at = payload + length;
        }
    }

    private static boolean isKnown(int tag) {
        return tag == TAG_INFO || tag == TAG_METRICS || tag == TAG_METHODS || tag == TAG_THREAD || tag == TAG_FLAT
                || tag == TAG_STATS || tag == TAG_CHANGES;
    }

    private static String damaged(boolean checksumVerified) {
        // a file whose checksum matched was complete when written: its framing is wrong, not cut short
        return checksumVerified ? "is corrupt" : "is truncated";
    }

    static SnapshotFormatException fail(SnapshotBytes bytes, String problem) {
        return new SnapshotFormatException(bytes.name(), problem);
    }

    private static String hex(SnapshotBytes bytes, int count) throws IOException {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) s.append(' ');
            s.append(String.format("%02X", bytes.get(i) & 0xFF));
        }
        return s.toString();
    }
}
