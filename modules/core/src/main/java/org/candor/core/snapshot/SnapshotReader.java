package org.candor.core.snapshot;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.candor.core.model.Snapshot;

/**
 * Reads a snapshot whole into the object model: every version from 1.0 to the current major, any minor version,
 * skipping sections it does not know. A file that is not a readable snapshot gives a {@link
 * SnapshotFormatException} with a one-line message, one too large for the heap a {@link SnapshotTooLargeException};
 * I/O failures (a missing file, a read error) stay ordinary {@link IOException}s. To read a snapshot without
 * building its trees, use {@link SnapshotFile}.
 */
public final class SnapshotReader {

    private SnapshotReader() {}

    public static Snapshot read(Path file) throws IOException {
        String name = file.toString();
        if (!Files.isRegularFile(file) && Files.exists(file)) {
            try (InputStream in = Files.newInputStream(file)) { // a pipe or device: its size says nothing
                return read(in, name);
            }
        }
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        // read in pages, not copied whole: the heap is for the trees
        try (SnapshotBytes bytes = SnapshotBytes.of(channel, channel.size(), name)) {
            return SnapshotDecoder.decode(bytes);
        }
    }

    /** Reads a whole snapshot from a stream, which is left open; {@code sourceName} names it in messages. */
    public static Snapshot read(InputStream in, String sourceName) throws IOException {
        byte[] b = readAll(in, sourceName);
        return SnapshotDecoder.decode(SnapshotBytes.of(b, b.length, sourceName));
    }

    /** Decodes a snapshot held in memory. */
    public static Snapshot read(byte[] bytes, String sourceName) throws SnapshotFormatException {
        try {
            return SnapshotDecoder.decode(SnapshotBytes.of(bytes, bytes.length, sourceName));
        } catch (SnapshotFormatException e) {
            throw e;
        } catch (IOException e) {
            throw new IllegalStateException("bytes in memory cannot fail to be read: " + e.getMessage(), e);
        }
    }

    /**
     * A stream's bytes, up to the largest array, once its first bytes are a snapshot's header: a stream that is no
     * snapshot (a device such as /dev/zero, a pipe of something else) is refused after {@link
     * SnapshotFormat#HEADER_SIZE} bytes, not read whole first. The sections' framing is followed as the bytes come
     * (each section's tag and length, as {@link SnapshotSections} checks a file's), so a stream that goes wrong after
     * a valid header is refused where it goes wrong; reading stops just past the END section, unless the snapshot is
     * a checkpoint, which continuations may follow ({@link SnapshotParts}): their framing is followed the same way, and
     * one that goes wrong ends the reading (the reader leaves it out); and a stream that would not fit the heap left
     * is refused in one line, not ended by an OutOfMemoryError.
     */
    static byte[] readAll(InputStream in, String sourceName) throws IOException {
        byte[] header = in.readNBytes(SnapshotFormat.HEADER_SIZE);
        SnapshotSections.checkHeader(SnapshotBytes.of(header, header.length, sourceName));
        byte[] buf = Arrays.copyOf(header, 1 << 16);
        int size = header.length;
        long part = 0;                           // where the part being read starts
        boolean headerRead = true;               // whether its header has been seen (part 0's just was)
        long next = SnapshotFormat.HEADER_SIZE;  // where the next section's header starts
        long end = -1;                           // where the part should end, once its END section is seen
        long endSection = -1;                    // where that section starts
        List<Section> firstSections = new ArrayList<>(); // part 0's, to tell whether it is a checkpoint
        boolean stop = false;                    // a continuation went wrong: the reader leaves it out, read no further
        while (!stop && (end < 0 || size <= end)) {
            if (!headerRead && size - part >= SnapshotFormat.HEADER_SIZE) {
                stop = !isContinuationHeader(buf, (int) part);
                headerRead = true;
            }
            while (!stop && headerRead && end < 0 && size - next >= SnapshotFormat.SECTION_HEADER_SIZE) {
                SnapshotBytes framing = SnapshotBytes.of(buf, size, sourceName);
                int tag = framing.u32(next);
                long length = framing.u64(next + 4);
                long payload = next + SnapshotFormat.SECTION_HEADER_SIZE;
                if (part > 0 && (!SnapshotFormat.isPrintableTag(tag) || length < 0
                        || length > SnapshotFormat.MAX_FILE_SIZE - payload)) {
                    stop = true; // a continuation cut short or damaged: left out by the reader (SnapshotParts)
                    break;
                }
                if (!SnapshotFormat.isPrintableTag(tag)) {
                    throw new SnapshotFormatException(sourceName, "is corrupt: the section at offset " + next
                            + " has the tag " + SnapshotFormat.tagName(tag) + ", not 4 printable ASCII characters");
                }
                if (length < 0 || length > SnapshotFormat.MAX_FILE_SIZE - payload) {
                    throw new SnapshotFormatException(sourceName, "is too large to read from a stream: section "
                            + SnapshotFormat.tagName(tag) + " at offset " + next + " says "
                            + Long.toUnsignedString(length) + " bytes; read it from a file");
                }
                if (part == 0 && tag == SnapshotFormat.TAG_INFO) firstSections.add(new Section(tag, next, payload, length));
                if (tag == SnapshotFormat.TAG_END) endSection = next;
                next = payload + length;
                if (tag == SnapshotFormat.TAG_END) end = next;
            }
            if (stop) break;
            if (end >= 0 && size > end) {
                // bytes follow a part: a checkpoint's continuations may (SnapshotParts), anything else's may not
                if (part == 0 && !SnapshotParts.isCheckpoint(SnapshotBytes.of(buf, size, sourceName), firstSections)) break;
                part = end;
                headerRead = false;
                next = part + SnapshotFormat.HEADER_SIZE;
                end = -1;
                continue;
            }
            if (size == buf.length) {
                if (size == SnapshotFormat.MAX_FILE_SIZE) {
                    if (in.read() < 0) break;
                    throw new SnapshotFormatException(sourceName, "is too large to read from a stream (over " + size
                            + " bytes); read it from a file");
                }
                int grown = (int) Math.min((long) size * 2, SnapshotFormat.MAX_FILE_SIZE);
                if (grown - size > freeHeap() / 2) {
                    throw new SnapshotFormatException(sourceName, "is too large to read from a stream in this JVM's"
                            + " heap (" + (size >> 20) + " MB read, " + (freeHeap() >> 20) + " MB free); read it from a file");
                }
                buf = Arrays.copyOf(buf, grown);
            }
            // past the END section, one byte more is enough to tell that something follows it
            int want = end < 0 ? buf.length - size : (int) Math.min(buf.length - size, end + 1 - size);
            int n = in.read(buf, size, want);
            if (n < 0) break;
            size += n;
        }
        if (part == 0 && end >= 0 && size > end) {
            throw new SnapshotFormatException(sourceName, "is corrupt: bytes follow the END section at offset " + endSection
                    + " (the stream was read no further)");
        }
        return size == buf.length ? buf : Arrays.copyOf(buf, size);
    }

    /** Whether a continuation's 12 bytes at {@code at} are a 2.x snapshot's header. */
    private static boolean isContinuationHeader(byte[] buf, int at) {
        for (int i = 0; i < SnapshotFormat.MAGIC.length; i++) if (buf[at + i] != SnapshotFormat.MAGIC[i]) return false;
        return ((buf[at + 8] & 0xFF) << 8 | (buf[at + 9] & 0xFF)) == 2;
    }

    private static long freeHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }
}
