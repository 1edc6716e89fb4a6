package org.candor.core.snapshot;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32C;

/**
 * The bytes of a snapshot on their way to a stream: buffered, counted and checksummed as they pass, so that a
 * section of any size can be written without holding it. The encoders of the format's fixed-width and varint fields
 * write straight into the buffer.
 */
final class SnapshotOutput {

    private final OutputStream out;
    private final CRC32C crc = new CRC32C();
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private long flushed;

    SnapshotOutput(OutputStream out) {
        this.out = out;
    }

    /** Bytes written so far, buffered ones included. */
    long position() { return flushed + pos; }

    void u16(int v) throws IOException {
        room(2);
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) v;
    }

    void u32(int v) throws IOException {
        room(4);
        for (int shift = 24; shift >= 0; shift -= 8) buf[pos++] = (byte) (v >>> shift);
    }

    void u64(long v) throws IOException {
        room(8);
        for (int shift = 56; shift >= 0; shift -= 8) buf[pos++] = (byte) (v >>> shift);
    }

    void uvarint(long v) throws IOException {
        room(10);
        byte[] b = buf;
        int p = pos;
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        pos = p;
    }

    void svarint(long v) throws IOException {
        uvarint(Varints.zigzag(v));
    }

    void bytes(byte[] b, int off, int len) throws IOException {
        if (len > buf.length - pos) {
            flush();
            if (len > buf.length) {
                crc.update(b, off, len);
                out.write(b, off, len);
                flushed += len;
                return;
            }
        }
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
    }

    void bytes(ByteSink sink) throws IOException {
        bytes(sink.array(), 0, sink.size());
    }

    /** A section's framing: its tag and the length of the payload that follows. */
    void sectionHeader(int tag, long length) throws IOException {
        u32(tag);
        u64(length);
    }

    /** The END section with the checksum of every byte before the checksum itself; then everything is flushed. */
    void end() throws IOException {
        sectionHeader(SnapshotFormat.TAG_END, 4);
        flush();
        int checksum = (int) crc.getValue();
        byte[] b = {(byte) (checksum >>> 24), (byte) (checksum >>> 16), (byte) (checksum >>> 8), (byte) checksum};
        out.write(b, 0, 4);
        flushed += 4;
        out.flush();
    }

    void flush() throws IOException {
        crc.update(buf, 0, pos);
        out.write(buf, 0, pos);
        flushed += pos;
        pos = 0;
    }

    private void room(int bytes) throws IOException {
        if (buf.length - pos < bytes) flush();
    }
}
