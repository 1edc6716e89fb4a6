package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordWindowTest {

    @TempDir Path tmp;

    /** A per-CPU file of periods and markers of several sizes; the offset of each record. */
    private List<Long> write(Path f, int n) throws Exception {
        List<Long> offsets = new ArrayList<>();
        try (TraceFileWriter w = TraceFileWriter.create(f, 0, 4, 1)) {
            long offset = TraceFormat.HEADER_SIZE;
            for (int i = 0; i < n; i++) {
                TraceRecord r = i % 7 == 0 ? TraceRecord.marker(TraceFormat.MARKER_POINT, i, i, 3, "x".repeat(i % 1000))
                        : TraceRecord.period(0, -i, i, 1, 7, 2, 2, new long[] {i, 0, 0, 0});
                w.write(r);
                offsets.add(offset);
                offset += r.isMarker() ? TraceFormat.roundUp8(TraceFormat.MARKER_BASE + i % 1000) : TraceFormat.periodSize(4);
            }
            w.commit();
        }
        return offsets;
    }

    /** The bytes of the record at this offset, read plainly. */
    private static byte[] plain(byte[] file, long offset) {
        int size = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getShort((int) offset) & 0xFFFF;
        byte[] r = new byte[size];
        System.arraycopy(file, (int) offset, r, 0, size);
        return r;
    }

    @Test
    void copiesEachRecordWholeWhereverItLiesFromTheWindow() throws Exception {
        Path f = tmp.resolve("cpu-0.ctrace");
        List<Long> offsets = write(f, 20_000); // some 1.9 MB: many windows of the least size
        byte[] file = Files.readAllBytes(f);
        // a walk mostly forward, some records a little late, some far behind, some far ahead, the last one at the end
        Random random = new Random(5);
        List<Long> asked = new ArrayList<>();
        for (int i = 0; i < offsets.size(); i++) {
            int j = random.nextInt(20) == 0 ? random.nextInt(offsets.size()) : Math.max(0, i - random.nextInt(50));
            asked.add(offsets.get(j));
        }
        asked.add(offsets.get(offsets.size() - 1));
        try (FileChannel ch = FileChannel.open(f)) {
            RecordWindow window = new RecordWindow(f, ch, file.length, RecordWindow.MIN_CAPACITY);
            ByteBuffer out = ByteBuffer.allocateDirect(RecordWindow.LARGEST_RECORD).order(ByteOrder.LITTLE_ENDIAN);
            for (long offset : asked) {
                out.clear();
                int size = window.copyTo(out, offset);
                byte[] got = new byte[size];
                out.flip().get(got);
                assertThat(got).isEqualTo(plain(file, offset));
                ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
                int p = (int) offset;
                int cpu = b.getShort(p + (file[p + 2] == TraceFormat.TYPE_PERIOD ? 28 : 16)) & 0xFFFF;
                assertThat(window.tieKey(offset)).isEqualTo((long) cpu << 32 | Math.abs(b.getInt(p + 4)));
            }
        }
    }

    @Test
    void aFileThatBecameShorterIsOneError() throws Exception {
        Path f = tmp.resolve("cpu-0.ctrace");
        List<Long> offsets = write(f, 100);
        long length = Files.size(f);
        try (FileChannel ch = FileChannel.open(f, java.nio.file.StandardOpenOption.WRITE, java.nio.file.StandardOpenOption.READ)) {
            RecordWindow window = new RecordWindow(f, ch, length, RecordWindow.MIN_CAPACITY);
            ch.truncate(offsets.get(50));
            ByteBuffer out = ByteBuffer.allocate(RecordWindow.LARGEST_RECORD);
            assertThatThrownBy(() -> window.copyTo(out, offsets.get(60))).isInstanceOf(TraceFormatException.class)
                    .hasMessage(f + ": became shorter while being merged");
        }
    }
}
