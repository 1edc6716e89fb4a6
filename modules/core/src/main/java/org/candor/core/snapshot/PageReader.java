package org.candor.core.snapshot;

import java.io.IOException;

/**
 * Reads bytes one at a time from the page it is in, asking {@link SnapshotBytes} only when it leaves it: the fast
 * path of every decoder is an array access.
 */
final class PageReader {

    private final SnapshotBytes bytes;
    private byte[] data = new byte[0];
    private long start;
    private int length;

    PageReader(SnapshotBytes bytes) {
        this.bytes = bytes;
    }

    byte get(long pos) throws IOException {
        long in = pos - start;
        if (in < 0 || in >= length) {
            SnapshotBytes.Page p = bytes.pageAt(pos);
            data = p.data;
            start = p.start;
            length = p.length;
            in = pos - start;
        }
        return data[(int) in];
    }
}
