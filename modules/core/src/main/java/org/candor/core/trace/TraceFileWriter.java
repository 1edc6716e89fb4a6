package org.candor.core.trace;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.candor.core.io.ReplaceFile;

/**
 * Writes a trace file: the header, then records. The file is written beside the target under a temporary name and
 * renamed over it by {@link #commit}, so a reader never sees half a file and a failed merge leaves no file; closing
 * without a commit (an error on the way) removes the temporary file. Every write error is an IOException.
 */
public final class TraceFileWriter implements Closeable {

    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    /** Direct: the channel writes it without copying it first into a direct buffer of its own. */
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    private final int counterCount;
    private boolean closed;
    private long records;

    private TraceFileWriter(Path target, Path temp, FileChannel channel, int counterCount) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
        this.counterCount = counterCount;
    }

    /**
     * Starts a trace file.
     *
     * @param cpu          the CPU whose records it holds, or {@link TraceFormat#MERGED_CPU}
     * @param counterCount K, the counters in each period (0..16)
     * @param minor        the minor version to state (a merge passes its inputs' on)
     */
    public static TraceFileWriter create(Path target, int cpu, int counterCount, long runId, int minor) throws IOException {
        if (counterCount < 0 || counterCount > TraceFormat.MAX_COUNTERS) {
            throw new IllegalArgumentException(counterCount + " counters (0..16)");
        }
        Path absolute = target.toAbsolutePath().normalize();
        Path temp = ReplaceFile.temporaryBeside(absolute);
        FileChannel ch;
        try {
            ch = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException | RuntimeException e) {
            ReplaceFile.deleteQuietly(temp);
            throw e;
        }
        TraceFileWriter w = new TraceFileWriter(absolute, temp, ch, counterCount);
        w.buf.put(TraceFormat.MAGIC).putShort((short) TraceFormat.MAJOR).putShort((short) minor)
                .putShort((short) counterCount).putShort((short) 0).putInt(cpu).putInt(0).putLong(runId);
        return w;
    }

    /** A trace file of format 1.0. */
    public static TraceFileWriter create(Path target, int cpu, int counterCount, long runId) throws IOException {
        return create(target, cpu, counterCount, runId, TraceFormat.MINOR);
    }

    /** Writes a period (with exactly K counters) or a marker (text of at most 1,024 bytes of UTF-8). */
    public void write(TraceRecord r) throws IOException {
        if (r.isPeriod()) {
            if (r.counterCount() != counterCount) {
                throw new IllegalArgumentException("a period with " + r.counterCount() + " counters in a file of " + counterCount);
            }
            int size = TraceFormat.periodSize(counterCount);
            room(size);
            buf.putShort((short) size).put((byte) TraceFormat.TYPE_PERIOD).put((byte) r.flags()).putInt(r.thread())
                    .putLong(r.start()).putLong(r.duration()).putInt(r.methodId())
                    .putShort((short) r.cpu()).putShort((short) r.startCpu()).putInt(r.stackId()).putInt(0);
            for (int i = 0; i < counterCount; i++) buf.putLong(r.counter(i));
        } else if (r.isMarker()) {
            byte[] text = r.text().getBytes(StandardCharsets.UTF_8);
            if (text.length > TraceFormat.MAX_MARKER_TEXT) {
                throw new IllegalArgumentException("a marker's text of " + text.length + " bytes (at most 1,024)");
            }
            int size = (int) TraceFormat.roundUp8(TraceFormat.MARKER_BASE + text.length);
            room(size);
            buf.putShort((short) size).put((byte) TraceFormat.TYPE_MARKER).put((byte) r.markerKind()).putInt(r.thread())
                    .putLong(r.time()).putShort((short) r.cpu()).putShort((short) text.length).putInt(0).put(text);
            pad(size - TraceFormat.MARKER_BASE - text.length);
        } else {
            throw new IllegalArgumentException("record type " + r.type());
        }
        records++;
    }

    /**
     * Writes a meta record (a merged trace's, right after the header): its size field 0 when the record would not
     * fit a u16 size.
     */
    public void writeMeta(String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > TraceFormat.MAX_META) throw new IllegalArgumentException("a meta of " + bytes.length + " bytes");
        long length = TraceFormat.roundUp8(TraceFormat.RECORD_HEADER + (long) bytes.length);
        room(TraceFormat.RECORD_HEADER);
        buf.putShort((short) (length > TraceFormat.MAX_SIZED_RECORD ? 0 : length)).put((byte) TraceFormat.TYPE_META)
                .put((byte) 0).putInt(bytes.length);
        for (int done = 0; done < bytes.length; ) {
            if (!buf.hasRemaining()) drain();
            int n = Math.min(buf.remaining(), bytes.length - done);
            buf.put(bytes, done, n);
            done += n;
        }
        room(8);
        pad((int) (length - TraceFormat.RECORD_HEADER - bytes.length));
    }

    /**
     * Writes whole records as they are ({@code count} of them, flipped in {@code records}): the merge copies records
     * from the per-CPU files. One thread at a time.
     */
    void writeRecords(ByteBuffer records, long count) throws IOException {
        room(0);
        drain();
        try {
            while (records.hasRemaining()) channel.write(records);
        } catch (IOException e) {
            discard();
            throw new IOException("cannot write " + target + ": " + e.getMessage(), e);
        }
        this.records += count;
    }

    /**
     * Forces what is written so far to the disk, from any thread while others write records: the merge starts the
     * disk's work early, so that the {@link #commit}'s own force has less left to wait for. The commit still forces the
     * whole file, so this adds nothing to what a commit promises; a failure here must be reported all the same (the
     * system may tell it once only, to the first force that meets it).
     */
    void forceSoFar() throws IOException {
        try {
            channel.force(false);
        } catch (IOException e) {
            throw new IOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    /** Records written so far (periods and markers). */
    public long records() { return records; }

    /** Finishes the file: written out, forced to the disk, renamed over the target. */
    public void commit() throws IOException {
        if (closed) throw new IOException("trace file " + target + " already closed");
        try {
            drain();
            channel.force(true);
            channel.close();
            closed = true;
            ReplaceFile.moveOver(temp, target);
        } catch (IOException | RuntimeException e) {
            discard();
            throw e;
        }
    }

    /** Without a commit: the temporary file is removed and the target left as it was. */
    @Override public void close() throws IOException {
        if (!closed) discard();
    }

    private void discard() {
        closed = true;
        try {
            channel.close();
        } catch (IOException ignored) {
            // the error that matters is the one being reported
        }
        ReplaceFile.deleteQuietly(temp);
    }

    private void room(int n) throws IOException {
        if (closed) throw new IOException("trace file " + target + " already closed");
        if (buf.remaining() < n) drain();
    }

    private void pad(int n) {
        for (int i = 0; i < n; i++) buf.put((byte) 0);
    }

    private void drain() throws IOException {
        buf.flip();
        try {
            while (buf.hasRemaining()) channel.write(buf);
        } catch (IOException e) {
            discard();
            throw new IOException("cannot write " + target + ": " + e.getMessage(), e);
        }
        buf.clear();
    }
}
