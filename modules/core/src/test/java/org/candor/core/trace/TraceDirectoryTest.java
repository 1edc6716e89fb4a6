package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceDirectoryTest {

    @TempDir Path tmp;

    private Path twoCpus() throws Exception {
        return TraceFixtures.directory(tmp.resolve("run"), TraceFixtures.meta(),
                List.of(TraceFixtures.period(100, 10, 5, 0, 5, 0, 0, 0), TraceFixtures.period(100, 15, 5, 0, 5, 0, 0, 0)),
                List.of(TraceFixtures.period(200, 12, 4, 1, 4, 0, 0, 0)));
    }

    @Test
    void aDirectoryReadsFileByFile() throws Exception {
        Path dir = twoCpus();
        Files.write(dir.resolve("cpu-10.ctrace"), Files.readAllBytes(dir.resolve("cpu-1.ctrace")));
        Files.write(dir.resolve(".cpu-2.ctrace.123.tmp"), new byte[] {1, 2, 3}); // a writer's temporary file: not ours
        TraceSource s = TraceDirectory.open(dir);
        assertThat(s.isMerged()).isFalse();
        assertThat(s.files()).extracting(p -> p.getFileName().toString()).containsExactly("cpu-0.ctrace", "cpu-1.ctrace", "cpu-10.ctrace");
        assertThat(s.meta()).isEqualTo(TraceFixtures.meta());
        assertThat(s.counterCount()).isEqualTo(4);
        assertThat(s.runId()).isEqualTo(TraceFixtures.RUN);
        assertThat(s.counterName(3)).isEqualTo("involuntary-switches");
        assertThat(s.counterIndex("task-clock")).isZero();
        List<Long> starts = new ArrayList<>();
        s.forEach(r -> starts.add(r.start()));
        assertThat(starts).containsExactly(10L, 15L, 12L, 12L);
        assertThat(s.warnings()).isEmpty();
        // a visitor can stop
        int[] seen = {0};
        assertThat(s.visit(r -> ++seen[0] < 2)).isFalse();
        assertThat(seen[0]).isEqualTo(2);
    }

    @Test
    void aFileOfAnotherRunIsRefused() throws Exception {
        Path dir = twoCpus();
        TraceFixtures.file(dir.resolve("cpu-1.ctrace"), 1, 4, 12345, List.of());
        assertThatThrownBy(() -> TraceDirectory.open(dir)).isInstanceOf(TraceFormatException.class)
                .hasMessage(dir.resolve("cpu-1.ctrace") + ": belongs to run 12345, not to run "
                        + Long.toUnsignedString(TraceFixtures.RUN) + " of " + dir.resolve("meta"));
    }

    @Test
    void filesWithDifferentCountersAreRefused() throws Exception {
        Path dir = twoCpus();
        TraceFixtures.file(dir.resolve("cpu-1.ctrace"), 1, 2, TraceFixtures.RUN, List.of());
        assertThatThrownBy(() -> TraceDirectory.open(dir))
                .hasMessage(dir.resolve("cpu-1.ctrace") + ": has 2 counters a period where cpu-0.ctrace has 4");
    }

    @Test
    void aDirectoryWithoutMetaIsNotATrace() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("plain"));
        assertThatThrownBy(() -> TraceDirectory.open(dir)).isInstanceOf(TraceFormatException.class)
                .hasMessage(dir + ": no meta file, so not a trace directory (a traced run leaves 'meta' and cpu-N.ctrace files)");
        assertThatThrownBy(() -> TraceDirectory.open(tmp.resolve("none"))).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void aMetaWithoutRunOrAnEmptyDirectory() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("early"));
        Files.writeString(dir.resolve("meta"), "candor-trace\t1\t0\n");
        assertThatThrownBy(() -> TraceDirectory.open(dir))
                .hasMessage(dir.resolve("meta") + ": has no 'run' line (the run was killed as it began?)");
        Files.writeString(dir.resolve("meta"), "candor-trace\t1\t0\nrun\t5\n");
        TraceSource s = TraceDirectory.open(dir);
        assertThat(s.files()).isEmpty();
        assertThat(s.warnings()).containsExactly(dir + ": no cpu-N.ctrace files (no records)");
    }

    @Test
    void aTruncatedFileWarnsAndTheRestReads() throws Exception {
        Path dir = twoCpus();
        Path f = dir.resolve("cpu-0.ctrace");
        byte[] b = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(b, b.length - 10));
        TraceSource s = TraceDirectory.open(dir);
        List<TraceRecord> all = new ArrayList<>();
        s.forEach(all::add);
        s.forEach(r -> { }); // twice: the warning once
        assertThat(all).hasSize(2);
        assertThat(s.warnings()).containsExactly("cpu-0.ctrace: the last 62 bytes are not a whole record (a run killed while"
                + " writing?); read up to there");
    }

    @Test
    void oneCpuFileReadsWithItsDirectorysMeta() throws Exception {
        Path dir = twoCpus();
        TraceSource s = TraceDirectory.open(dir.resolve("cpu-1.ctrace"));
        assertThat(s.files()).containsExactly(dir.resolve("cpu-1.ctrace"));
        List<TraceRecord> all = new ArrayList<>();
        s.forEach(all::add);
        assertThat(all).hasSize(1);

        Path alone = Files.createDirectories(tmp.resolve("alone"));
        Files.copy(dir.resolve("cpu-1.ctrace"), alone.resolve("cpu-1.ctrace"));
        assertThatThrownBy(() -> TraceDirectory.open(alone.resolve("cpu-1.ctrace")))
                .hasMessage(alone.resolve("cpu-1.ctrace") + ": holds CPU 1's records of a trace, and its directory has no"
                        + " meta file; open the trace directory or a merged trace");
    }

    @Test
    void aMergedTraceOpensAlone() throws Exception {
        Path dir = twoCpus();
        Path merged = tmp.resolve("run.ctrace");
        TraceMerge.merge(dir, merged);
        TraceSource s = TraceDirectory.open(merged);
        assertThat(s.isMerged()).isTrue();
        assertThat(s.files()).containsExactly(merged);
        assertThat(s.meta()).isEqualTo(TraceFixtures.meta());
        List<Long> starts = new ArrayList<>();
        s.forEach(r -> starts.add(r.start()));
        assertThat(starts).containsExactly(10L, 12L, 15L);
        // a merged trace is not a per-CPU file of a directory
        Files.copy(merged, dir.resolve("cpu-5.ctrace"));
        assertThatThrownBy(() -> TraceDirectory.open(dir))
                .hasMessage(dir.resolve("cpu-5.ctrace") + ": is a merged trace, not a per-CPU file; open it alone");
    }

    @Test
    void aMergedTraceWhoseMetaIsOfAnotherRun() throws Exception {
        Path f = tmp.resolve("odd.ctrace");
        try (TraceFileWriter w = TraceFileWriter.create(f, TraceFormat.MERGED_CPU, 4, 99)) {
            w.writeMeta(TraceFixtures.meta().toText());
            w.commit();
        }
        assertThatThrownBy(() -> TraceDirectory.open(f))
                .hasMessage(f + ": the meta is of run " + Long.toUnsignedString(TraceFixtures.RUN) + ", the records of run 99");
    }
}
