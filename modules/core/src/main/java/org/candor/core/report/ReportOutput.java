package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The bytes of a report on their way out: UTF-8 text, pre-encoded frame names and numbers written into one buffer,
 * so that a report of millions of lines costs no string per line.
 */
final class ReportOutput {

    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int pos;

    ReportOutput(OutputStream out) {
        this.out = out;
    }

    ReportOutput text(CharSequence s) throws IOException {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                bytes(s.subSequence(i, n).toString().getBytes(StandardCharsets.UTF_8));
                return this;
            }
            if (pos == buf.length) flushBuffer();
            buf[pos++] = (byte) c;
        }
        return this;
    }

    ReportOutput ascii(char c) throws IOException {
        if (pos == buf.length) flushBuffer();
        buf[pos++] = (byte) c;
        return this;
    }

    ReportOutput bytes(byte[] b) throws IOException {
        return bytes(b, 0, b.length);
    }

    ReportOutput bytes(byte[] b, int off, int len) throws IOException {
        if (len > buf.length - pos) {
            flushBuffer();
            if (len > buf.length) {
                out.write(b, off, len);
                return this;
            }
        }
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
        return this;
    }

    /** A decimal number, as {@link Long#toString(long)} writes it. */
    ReportOutput number(long v) throws IOException {
        if (buf.length - pos < 20) flushBuffer();
        if (v == Long.MIN_VALUE) return text(Long.toString(v));
        if (v < 0) {
            buf[pos++] = '-';
            v = -v;
        }
        int digits = 1;
        for (long x = v; x >= 10; x /= 10) digits++;
        for (int i = pos + digits - 1; i >= pos; i--) {
            buf[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        pos += digits;
        return this;
    }

    /** Writes what is buffered and flushes the stream. */
    void flush() throws IOException {
        flushBuffer();
        out.flush();
    }

    private void flushBuffer() throws IOException {
        out.write(buf, 0, pos);
        pos = 0;
    }
}
