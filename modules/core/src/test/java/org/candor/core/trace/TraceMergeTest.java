package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceMergeTest {

    @TempDir Path tmp;

    /** Records of one CPU in the order a writer leaves them: by end, so not by start. */
    private static List<TraceRecord> cpu(Random random, int cpu, int n) {
        List<TraceRecord> out = new ArrayList<>();
        long[] threadEnd = {0, 0, 0};
        for (int i = 0; i < n; i++) {
            int t = random.nextInt(3);
            long start = threadEnd[t] + random.nextInt(50);
            long duration = 1 + random.nextInt(10_000);
            threadEnd[t] = start + duration;
            int tid = 1000 * (cpu + 1) + t;
            if (random.nextInt(10) == 0) {
                out.add(TraceRecord.marker(TraceFormat.MARKER_POINT, tid, start, cpu, "m" + i));
            } else {
                out.add(TraceRecord.period(0, random.nextBoolean() ? tid : -tid, start, duration, 7, cpu, cpu,
                        new long[] {duration / 2, 0, 1, 0}));
            }
        }
        out.sort(Comparator.comparingLong(TraceRecord::end));
        return out;
    }

    private static List<TraceRecord> read(Path f) throws Exception {
        List<TraceRecord> out = new ArrayList<>();
        TraceDirectory.open(f).forEach(out::add);
        return out;
    }

    private static final Comparator<TraceRecord> ORDER = Comparator.comparingLong(TraceRecord::time)
            .thenComparingInt(TraceRecord::cpu).thenComparingInt(TraceRecord::tid);

    @Test
    void threeUnsortedFilesMergeIntoTimeOrder() throws Exception {
        Random random = new Random(42);
        List<TraceRecord> a = cpu(random, 0, 300), b = cpu(random, 1, 500), c = cpu(random, 2, 1);
        assertThat(a).isNotEqualTo(sorted(a)); // the input really is out of order
        Path dir = TraceFixtures.directory(tmp.resolve("run"), TraceFixtures.meta(), a, b, c);
        Path out = tmp.resolve("merged.ctrace");

        TraceMerge.Result result = TraceMerge.merge(dir, out);

        List<TraceRecord> all = new ArrayList<>(a);
        all.addAll(b);
        all.addAll(c);
        List<TraceRecord> merged = read(out);
        assertThat(merged).isSortedAccordingTo(ORDER);
        assertThat(merged).containsExactlyInAnyOrderElementsOf(all);
        assertThat(result.records()).isEqualTo(801);
        assertThat(result.markers()).isEqualTo(all.stream().filter(TraceRecord::isMarker).count());
        assertThat(result.periods()).isEqualTo(801 - result.markers());
        assertThat(result.files()).isEqualTo(3);
        assertThat(result.warnings()).isEmpty();
        try (TraceFileReader r = TraceFileReader.open(out)) {
            assertThat(r.isMerged()).isTrue();
            assertThat(r.runId()).isEqualTo(TraceFixtures.RUN);
            assertThat(r.counterCount()).isEqualTo(4);
            assertThat(TraceMeta.parse("m", r.metaText())).isEqualTo(TraceFixtures.meta());
        }
    }

    private static List<TraceRecord> sorted(List<TraceRecord> l) {
        List<TraceRecord> s = new ArrayList<>(l);
        s.sort(ORDER);
        return s;
    }

    @Test
    void aSpanTooLongToPackSortsTheOtherWay() throws Exception {
        // times 2^61 apart leave no room beside the records' numbers in one long: the merge sort orders them
        long far = 1L << 61;
        TraceRecord late = TraceFixtures.period(7, far + 5, 10, 0, 1, 2, 3, 4);
        TraceRecord early = TraceFixtures.period(7, 5, 10, 0, 1, 2, 3, 4);
        TraceRecord middle = TraceRecord.marker(TraceFormat.MARKER_POINT, 7, far / 2, 1, "half way");
        TraceRecord tie = TraceFixtures.period(3, far / 2, 10, 1, 1, 2, 3, 4);
        Path dir = TraceFixtures.directory(tmp.resolve("far"), TraceFixtures.meta(), List.of(late, early), List.of(middle, tie));
        Path out = tmp.resolve("far.ctrace");
        TraceMerge.merge(dir, out);
        assertThat(read(out)).containsExactly(early, tie, middle, late);
    }

    @Test
    void tiesGoByCpuThenThreadThenFileOrder() throws Exception {
        TraceRecord m1 = TraceRecord.marker(TraceFormat.MARKER_POINT, 9, 100, 1, "first on cpu 1");
        TraceRecord m2 = TraceRecord.marker(TraceFormat.MARKER_POINT, 9, 100, 1, "second on cpu 1");
        TraceRecord p5 = TraceFixtures.period(-5, 100, 10, 1, 1, 2, 3, 4);
        TraceRecord p3 = TraceFixtures.period(3, 100, 10, 0, 1, 2, 3, 4);
        TraceRecord p2 = TraceFixtures.period(2, 100, 10, 1, 1, 2, 3, 4);
        Path dir = TraceFixtures.directory(tmp.resolve("ties"), TraceFixtures.meta(), List.of(p3), List.of(m1, p5, m2, p2));
        Path out = tmp.resolve("ties.ctrace");
        TraceMerge.merge(dir, out);
        assertThat(read(out)).containsExactly(p3, p2, p5, m1, m2);
    }

    @Test
    void aTruncatedFileMergesUpToItsLastWholeRecordWithAWarning() throws Exception {
        Random random = new Random(1);
        Path dir = TraceFixtures.directory(tmp.resolve("cut"), TraceFixtures.meta(), cpu(random, 0, 10), cpu(random, 1, 10));
        Path f = dir.resolve("cpu-1.ctrace");
        byte[] bytes = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(bytes, bytes.length - 3));
        TraceMerge.Result result = TraceMerge.merge(dir, tmp.resolve("cut.ctrace"));
        assertThat(result.records()).isEqualTo(19);
        assertThat(result.warnings()).hasSize(1);
        assertThat(result.warnings().get(0)).startsWith("cpu-1.ctrace: the last ");
        assertThat(read(tmp.resolve("cut.ctrace"))).hasSize(19);
    }

    @Test
    void aFailedMergeLeavesNoFile() throws Exception {
        Path dir = TraceFixtures.directory(tmp.resolve("bad"), TraceFixtures.meta(), List.of());
        Files.write(dir.resolve("cpu-1.ctrace"), new byte[] {'n', 'o', 'p', 'e'});
        Path out = tmp.resolve("bad.ctrace");
        assertThatThrownBy(() -> TraceMerge.merge(dir, out)).isInstanceOf(TraceFormatException.class)
                .hasMessage(dir.resolve("cpu-1.ctrace") + ": not a Candor trace file (it begins 6E 6F 70 65, not CNDTRACE)");
        assertThat(out).doesNotExist();
        try (var files = Files.list(tmp)) {
            assertThat(files).containsExactly(dir);
        }
        assertThatThrownBy(() -> TraceMerge.merge(out, tmp.resolve("x"))).isInstanceOf(java.nio.file.NoSuchFileException.class);
    }

    /**
     * Enough records that the copy runs in spans on several threads (a span is at least 65,536 records): the merged file
     * holds every record once, in time order, whichever thread copied it.
     */
    @Test
    void manyRecordsAreCopiedInSpansInTimeOrder() throws Exception {
        Random random = new Random(7);
        int perCpu = 75_000;
        Path dir = Files.createDirectories(tmp.resolve("many"));
        TraceMeta meta = TraceFixtures.meta();
        Files.writeString(dir.resolve("meta"), meta.toText());
        List<TraceRecord> all = new ArrayList<>();
        for (int cpu = 0; cpu < 4; cpu++) {
            try (TraceFileWriter w = TraceFileWriter.create(dir.resolve("cpu-" + cpu + ".ctrace"), cpu, 4, meta.runId())) {
                long t = 0;
                for (int i = 0; i < perCpu; i++) {
                    t += 500 + random.nextInt(1000);
                    // mostly in order, one in eight a period that began long before (a thread that waited), some markers
                    long start = i % 8 == 0 ? Math.max(0, t - random.nextInt(1_000_000)) : t;
                    TraceRecord r = i % 50 == 0 ? TraceRecord.marker(TraceFormat.MARKER_POINT, 100 + i % 16, start, cpu, "m" + i)
                            : TraceRecord.period(0, 100 + i % 16, start, 1000 + i, 7, cpu, cpu, new long[] {i, 2, 3, 4});
                    w.write(r);
                    all.add(r);
                }
                w.commit();
            }
        }
        Path out = tmp.resolve("many.ctrace");
        TraceMerge.Result result = TraceMerge.merge(dir, out);
        assertThat(result.records()).isEqualTo(4L * perCpu);
        List<TraceRecord> merged = read(out);
        assertThat(merged).hasSize(all.size()).isSortedAccordingTo(ORDER);
        Comparator<TraceRecord> whole = ORDER.thenComparingLong(TraceRecord::duration).thenComparing(TraceRecord::text,
                Comparator.nullsFirst(Comparator.naturalOrder()));
        merged.sort(whole);
        all.sort(whole);
        assertThat(merged).isEqualTo(all);
    }

    /**
     * The merge's order, written the plain way: every record read, a stable sort by time, CPU, thread (so ties keep
     * the order of the files, then their order within a file), each record written again. A faster merge must write
     * these very bytes.
     */
    private static void referenceMerge(Path dir, Path out) throws Exception {
        TraceSource source = TraceDirectory.open(dir);
        List<TraceRecord> all = new ArrayList<>();
        int minor = TraceFormat.MINOR;
        for (Path f : source.files()) {
            try (TraceFileReader r = TraceFileReader.open(f)) {
                minor = Math.max(minor, r.minor());
                r.forEach(all::add);
            }
        }
        all.sort(ORDER);
        try (TraceFileWriter w = TraceFileWriter.create(out, TraceFormat.MERGED_CPU, source.counterCount(), source.runId(), minor)) {
            w.writeMeta(source.meta().toText());
            for (TraceRecord r : all) w.write(r);
            w.commit();
        }
    }

    /**
     * Per-CPU files as the agent leaves them, mostly in start order, some periods begun long before (a thread that
     * waited), with many ties: times on a coarse grid, the same time on several CPUs and twice in one file, records
     * naming another CPU than their file's, markers among the periods. {@code far}: one file also holds records far
     * apart in time (more than fits beside the records' numbers in one long).
     */
    private static Path tiedTrace(Path dir, int perCpu, boolean far) throws Exception {
        Random random = new Random(15);
        TraceMeta meta = TraceFixtures.meta();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("meta"), meta.toText());
        for (int cpu = 0; cpu < 4; cpu++) {
            try (TraceFileWriter w = TraceFileWriter.create(dir.resolve("cpu-" + cpu + ".ctrace"), cpu, 4, meta.runId())) {
                long t = 0;
                for (int i = 0; i < perCpu; i++) {
                    if (random.nextInt(3) > 0) t += 100 * random.nextInt(3);
                    long start = random.nextInt(10) == 0 ? Math.max(0, t - 100 * random.nextInt(500)) : t;
                    if (far && cpu == 2 && i % 1000 == 999) start = (1L << 62) + i;
                    int thread = 100 + random.nextInt(4);
                    int recordCpu = random.nextInt(8) == 0 ? random.nextInt(4) : cpu;
                    TraceRecord r = random.nextInt(20) == 0
                            ? TraceRecord.marker(TraceFormat.MARKER_POINT, thread, start, recordCpu, "m" + cpu + "." + i)
                            : TraceRecord.period(0, random.nextBoolean() ? thread : -thread, start, 1 + i, 7, recordCpu,
                                    cpu, new long[] {i, cpu, 3, 4});
                    w.write(r);
                }
                w.commit();
            }
        }
        return dir;
    }

    @Test
    void writesTheBytesOfTheStraightforwardMerge() throws Exception {
        Path dir = tiedTrace(tmp.resolve("tied"), 40_000, false);
        Path out = tmp.resolve("tied.ctrace");
        Path expected = tmp.resolve("expected.ctrace");
        TraceMerge.merge(dir, out);
        referenceMerge(dir, expected);
        assertThat(out).hasSameBinaryContentAs(expected);
    }

    @Test
    void writesTheBytesOfTheStraightforwardMergeWhenTimesAreFarApart() throws Exception {
        Path dir = tiedTrace(tmp.resolve("far"), 20_000, true);
        Path out = tmp.resolve("far.ctrace");
        Path expected = tmp.resolve("expected.ctrace");
        TraceMerge.merge(dir, out);
        referenceMerge(dir, expected);
        assertThat(out).hasSameBinaryContentAs(expected);
    }
}
