package org.candor.core.report;

import java.io.IOException;
import java.util.Arrays;

/**
 * The frames of the node a tree walk is at, joined by {@code ;} in one byte buffer (UTF-8): entering a node appends
 * its frame, leaving cuts it off again, so no path is ever rebuilt from the root. It also counts the frames that
 * would need quoting in CSV (a comma, quote or line break), so a row knows without looking at the text.
 */
final class FramePath {

    private byte[] path = new byte[256];
    private int length;
    private int[] lengthBefore = new int[64];
    private int[] quotedBefore = new int[64];
    private int quoted;

    FramePath(byte[] prefix) {
        append(prefix);
    }

    /** @param depth 1 for the outermost call; @param needsQuotes whether the frame holds a comma, quote or line break */
    void enter(int depth, byte[] frame, boolean needsQuotes) {
        if (depth >= lengthBefore.length) {
            int n = Math.max(depth + 1, depth * 2);
            lengthBefore = Arrays.copyOf(lengthBefore, n);
            quotedBefore = Arrays.copyOf(quotedBefore, n);
        }
        lengthBefore[depth] = length;
        quotedBefore[depth] = quoted;
        if (length > 0) append(SEMICOLON);
        append(frame);
        if (needsQuotes) quoted++;
    }

    void exit(int depth) {
        length = lengthBefore[depth];
        quoted = quotedBefore[depth];
    }

    void writeTo(ReportOutput out) throws IOException {
        out.bytes(path, 0, length);
    }

    /** As a CSV field: quoted, quotes doubled, when a frame needs it. */
    void writeFieldTo(ReportOutput out) throws IOException {
        if (quoted == 0) {
            writeTo(out);
            return;
        }
        out.ascii('"');
        int from = 0;
        for (int i = 0; i < length; i++) {
            if (path[i] == '"') {
                out.bytes(path, from, i + 1 - from);
                out.ascii('"');
                from = i + 1;
            }
        }
        out.bytes(path, from, length - from);
        out.ascii('"');
    }

    private static final byte[] SEMICOLON = {';'};

    private void append(byte[] b) {
        if (length + b.length > path.length) path = Arrays.copyOf(path, Math.max(length + b.length, path.length * 2));
        System.arraycopy(b, 0, path, length, b.length);
        length += b.length;
    }
}
