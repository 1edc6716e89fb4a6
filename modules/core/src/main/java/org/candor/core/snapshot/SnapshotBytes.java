package org.candor.core.snapshot;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * A snapshot's bytes, wherever they are: an array, or a file of any size read in pages of 64 KiB through a cache
 * of an eighth of the heap, 256 MiB at most: the file is neither copied onto the heap whole nor mapped (a mapped
 * file's pages count in the process's resident memory as it is read, so a report of a file larger than the heap
 * would look larger than its heap). The cache is direct-mapped: page {@code i} lives in slot {@code i mod slots},
 * no lock, no boxing. Pages are immutable once read, so readers keep the one they are in ({@link PageReader}) and
 * ask here only when they leave it, from any thread.
 */
final class SnapshotBytes implements Closeable {

    static final int PAGE_SHIFT = 16;
    private static final int PAGE_SIZE = 1 << PAGE_SHIFT;

    /** A run of the bytes: {@code data[0 .. length)} are the bytes from {@code start} on. */
    static final class Page {
        final long start;
        final byte[] data;
        final int length;

        Page(long start, byte[] data, int length) {
            this.start = start;
            this.data = data;
            this.length = length;
        }
    }

    private final String name;
    private final long size;
    /** The whole content, for bytes in memory; null for a file. */
    private final Page whole;
    private final FileChannel channel;
    private final Page[] cache;
    private final int slotMask;

    private SnapshotBytes(String name, long size, Page whole, FileChannel channel, int slots) {
        this.name = name;
        this.size = size;
        this.whole = whole;
        this.channel = channel;
        this.cache = new Page[slots];
        this.slotMask = slots - 1;
    }

    /** The first {@code size} bytes of the array (not copied). */
    static SnapshotBytes of(byte[] bytes, int size, String name) {
        return new SnapshotBytes(name, size, new Page(0, bytes, size), null, 1);
    }

    /** The channel's first {@code size} bytes; the channel is closed with these bytes. */
    static SnapshotBytes of(FileChannel channel, long size, String name) {
        long budget = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 8);
        long pages = Math.min(Math.max(64, budget / PAGE_SIZE), (size >>> PAGE_SHIFT) + 1);
        int slots = Integer.highestOneBit((int) Math.min(1 << 20, pages * 2 - 1));
        return new SnapshotBytes(name, size, null, channel, slots);
    }

    long size() { return size; }

    /** The file or stream name, for messages. */
    String name() { return name; }

    /** The page holding {@code pos}, which must be below {@link #size}. */
    Page pageAt(long pos) throws IOException {
        if (whole != null) return whole;
        long index = pos >>> PAGE_SHIFT;
        int slot = (int) index & slotMask;
        Page p = cache[slot];
        if (p == null || p.start != index << PAGE_SHIFT) {
            p = read(index);
            cache[slot] = p; // a race only loses a page: each is whole and immutable
        }
        return p;
    }

    private Page read(long index) throws IOException {
        long start = index << PAGE_SHIFT;
        int length = (int) Math.min(PAGE_SIZE, size - start);
        byte[] data = new byte[length];
        ByteBuffer b = ByteBuffer.wrap(data);
        while (b.hasRemaining()) {
            if (channel.read(b, start + b.position()) < 0) {
                throw new SnapshotFormatException(name,
                        "changed while it was read: it ends at " + (start + b.position()) + ", not at " + size);
            }
        }
        return new Page(start, data, length);
    }

    byte get(long pos) throws IOException {
        Page p = pageAt(pos);
        return p.data[(int) (pos - p.start)];
    }

    int u16(long pos) throws IOException {
        return (get(pos) & 0xFF) << 8 | (get(pos + 1) & 0xFF);
    }

    int u32(long pos) throws IOException {
        return u16(pos) << 16 | u16(pos + 2);
    }

    long u64(long pos) throws IOException {
        return (long) u32(pos) << 32 | (u32(pos + 4) & 0xFFFFFFFFL);
    }

    void copy(long pos, byte[] dst, int off, int len) throws IOException {
        while (len > 0) {
            Page p = pageAt(pos);
            int in = (int) (pos - p.start);
            int n = Math.min(len, p.length - in);
            System.arraycopy(p.data, in, dst, off, n);
            pos += n;
            off += n;
            len -= n;
        }
    }

    /** CRC32C of the bytes from {@code from} up to {@code to} (exclusive); a file is read past the page cache. */
    int crc32c(long from, long to) throws IOException {
        CRC32C crc = new CRC32C();
        if (whole != null) {
            crc.update(whole.data, (int) from, (int) (to - from));
            return (int) crc.getValue();
        }
        // no larger than the bytes: fresh direct memory is zeroed and faulted in (a live view opens a file a second)
        ByteBuffer b = ByteBuffer.allocateDirect((int) Math.max(1, Math.min(1 << 20, to - from)));
        for (long at = from; at < to; ) {
            b.clear();
            b.limit((int) Math.min(b.capacity(), to - at));
            int n = channel.read(b, at);
            if (n < 0) throw new SnapshotFormatException(name, "changed while it was read: it ends at " + at + ", not at " + size);
            b.flip();
            crc.update(b);
            at += n;
        }
        return (int) crc.getValue();
    }

    @Override public void close() throws IOException {
        if (channel != null) channel.close();
    }
}
