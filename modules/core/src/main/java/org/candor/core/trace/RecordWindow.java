package org.candor.core.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A per-CPU file's records, read for the merge at the offsets it asks for: in time order, which is nearly the file's
 * order (records are written as periods end), so through a window of the file read ahead in large reads that the
 * offsets asked for walk along. A record far from the window (a period begun long before it was written) is read on
 * its own and leaves the window where it is. Reads, not a mapping of the file: on a virtual machine a page fault can
 * cost more than copying the page. One thread uses a window; the channel may be shared.
 */
final class RecordWindow {

    /** Holds any record (sizes are u16, multiples of 8). */
    static final int LARGEST_RECORD = 65_528;
    /** The least window: a window moved to a record keeps a quarter behind it and the record whole ahead. */
    static final int MIN_CAPACITY = 2 * LARGEST_RECORD;
    /** What a stray record's read takes at first: most records are far shorter. */
    private static final int STRAY_READ = 4096;

    private final Path path;
    private final FileChannel channel;
    private final long length;
    private final ByteBuffer window;
    /** File offset of the window's first byte; the window holds [start, start + window.limit()). */
    private long start;
    /** A record far from the window, read on its own, and its offset. */
    private ByteBuffer stray;
    private long strayStart = -1;

    /**
     * @param length   the end of the file's last whole record: nothing past it is read
     * @param capacity the window's size, at least {@link #MIN_CAPACITY}
     */
    RecordWindow(Path path, FileChannel channel, long length, int capacity) {
        this.path = path;
        this.channel = channel;
        this.length = length;
        this.window = ByteBuffer.allocateDirect(Math.max(MIN_CAPACITY, capacity)).order(ByteOrder.LITTLE_ENDIAN);
        this.window.limit(0);
    }

    /** What orders the record at this offset among records of its time: {@code cpu << 32 | tid}. */
    long tieKey(long offset) throws IOException {
        ByteBuffer b = record(offset);
        int p = b.position();
        int cpu = b.getShort(p + ((b.get(p + 2) & 0xFF) == TraceFormat.TYPE_PERIOD ? 28 : 16)) & 0xFFFF;
        return (long) cpu << 32 | Math.abs(b.getInt(p + 4));
    }

    /** Copies the record at this offset whole into {@code out} (room for the largest record there); returns its size. */
    int copyTo(ByteBuffer out, long offset) throws IOException {
        ByteBuffer b = record(offset);
        int p = b.position();
        int size = b.getShort(p) & 0xFFFF;
        int limit = b.limit();
        b.limit(p + size);
        out.put(b); // one copy of memory, buffer to buffer
        b.limit(limit);
        return size;
    }

    /** A buffer positioned at the record at {@code offset}, the whole record in it. */
    private ByteBuffer record(long offset) throws IOException {
        ByteBuffer b = holding(offset, TraceFormat.RECORD_HEADER);
        return holding(offset, b.getShort(b.position()) & 0xFFFF);
    }

    /** A buffer positioned at {@code offset}, with the {@code n} bytes from there (a record's, at most its size). */
    private ByteBuffer holding(long offset, int n) throws IOException {
        long inWindow = offset - start;
        if (inWindow >= 0 && inWindow + n <= window.limit()) {
            window.position((int) inWindow);
            return window;
        }
        int capacity = window.capacity();
        if (inWindow >= 0 && inWindow < 2L * capacity) {
            // the walk goes on past the window: move it on, a quarter of it kept behind for records a little late
            start = Math.max(0, offset - capacity / 4);
            fill(window, start, capacity);
            if (offset - start + n > window.limit()) throw shorter();
            window.position((int) (offset - start));
            return window;
        }
        if (stray == null) stray = ByteBuffer.allocateDirect(LARGEST_RECORD).order(ByteOrder.LITTLE_ENDIAN);
        if (offset != strayStart || stray.limit() < n) {
            strayStart = -1;
            fill(stray, offset, Math.max(n, STRAY_READ));
            if (stray.limit() < n) throw shorter();
            strayStart = offset;
        }
        stray.position(0);
        return stray;
    }

    /** Reads {@code bytes} of the file from {@code from} into the buffer (fewer at the end of the whole records). */
    private void fill(ByteBuffer b, long from, int bytes) throws IOException {
        b.clear();
        b.limit((int) Math.min(bytes, length - from));
        long at = from;
        while (b.hasRemaining()) {
            int read = channel.read(b, at);
            if (read < 0) throw shorter();
            at += read;
        }
        b.flip();
    }

    private TraceFormatException shorter() {
        return new TraceFormatException(path.toString(), "became shorter while being merged");
    }
}
