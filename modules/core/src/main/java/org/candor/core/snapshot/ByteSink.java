package org.candor.core.snapshot;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte array with the encoders of the snapshot format. */
final class ByteSink {

    private byte[] buf;
    private int size;

    ByteSink(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    int size() { return size; }
    byte[] array() { return buf; }
    void reset() { size = 0; }

    void u16(int v) {
        ensure(2);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
    }

    void u32(int v) {
        ensure(4);
        for (int shift = 24; shift >= 0; shift -= 8) buf[size++] = (byte) (v >>> shift);
    }

    void u64(long v) {
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) buf[size++] = (byte) (v >>> shift);
    }

    /** Unsigned LEB128: seven bits a byte, least significant first, high bit set on all but the last byte. */
    void uvarint(long v) {
        ensure(10);
        byte[] b = buf;
        int p = size;
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        size = p;
    }

    /** Zigzag, then unsigned LEB128: small magnitudes of either sign stay short. */
    void svarint(long v) {
        uvarint((v << 1) ^ (v >> 63));
    }

    void string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        uvarint(utf8.length);
        bytes(utf8, 0, utf8.length);
    }

    void bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
    }

    private void ensure(int more) {
        if (buf.length - size >= more) return;
        long needed = (long) size + more;
        if (needed > SnapshotFormat.MAX_FILE_SIZE) {
            throw new IllegalArgumentException("snapshot too large: a section would exceed " + SnapshotFormat.MAX_FILE_SIZE + " bytes");
        }
        long grown = Math.max(needed, Math.min((long) buf.length * 2, SnapshotFormat.MAX_FILE_SIZE));
        buf = Arrays.copyOf(buf, (int) grown);
    }
}
