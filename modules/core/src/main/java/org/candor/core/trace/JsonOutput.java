package org.candor.core.trace;

import java.io.IOException;
import java.io.OutputStream;

/**
 * JSON text on its way out as UTF-8 bytes, through a buffer of its own: strings escaped (quote, backslash, every
 * control character, the line and paragraph separators; a lone surrogate becomes U+FFFD, which valid UTF-8 cannot
 * carry), integers and unsigned nanoseconds as microseconds written exactly. The caller writes the punctuation; no
 * value it can write is NaN or infinite. Flush when done (the stream itself is not closed). Reports of snapshots
 * (org.candor.core.report) write their JSON with it too.
 */
public final class JsonOutput {

    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final OutputStream out;
    private final byte[] buf = new byte[1 << 16];
    private int used;
    private final boolean forHtml;

    public JsonOutput(OutputStream out) {
        this(out, false);
    }

    /**
     * @param forHtml also escape {@code <}, {@code >} and {@code &} in strings, so that the JSON can sit inside an
     *                HTML {@code <script>} element: no string can end it ({@code </script>}) or open a comment
     */
    public JsonOutput(OutputStream out, boolean forHtml) {
        this.out = out;
        this.forHtml = forHtml;
    }

    /** Text without anything to escape: punctuation, keys the caller spells. ASCII only. */
    public JsonOutput raw(String ascii) throws IOException {
        for (int i = 0; i < ascii.length(); i++) put(ascii.charAt(i));
        return this;
    }

    public JsonOutput raw(char c) throws IOException {
        put(c);
        return this;
    }

    /** A JSON string, quotes included. */
    public JsonOutput string(String s) throws IOException {
        put('"');
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                put('\\');
                put(c);
            } else if (c == '\n') {
                put('\\');
                put('n');
            } else if (c == '\r') {
                put('\\');
                put('r');
            } else if (c == '\t') {
                put('\\');
                put('t');
            } else if (c < 0x20 || c >= 0x7F && c <= 0x9F || c == '\u2028' || c == '\u2029'
                    || forHtml && (c == '<' || c == '>' || c == '&')) {
                unicodeEscape(c);
            } else if (c < 0x80) {
                put(c);
            } else if (c < 0x800) {
                put(0xC0 | c >> 6);
                put(0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                put(0xF0 | cp >> 18);
                put(0x80 | cp >> 12 & 0x3F);
                put(0x80 | cp >> 6 & 0x3F);
                put(0x80 | cp & 0x3F);
            } else {
                int cp = Character.isSurrogate(c) ? 0xFFFD : c; // a lone half of a pair
                put(0xE0 | cp >> 12);
                put(0x80 | cp >> 6 & 0x3F);
                put(0x80 | cp & 0x3F);
            }
        }
        put('"');
        return this;
    }

    /** A signed integer. */
    public JsonOutput number(long v) throws IOException {
        return raw(Long.toString(v));
    }

    /** An unsigned 64-bit integer (a u64 of the trace format), never negative. */
    public JsonOutput unsigned(long v) throws IOException {
        return raw(Long.toUnsignedString(v));
    }

    /**
     * Unsigned nanoseconds as microseconds, exactly: {@code 1234567} is {@code 1234.567}, {@code 1234500} is
     * {@code 1234.5}, {@code 1234000} is {@code 1234}.
     */
    public JsonOutput micros(long nanos) throws IOException {
        raw(Long.toString(Long.divideUnsigned(nanos, 1000)));
        int frac = (int) Long.remainderUnsigned(nanos, 1000);
        if (frac != 0) {
            put('.');
            put('0' + frac / 100);
            if (frac % 100 != 0) {
                put('0' + frac / 10 % 10);
                if (frac % 10 != 0) put('0' + frac % 10);
            }
        }
        return this;
    }

    /** Everything written so far to the stream, and the stream flushed. */
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    private void unicodeEscape(char c) throws IOException {
        put('\\');
        put('u');
        put(HEX[c >> 12 & 0xF]);
        put(HEX[c >> 8 & 0xF]);
        put(HEX[c >> 4 & 0xF]);
        put(HEX[c & 0xF]);
    }

    private void put(int b) throws IOException {
        if (used == buf.length) drain();
        buf[used++] = (byte) b;
    }

    private void drain() throws IOException {
        if (used > 0) out.write(buf, 0, used);
        used = 0;
    }
}
