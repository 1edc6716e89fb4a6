package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file format through TraceFileWriter and TraceFileReader, and byte arrays made by hand from the spec. */
class TraceFileTest {

    @TempDir Path dir;

    private static List<TraceRecord> sample() {
        return List.of(
                TraceRecord.period(TraceFormat.FLAG_FIRST | TraceFormat.FLAG_TICK, 100, 1_000, 500, 7, 2, 1,
                        new long[] {450, 1, 0, 2}),
                TraceRecord.marker(TraceFormat.MARKER_PHASE_BEGIN, 100, 1_200, 2, "checkout ✓"),
                TraceRecord.period(TraceFormat.FLAG_LAST, -200, 900, 1_000, 0, 2, 2, new long[] {100, 0, 3, 0}),
                TraceRecord.marker(TraceFormat.MARKER_GC_BEGIN, 0, 1_300, 2, ""),
                TraceRecord.marker(TraceFormat.MARKER_POINT, 100, 1_400, 2, "x".repeat(1024)));
    }

    private static List<TraceRecord> readAll(Path f) throws Exception {
        List<TraceRecord> out = new ArrayList<>();
        try (TraceFileReader r = TraceFileReader.open(f)) {
            r.forEach(out::add);
            assertThat(r.warning()).isNull();
        }
        return out;
    }

    /** The message of the format exception reading the file must give: one line, naming the file. */
    private static String failureOf(Path f) {
        Throwable t = catchThrowable(() -> readAll(f));
        assertThat(t).isInstanceOf(TraceFormatException.class);
        assertThat(t.getMessage()).doesNotContain("\n").startsWith(f + ": ");
        return t.getMessage().substring(f.toString().length() + 2);
    }

    /** A file made byte by byte from docs/formats/trace.md: header, then records. */
    private static ByteBuffer handMade(int k, int major, int cpu, long run) {
        ByteBuffer b = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        b.put("CNDTRACE".getBytes(StandardCharsets.US_ASCII)).putShort((short) major).putShort((short) TraceFormat.MINOR)
                .putShort((short) k).putShort((short) 0).putInt(cpu).putInt(0).putLong(run);
        return b;
    }

    private static void period(ByteBuffer b, int size, int flags, int thread, long start, long duration, int method,
            int cpu, int startCpu, long... counters) {
        b.putShort((short) size).put((byte) 1).put((byte) flags).putInt(thread).putLong(start).putLong(duration)
                .putInt(method).putShort((short) cpu).putShort((short) startCpu).putInt(0).putInt(0);
        for (long c : counters) b.putLong(c);
    }

    private Path write(String name, ByteBuffer b) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, Arrays.copyOf(b.array(), b.position()));
        return f;
    }

    @Test
    void whatTheWriterWritesReadsBack() throws Exception {
        Path f = TraceFixtures.file(dir.resolve("cpu-2.ctrace"), 2, 4, TraceFixtures.RUN, sample());
        try (TraceFileReader r = TraceFileReader.open(f)) {
            assertThat(r.cpu()).isEqualTo(2);
            assertThat(r.counterCount()).isEqualTo(4);
            assertThat(r.runId()).isEqualTo(TraceFixtures.RUN);
            assertThat(r.minor()).isEqualTo(TraceFormat.MINOR);
            assertThat(r.isMerged()).isFalse();
            assertThat(r.metaText()).isNull();
        }
        List<TraceRecord> back = readAll(f);
        assertThat(back).isEqualTo(sample());
        TraceRecord blocked = back.get(2);
        assertThat(blocked.tid()).isEqualTo(200);
        assertThat(blocked.yielded()).isTrue();
        assertThat(blocked.isLast()).isTrue();
        assertThat(blocked.isFirst()).isFalse();
        assertThat(blocked.end()).isEqualTo(1_900);
        assertThat(back.get(0).startCpu()).isEqualTo(1);
        assertThat(back.get(1).text()).isEqualTo("checkout ✓");
        assertThat(back.get(1).markerKind()).isEqualTo(TraceFormat.MARKER_PHASE_BEGIN);
        // no temporary file left beside it
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(f);
        }
    }

    @Test
    void theWriterWritesTheSpecsBytes() throws Exception {
        ByteBuffer b = handMade(2, 1, 3, 77);
        period(b, 56, 5, -42, 1_000_000, 2_500, 0xFFFFFFF0, 3, 1, 2_000, 9);
        // a marker: 24 bytes, then "hi" and zeros up to 8
        b.putShort((short) 32).put((byte) 2).put((byte) 4).putInt(0).putLong(1_002_000).putShort((short) 3)
                .putShort((short) 2).putInt(0).put((byte) 'h').put((byte) 'i').put(new byte[6]);
        byte[] expected = Arrays.copyOf(b.array(), b.position());

        Path f = TraceFixtures.file(dir.resolve("w.ctrace"), 3, 2, 77, List.of(
                TraceRecord.period(5, -42, 1_000_000, 2_500, 0xFFFFFFF0, 3, 1, new long[] {2_000, 9}),
                TraceRecord.marker(TraceFormat.MARKER_GC_BEGIN, 0, 1_002_000, 3, "hi")));
        assertThat(Files.readAllBytes(f)).isEqualTo(expected);
        List<TraceRecord> back = readAll(write("hand.ctrace", b));
        assertThat(back.get(0).methodId()).isEqualTo(0xFFFFFFF0);
        assertThat(back.get(0).isFirst()).isTrue();
        assertThat(back.get(0).isTick()).isTrue();
        assertThat(back.get(0).counter(1)).isEqualTo(9);
        assertThat(back.get(1).text()).isEqualTo("hi");
    }

    @Test
    void aFileCutInARecordReadsToItsLastWholeRecord() throws Exception {
        Path f = TraceFixtures.file(dir.resolve("cpu-3.ctrace"), 3, 4, 1, sample().subList(0, 3));
        byte[] whole = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(whole, whole.length - 55)); // the last period (72 bytes) cut to 17
        List<TraceRecord> back = new ArrayList<>();
        try (TraceFileReader r = TraceFileReader.open(f)) {
            r.forEach(back::add);
            assertThat(r.warning()).isEqualTo("cpu-3.ctrace: the last 17 bytes are not a whole record (a run killed while"
                    + " writing?); read up to there");
            assertThat(r.next()).isNull();
        }
        assertThat(back).isEqualTo(sample().subList(0, 2));

        Files.write(f, Arrays.copyOf(whole, whole.length - 72 + 5)); // not even the 8 bytes every record starts with
        try (TraceFileReader r = TraceFileReader.open(f)) {
            assertThat(r.next()).isEqualTo(sample().get(0));
            assertThat(r.next()).isEqualTo(sample().get(1));
            assertThat(r.next()).isNull();
            assertThat(r.warning()).startsWith("cpu-3.ctrace: the last 5 bytes are not a whole record");
        }
    }

    @Test
    void recordsOfUnknownTypesAndLongerPeriodsAreSteppedOver() throws Exception {
        ByteBuffer b = handMade(1, 1, 0, 5);
        b.putShort((short) 40).put((byte) 9).put((byte) 0).putInt(1).put(new byte[32]); // type 9: a later minor's
        period(b, 56, 0, 7, 10, 20, 0, 0, 0, 30, 0xDEAD); // 8 bytes more than K = 1 needs: read, the rest skipped
        period(b, 48, 0, 8, 11, 21, 0, 0, 0, 31);
        Path f = write("cpu-0.ctrace", b);
        try (TraceFileReader r = TraceFileReader.open(f)) {
            TraceRecord first = r.next();
            assertThat(first.thread()).isEqualTo(7);
            assertThat(first.counters()).containsExactly(30);
            assertThat(r.next().thread()).isEqualTo(8);
            assertThat(r.next()).isNull();
            assertThat(r.skippedRecords()).isEqualTo(1);
            assertThat(r.warning()).isNull();
        }
    }

    @Test
    void corruptSizesAreRefused() throws Exception {
        ByteBuffer b = handMade(0, 1, 0, 5);
        period(b, 40, 0, 7, 10, 20, 0, 0, 0);
        b.putShort((short) 20).put((byte) 1).put((byte) 0).putInt(1).put(new byte[24]);
        assertThat(failureOf(write("small.ctrace", b)))
                .isEqualTo("corrupt record at byte 72: size 20 (a record is a multiple of 8 bytes, at least 24)");

        b = handMade(0, 1, 0, 5);
        b.putShort((short) 36).put((byte) 1).put((byte) 0).putInt(1).put(new byte[40]);
        assertThat(failureOf(write("odd.ctrace", b)))
                .isEqualTo("corrupt record at byte 32: size 36 (a record is a multiple of 8 bytes, at least 24)");

        b = handMade(4, 1, 0, 5);
        period(b, 40, 0, 7, 10, 20, 0, 0, 0); // K = 4 wants 72
        assertThat(failureOf(write("short-period.ctrace", b)))
                .isEqualTo("corrupt record at byte 32: a period of 40 bytes, less than the 72 of its 4 counters");

        b = handMade(0, 1, 0, 5);
        b.putShort((short) 32).put((byte) 2).put((byte) 1).putInt(1).putLong(5).putShort((short) 0).putShort((short) 9)
                .putInt(0).putLong(0);
        assertThat(failureOf(write("marker.ctrace", b)))
                .isEqualTo("corrupt record at byte 32: a marker's text of 9 bytes in a record of 32 bytes");
    }

    @Test
    void foreignFilesAndOtherVersionsAreRefused() throws Exception {
        assertThat(failureOf(write("empty.ctrace", ByteBuffer.allocate(0)))).isEqualTo("an empty file, not a Candor trace file");
        ByteBuffer zip = ByteBuffer.allocate(64);
        zip.put(new byte[] {0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0}).position(40);
        assertThat(failureOf(write("x.zip", zip))).isEqualTo("not a Candor trace file (it begins 50 4B 03 04 14 00 00 00, not CNDTRACE)");
        ByteBuffer tiny = ByteBuffer.allocate(3);
        tiny.put(new byte[] {'a', 'b', 'c'});
        assertThat(failureOf(write("tiny", tiny))).isEqualTo("not a Candor trace file (it begins 61 62 63, not CNDTRACE)");
        ByteBuffer header = handMade(0, 1, 0, 5);
        header.position(20);
        assertThat(failureOf(write("cut-header.ctrace", header))).isEqualTo("a Candor trace file cut within its header (20 of 32 bytes)");
        assertThat(failureOf(write("v2.ctrace", handMade(4, 2, 0, 5))))
                .isEqualTo("trace format 2." + TraceFormat.MINOR + " is not one this Candor reads (1.x); a newer Candor reads it");
        assertThat(failureOf(write("k17.ctrace", handMade(17, 1, 0, 5)))).isEqualTo("corrupt header: 17 counters a period (at most 16)");
    }

    @Test
    void aMergedTracesMetaRecordSmallAndLarge() throws Exception {
        for (int length : new int[] {0, 10, 65_520, 65_521, 300_001}) {
            String text = "m".repeat(length);
            Path f = dir.resolve("merged-" + length + ".ctrace");
            try (TraceFileWriter w = TraceFileWriter.create(f, TraceFormat.MERGED_CPU, 4, 3)) {
                w.writeMeta(text);
                w.write(sample().get(0));
                w.commit();
            }
            byte[] bytes = Files.readAllBytes(f);
            ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            long recordLength = (8 + length + 7) / 8 * 8;
            assertThat(b.getShort(32) & 0xFFFF).as("size field of a %d-byte meta", length)
                    .isEqualTo(recordLength > 65_528 ? 0 : (int) recordLength);
            assertThat(b.get(34)).isEqualTo((byte) 3);
            assertThat(b.getInt(36)).isEqualTo(length);
            try (TraceFileReader r = TraceFileReader.open(f)) {
                assertThat(r.isMerged()).isTrue();
                assertThat(r.metaText()).isEqualTo(text);
                assertThat(r.next()).isEqualTo(sample().get(0));
                assertThat(r.next()).isNull();
            }
        }
    }

    @Test
    void aMergedTraceWithoutItsMetaOrWithOneTooLong() throws Exception {
        ByteBuffer b = handMade(0, 1, -1, 5);
        period(b, 40, 0, 7, 10, 20, 0, 0, 0);
        assertThat(failureOf(write("nometa.ctrace", b))).isEqualTo("a merged trace whose first record is not its meta (type 1)");
        b = handMade(0, 1, -1, 5);
        b.putShort((short) 0).put((byte) 3).put((byte) 0).putInt(100_000).put(new byte[64]);
        assertThat(failureOf(write("longmeta.ctrace", b))).isEqualTo("the meta record (100008 bytes at byte 32) runs past the end of"
                + " the file (104 bytes): a merged trace cut short?");
        b = handMade(0, 1, -1, 5);
        b.putShort((short) 0).put((byte) 3).put((byte) 0).putInt(-1);
        assertThat(failureOf(write("hugemeta.ctrace", b))).isEqualTo("corrupt record at byte 32: a meta record of 4294967295 bytes of text (at most 256 MiB)");
    }

    @Test
    void theWriterLeavesNothingWithoutACommit() throws Exception {
        Path f = dir.resolve("never.ctrace");
        try (TraceFileWriter w = TraceFileWriter.create(f, 0, 4, 1)) {
            w.write(sample().get(0));
        }
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
        Throwable t = catchThrowable(() -> TraceFileWriter.create(dir.resolve("no/such/dir/x.ctrace"), 0, 0, 1));
        assertThat(t).isInstanceOf(java.io.IOException.class);
    }

    @Test
    void aLargeFileStreams() throws Exception {
        // more than the reader's buffer many times over, records straddling every refill
        Path f = dir.resolve("big.ctrace");
        int n = 50_000;
        try (TraceFileWriter w = TraceFileWriter.create(f, 1, 3, 1)) {
            for (int i = 0; i < n; i++) {
                if (i % 7 == 0) w.write(TraceRecord.marker(1, i, i, 1, "m" + "y".repeat(i % 40)));
                else w.write(TraceRecord.period(0, i, i, 1, 1, 1, 1, new long[] {i, i + 1, i + 2}));
            }
            w.commit();
        }
        int[] count = {0};
        try (TraceFileReader r = TraceFileReader.open(f)) {
            r.forEach(rec -> {
                assertThat(rec.thread()).isEqualTo(count[0]);
                if (rec.isMarker()) assertThat(rec.text()).hasSize(1 + count[0] % 40);
                else assertThat(rec.counter(2)).isEqualTo(count[0] + 2);
                count[0]++;
            });
        }
        assertThat(count[0]).isEqualTo(n);
    }
}
