package org.candor.core.report;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of a report on their way out: UTF-8 text, pre-encoded frame names and numbers written into one buffer,
 * so that a report of millions of lines costs no string per line. Into a file or standard output (a {@link
 * FileOutputStream}) the buffer is outside the heap and goes to the file's channel as it is, a megabyte a write:
 * folded stacks of a large tree are tens of gigabytes, and a stream would copy each buffer once more on its way.
 * (A second buffer written by a thread of its own, overlapping the walk, was slower on two CPUs.) Close it when done.
 */
final class ReportOutput implements AutoCloseable {

    private static final int SIZE = 1 << 16;
    private static final int CHANNEL_SIZE = 1 << 20;

    private final OutputStream out;
    private final FileChannel channel;
    private final ByteBuffer buf;
    private final byte[] digits = new byte[20];

    ReportOutput(OutputStream out) {
        this.out = out;
        this.channel = out instanceof FileOutputStream ? ((FileOutputStream) out).getChannel() : null;
        this.buf = channel != null ? ByteBuffer.allocateDirect(CHANNEL_SIZE) : ByteBuffer.allocate(SIZE);
    }

    ReportOutput text(CharSequence s) throws IOException {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                bytes(s.subSequence(i, n).toString().getBytes(StandardCharsets.UTF_8));
                return this;
            }
            if (!buf.hasRemaining()) flushBuffer();
            buf.put((byte) c);
        }
        return this;
    }

    ReportOutput ascii(char c) throws IOException {
        if (!buf.hasRemaining()) flushBuffer();
        buf.put((byte) c);
        return this;
    }

    ReportOutput bytes(byte[] b) throws IOException {
        return bytes(b, 0, b.length);
    }

    ReportOutput bytes(byte[] b, int off, int len) throws IOException {
        while (len > buf.remaining()) {
            int n = buf.remaining();
            buf.put(b, off, n);
            off += n;
            len -= n;
            flushBuffer();
        }
        buf.put(b, off, len);
        return this;
    }

    /** A decimal number, as {@link Long#toString(long)} writes it. */
    ReportOutput number(long v) throws IOException {
        if (v == Long.MIN_VALUE) return text(Long.toString(v));
        int i = digits.length;
        long x = Math.abs(v);
        do {
            digits[--i] = (byte) ('0' + x % 10);
            x /= 10;
        } while (x != 0);
        if (v < 0) digits[--i] = '-';
        return bytes(digits, i, digits.length - i);
    }

    /** Writes out everything so far, and flushes the stream. */
    void flush() throws IOException {
        flushBuffer();
        out.flush();
    }

    @Override public void close() throws IOException {
        flush();
    }

    private void flushBuffer() throws IOException {
        buf.flip();
        if (channel != null) {
            while (buf.hasRemaining()) channel.write(buf);
        } else {
            out.write(buf.array(), 0, buf.limit());
        }
        buf.clear();
    }
}
