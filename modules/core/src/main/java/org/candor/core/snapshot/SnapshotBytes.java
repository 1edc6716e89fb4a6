package org.candor.core.snapshot;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * A snapshot's bytes, wherever they are: an array, or a file mapped into memory in chunks of 1 GiB (a buffer
 * holds at most 2 GiB), so that files of any size are read without copying them onto the heap. Positions are longs.
 */
final class SnapshotBytes {

    private static final int CHUNK_SHIFT = 30;
    private static final long CHUNK_SIZE = 1L << CHUNK_SHIFT;
    private static final int CHUNK_MASK = (int) CHUNK_SIZE - 1;

    private final ByteBuffer[] chunks;
    private final long size;
    private final String name;

    private SnapshotBytes(ByteBuffer[] chunks, long size, String name) {
        this.chunks = chunks;
        this.size = size;
        this.name = name;
    }

    /** The first {@code size} bytes of the array (not copied). */
    static SnapshotBytes of(byte[] bytes, int size, String name) {
        return new SnapshotBytes(new ByteBuffer[] {ByteBuffer.wrap(bytes, 0, size).slice()}, size, name);
    }

    /** The channel's first {@code size} bytes, mapped read-only. */
    static SnapshotBytes map(FileChannel channel, long size, String name) throws IOException {
        int count = (int) Math.max(1, (size + CHUNK_SIZE - 1) >>> CHUNK_SHIFT);
        ByteBuffer[] chunks = new ByteBuffer[count];
        for (int c = 0; c < count; c++) {
            long start = (long) c << CHUNK_SHIFT;
            chunks[c] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(CHUNK_SIZE, size - start));
        }
        return new SnapshotBytes(chunks, size, name);
    }

    long size() { return size; }

    /** The file or stream name, for messages. */
    String name() { return name; }

    byte get(long pos) {
        return chunks[(int) (pos >>> CHUNK_SHIFT)].get((int) pos & CHUNK_MASK);
    }

    int u16(long pos) {
        return (get(pos) & 0xFF) << 8 | (get(pos + 1) & 0xFF);
    }

    int u32(long pos) {
        return u16(pos) << 16 | u16(pos + 2);
    }

    long u64(long pos) {
        return (long) u32(pos) << 32 | (u32(pos + 4) & 0xFFFFFFFFL);
    }

    void copy(long pos, byte[] dst, int off, int len) {
        while (len > 0) {
            ByteBuffer chunk = chunks[(int) (pos >>> CHUNK_SHIFT)].duplicate();
            int in = (int) pos & CHUNK_MASK;
            int n = Math.min(len, chunk.limit() - in);
            chunk.position(in);
            chunk.get(dst, off, n);
            pos += n;
            off += n;
            len -= n;
        }
    }

    /** CRC32C of the bytes from {@code from} up to {@code to} (exclusive). */
    int crc32c(long from, long to) {
        CRC32C crc = new CRC32C();
        while (from < to) {
            ByteBuffer chunk = chunks[(int) (from >>> CHUNK_SHIFT)].duplicate();
            int in = (int) from & CHUNK_MASK;
            int n = (int) Math.min(to - from, chunk.limit() - in);
            chunk.limit(in + n);
            chunk.position(in);
            crc.update(chunk);
            from += n;
        }
        return (int) crc.getValue();
    }
}
