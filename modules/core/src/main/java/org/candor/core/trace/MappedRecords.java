package org.candor.core.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A per-CPU file mapped into memory for the merge to copy records from in time order, which is not the file's. The
 * operating system pages it in and out as needed, so the file is never held in the heap. A mapping is at most
 * 2 GiB, so the file is mapped in 1 GiB windows that overlap by more than the largest record: every record lies
 * whole in the window its offset falls in.
 */
final class MappedRecords {

    private static final long WINDOW = 1L << 30;
    private static final long OVERLAP = 1L << 16;

    private final ByteBuffer[] windows;

    /** Maps the first {@code length} bytes (its whole records) of the file. */
    MappedRecords(Path file, long length) throws IOException {
        int count = (int) Math.max(1, (length + WINDOW - 1) / WINDOW);
        windows = new ByteBuffer[count];
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            for (int w = 0; w < count; w++) {
                long from = w * WINDOW;
                long size = Math.max(0, Math.min(length - from, WINDOW + OVERLAP));
                MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_ONLY, from, size);
                windows[w] = m.order(ByteOrder.LITTLE_ENDIAN);
            }
        }
    }

    /** What orders the record at this offset among records of its time: {@code cpu << 32 | tid}. */
    long tieKey(long offset) {
        ByteBuffer w = windows[(int) (offset / WINDOW)];
        int p = (int) (offset % WINDOW);
        int cpu = w.getShort(p + ((w.get(p + 2) & 0xFF) == TraceFormat.TYPE_PERIOD ? 28 : 16)) & 0xFFFF;
        return (long) cpu << 32 | Math.abs(w.getInt(p + 4));
    }

    /** The size of the record at this offset. */
    int size(long offset) {
        ByteBuffer w = windows[(int) (offset / WINDOW)];
        return w.getShort((int) (offset % WINDOW)) & 0xFFFF;
    }

    /** Copies the record at this offset into {@code out} (room for it there), a word at a time: any thread. */
    void copyTo(ByteBuffer out, long offset) {
        ByteBuffer w = windows[(int) (offset / WINDOW)];
        int p = (int) (offset % WINDOW);
        int size = w.getShort(p) & 0xFFFF;
        for (int i = 0; i < size; i += 8) out.putLong(w.getLong(p + i));
    }
}
