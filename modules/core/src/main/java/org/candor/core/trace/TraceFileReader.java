package org.candor.core.trace;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * Reads one trace file, per-CPU or merged, front to back through a small buffer: a file of any size reads in the
 * same memory. Nothing is allocated by a length read from the file before it is checked (record sizes are u16; a
 * merged trace's meta length is checked against the file's size and a cap).
 *
 * <p>{@link #advance} steps to the next record and leaves its fields readable without making an object (the merge
 * indexes millions of records that way); {@link #next} makes a {@link TraceRecord}. Records of unknown types are
 * skipped by their size. A file cut in the middle of a record (a run killed while writing) ends at its last whole
 * record and {@link #warning} says how many bytes were left over; a size below the minimum or not a multiple of 8 is
 * corruption and refused.
 */
public final class TraceFileReader implements Closeable {

    /** Holds any sized record (sizes are u16) with room to refill. */
    private static final int BUFFER = 1 << 17;

    private final Path path;
    private final String source;
    private final FileChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocate(BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    /** File offset of buf[0]. */
    private long bufOffset;
    private boolean eof;

    private final int minor;
    private final int counterCount;
    private final int cpu;
    private final long runId;
    private final String metaText;

    private String warning;
    private long skipped;
    private boolean done;

    // the record advance() stepped to
    private long recordOffset;
    private int recordSize;
    private int type;
    private int flags;
    private int thread;
    private int pos; // the record's start in buf

    private TraceFileReader(Path path, FileChannel channel) throws IOException {
        this.path = path;
        this.source = path.toString();
        this.channel = channel;
        buf.limit(0);
        if (!ensure(TraceFormat.HEADER_SIZE)) {
            long size = buf.remaining();
            if (size == 0) throw new TraceFormatException(source, "an empty file, not a Candor trace file");
            if (!startsWithMagic()) throw notATrace();
            throw new TraceFormatException(source, "a Candor trace file cut within its header (" + size + " of 32 bytes)");
        }
        if (!startsWithMagic()) throw notATrace();
        int p = buf.position();
        int major = buf.getShort(p + 8) & 0xFFFF;
        minor = buf.getShort(p + 10) & 0xFFFF;
        if (major != TraceFormat.MAJOR) {
            throw new TraceFormatException(source, "trace format " + major + "." + minor + " is not one this Candor reads ("
                    + TraceFormat.MAJOR + ".x)" + (major > TraceFormat.MAJOR ? "; a newer Candor reads it" : ""));
        }
        counterCount = buf.getShort(p + 12) & 0xFFFF;
        if (counterCount > TraceFormat.MAX_COUNTERS) {
            throw new TraceFormatException(source, "corrupt header: " + counterCount + " counters a period (at most 16)");
        }
        cpu = buf.getInt(p + 16);
        runId = buf.getLong(p + 24);
        buf.position(p + TraceFormat.HEADER_SIZE);
        metaText = cpu == TraceFormat.MERGED_CPU ? readMetaRecord() : null;
    }

    /** Opens the file and reads its header (and a merged trace's meta). */
    public static TraceFileReader open(Path file) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
        try {
            return new TraceFileReader(file, ch);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    public Path path() { return path; }
    public int minor() { return minor; }
    /** K: counters in each period. */
    public int counterCount() { return counterCount; }
    /** The CPU whose records the file holds; {@link TraceFormat#MERGED_CPU} in a merged trace. */
    public int cpu() { return cpu; }
    public boolean isMerged() { return cpu == TraceFormat.MERGED_CPU; }
    public long runId() { return runId; }
    /** A merged trace's meta text; null in a per-CPU file. */
    public String metaText() { return metaText; }
    /** Set once reading stopped at a record cut short; null otherwise. */
    public String warning() { return warning; }
    /** Records of types this version does not know, skipped by their size. */
    public long skippedRecords() { return skipped; }

    /**
     * Steps to the next period or marker; false at the end of the file (or at a record cut short, see
     * {@link #warning}).
     */
    public boolean advance() throws IOException {
        if (done) return false;
        while (true) {
            long offset = bufOffset + buf.position();
            if (!ensure(TraceFormat.RECORD_HEADER)) return finish(offset);
            int p = buf.position();
            int size = buf.getShort(p) & 0xFFFF;
            int t = buf.get(p + 2) & 0xFF;
            if (t == TraceFormat.TYPE_META) {
                long length = metaLength(p, offset, size);
                if (!skip(length)) return finish(offset);
                skipped++; // a meta record anywhere but first in a merged trace: nothing to say about it
                continue;
            }
            checkSize(offset, size, TraceFormat.MIN_RECORD);
            if (!ensure(size)) return finish(offset);
            p = buf.position();
            if (t != TraceFormat.TYPE_PERIOD && t != TraceFormat.TYPE_MARKER) {
                buf.position(p + size);
                skipped++;
                continue;
            }
            if (t == TraceFormat.TYPE_PERIOD && size < TraceFormat.periodSize(counterCount)) {
                throw corrupt(offset, "a period of " + size + " bytes, less than the " + TraceFormat.periodSize(counterCount)
                        + " of its " + counterCount + " counters");
            }
            if (t == TraceFormat.TYPE_MARKER) {
                int length = buf.getShort(p + 18) & 0xFFFF;
                if (length > TraceFormat.MAX_MARKER_TEXT || length > size - TraceFormat.MARKER_BASE) {
                    throw corrupt(offset, "a marker's text of " + length + " bytes in a record of " + size + " bytes");
                }
            }
            recordOffset = offset;
            recordSize = size;
            type = t;
            flags = buf.get(p + 3) & 0xFF;
            thread = buf.getInt(p + 4);
            pos = p;
            buf.position(p + size);
            return true;
        }
    }

    /** The next record, or null at the end (see {@link #advance}). */
    public TraceRecord next() throws IOException {
        return advance() ? record() : null;
    }

    /** Hands every remaining record to the action. */
    public void forEach(Consumer<? super TraceRecord> action) throws IOException {
        while (advance()) action.accept(record());
    }

    // ---- the record advance() stepped to ----

    public long recordOffset() { return recordOffset; }
    public int recordSize() { return recordSize; }
    public int recordType() { return type; }
    public int recordThread() { return thread; }
    /** A period's start, a marker's time. */
    public long recordTime() { return buf.getLong(pos + 8); }
    /** A period's CPU at its end, a marker's CPU. */
    public int recordCpu() { return buf.getShort(pos + (type == TraceFormat.TYPE_PERIOD ? 28 : 16)) & 0xFFFF; }

    /** The record as an object. */
    public TraceRecord record() {
        int p = pos;
        if (type == TraceFormat.TYPE_PERIOD) {
            long[] counters = new long[counterCount];
            for (int i = 0; i < counterCount; i++) counters[i] = buf.getLong(p + TraceFormat.PERIOD_BASE + 8 * i);
            return TraceRecord.periodOwning(flags, thread, buf.getLong(p + 8), buf.getLong(p + 16), buf.getInt(p + 24),
                    buf.getInt(p + 32), buf.getShort(p + 28) & 0xFFFF, buf.getShort(p + 30) & 0xFFFF, counters);
        }
        int length = buf.getShort(p + 18) & 0xFFFF;
        byte[] text = new byte[length];
        for (int i = 0; i < length; i++) text[i] = buf.get(p + 24 + i);
        return TraceRecord.marker(flags, thread, buf.getLong(p + 8), buf.getShort(p + 16) & 0xFFFF,
                new String(text, StandardCharsets.UTF_8));
    }

    @Override public void close() throws IOException {
        channel.close();
    }

    // ---- inside ----

    /** The merged trace's first record, which must be its meta. */
    private String readMetaRecord() throws IOException {
        long offset = bufOffset + buf.position();
        if (!ensure(TraceFormat.RECORD_HEADER)) {
            throw new TraceFormatException(source, "a merged trace without its meta record (the file ends after its header)");
        }
        int p = buf.position();
        int size = buf.getShort(p) & 0xFFFF;
        if ((buf.get(p + 2) & 0xFF) != TraceFormat.TYPE_META) {
            throw new TraceFormatException(source, "a merged trace whose first record is not its meta (type "
                    + (buf.get(p + 2) & 0xFF) + ")");
        }
        long length = metaLength(p, offset, size);
        int textLength = buf.getInt(p + 4); // checked by metaLength: 0 .. MAX_META
        long fileSize = channel.size();
        if (offset + length > fileSize) {
            throw new TraceFormatException(source, "the meta record (" + length + " bytes at byte " + offset
                    + ") runs past the end of the file (" + fileSize + " bytes): a merged trace cut short?");
        }
        buf.position(p + TraceFormat.RECORD_HEADER);
        byte[] text = new byte[textLength];
        int filled = 0;
        while (filled < textLength) {
            if (!ensure(1)) throw new TraceFormatException(source, "the meta record runs past the end of the file");
            int n = Math.min(buf.remaining(), textLength - filled);
            buf.get(text, filled, n);
            filled += n;
        }
        if (!skip(length - TraceFormat.RECORD_HEADER - textLength)) {
            throw new TraceFormatException(source, "the meta record runs past the end of the file");
        }
        return new String(text, StandardCharsets.UTF_8);
    }

    /** A meta record's whole length; its size field is 0 when the text is too long for a u16 size. */
    private long metaLength(int p, long offset, int size) throws TraceFormatException {
        long textLength = buf.getInt(p + 4) & 0xFFFFFFFFL;
        if (textLength > TraceFormat.MAX_META) {
            throw corrupt(offset, "a meta record of " + textLength + " bytes of text (at most 256 MiB)");
        }
        if (size == 0) return TraceFormat.roundUp8(TraceFormat.RECORD_HEADER + textLength);
        checkSize(offset, size, TraceFormat.RECORD_HEADER);
        if (textLength > size - TraceFormat.RECORD_HEADER) {
            throw corrupt(offset, "a meta record of " + size + " bytes with " + textLength + " bytes of text");
        }
        return size;
    }

    private void checkSize(long offset, int size, int min) throws TraceFormatException {
        if (size < min || size % 8 != 0) {
            throw corrupt(offset, "size " + size + " (a record is a multiple of 8 bytes, at least " + min + ")");
        }
    }

    private TraceFormatException corrupt(long offset, String what) {
        return new TraceFormatException(source, "corrupt record at byte " + offset + ": " + what);
    }

    private TraceFormatException notATrace() {
        StringBuilder hex = new StringBuilder();
        int p = buf.position();
        for (int i = 0; i < Math.min(8, buf.remaining()); i++) {
            if (i > 0) hex.append(' ');
            hex.append(String.format("%02X", buf.get(p + i) & 0xFF));
        }
        return new TraceFormatException(source, "not a Candor trace file (it begins " + hex + ", not CNDTRACE)");
    }

    private boolean startsWithMagic() {
        int p = buf.position();
        if (buf.remaining() < TraceFormat.MAGIC.length) return false;
        for (int i = 0; i < TraceFormat.MAGIC.length; i++) if (buf.get(p + i) != TraceFormat.MAGIC[i]) return false;
        return true;
    }

    /** The end: whole, or with bytes left over that are not a whole record. */
    private boolean finish(long offset) throws IOException {
        done = true;
        long left = eofOffset() - offset;
        if (left > 0) {
            warning = path.getFileName() + ": the last " + left + " bytes are not a whole record (a run killed while"
                    + " writing?); read up to there";
        }
        return false;
    }

    /** Where the file ended when reading stopped. */
    private long eofOffset() throws IOException {
        return Math.max(channel.size(), bufOffset + buf.limit());
    }

    /** Makes n bytes (at most the buffer's size) readable at the position; false when the file ends first. */
    private boolean ensure(int n) throws IOException {
        if (buf.remaining() >= n) return true;
        bufOffset += buf.position();
        buf.compact();
        while (buf.position() < n && !eof) {
            if (channel.read(buf) < 0) eof = true;
        }
        buf.flip();
        return buf.remaining() >= n;
    }

    /** Steps over n bytes; false when the file ends first. */
    private boolean skip(long n) throws IOException {
        if (n <= buf.remaining()) {
            buf.position(buf.position() + (int) n);
            return true;
        }
        long target = bufOffset + buf.position() + n;
        if (target > channel.size()) return false; // the caller's warning counts from the record's start
        bufOffset = target;
        buf.clear().limit(0);
        channel.position(target);
        eof = false;
        return true;
    }
}
