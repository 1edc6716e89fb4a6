package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.cli.InProcessCli.candor;
import static org.candor.cli.InProcessCli.oneLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceFileWriter;
import org.candor.core.trace.TraceFormat;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceRecord;
import org.candor.core.trace.TraceSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code candor trace} in this JVM, through Main as the command line runs it, on traces written by core's writer. */
class TraceCommandTest {

    @TempDir Path tmp;

    private static long[] c(long task, long faults, long voluntary, long involuntary) {
        return new long[] {task, faults, voluntary, involuntary};
    }

    /** Two CPUs, two threads and the agent's GC markers; each file in the order periods ended. */
    private Path traceDir() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run.trace"));
        TraceMeta meta = new TraceMeta.Builder().runId(77).pid(4242).clock("monotonic", 1_000_000_000L).interval(1_000_000)
                .cpus(2).standardCounters().thread(100, 0, 1, "main").thread(200, 0, 12, "worker\nfake line")
                .method(7, "Lcom/acme/Foo;", "run", "()V").method(9, "[vm]", "GC", "").dropped(2).end(100_000_000).build();
        Files.writeString(dir.resolve("meta"), meta.toText());
        try (TraceFileWriter w = TraceFileWriter.create(dir.resolve("cpu-0.ctrace"), 0, 4, 77)) {
            w.write(TraceRecord.period(TraceFormat.FLAG_FIRST | TraceFormat.FLAG_TICK, 100, 1_000_000, 1_000_000, 7, 0, 0, c(1_000_000, 3, 0, 0)));
            w.write(TraceRecord.marker(TraceFormat.MARKER_POINT, 100, 2_500_000, 0, "hello\nworld"));
            w.write(TraceRecord.period(TraceFormat.FLAG_TICK, -100, 2_000_000, 1_000_000, 7, 0, 1, c(400_000, 0, 1, 0)));
            w.commit();
        }
        try (TraceFileWriter w = TraceFileWriter.create(dir.resolve("cpu-1.ctrace"), 1, 4, 77)) {
            w.write(TraceRecord.marker(TraceFormat.MARKER_GC_BEGIN, 0, 1_500_000, 1, ""));
            w.write(TraceRecord.period(TraceFormat.FLAG_LAST, 200, 500_000, 2_000_000, 9, 1, 1, c(1_500_000, 1, 0, 2)));
            w.write(TraceRecord.marker(TraceFormat.MARKER_GC_END, 0, 1_600_000, 1, ""));
            w.commit();
        }
        return dir;
    }

    @Test
    void mergePutsTheRecordsInTimeOrder() throws Exception {
        Path dir = traceDir();
        Path out = tmp.resolve("run.ctrace");
        InProcessCli.Run r = candor("trace", "merge", dir.toString(), "-o", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.out).isEqualTo("merged 6 records (3 markers) of 2 CPU files into " + out + "\n");
        assertThat(r.err).isEmpty();
        TraceSource merged = TraceDirectory.open(out);
        assertThat(merged.isMerged()).isTrue();
        long[] last = {Long.MIN_VALUE};
        merged.forEach(rec -> {
            assertThat(rec.time()).isGreaterThanOrEqualTo(last[0]);
            last[0] = rec.time();
        });
    }

    @Test
    void dumpShowsARecordALine() throws Exception {
        Path dir = traceDir();
        Path out = tmp.resolve("run.ctrace");
        assertThat(candor("trace", "merge", dir.toString(), "-o", out.toString()).exit).isZero();
        InProcessCli.Run r = candor("trace", "dump", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.err).isEmpty();
        assertThat(r.out.lines()).containsExactly(
                "              +0  cpu 1  tid 200 \"worker\\nfake line\"  period last  dur 2,000,000  at [vm].GC"
                        + "  task-clock=1,500,000 page-faults=1 voluntary-switches=0 involuntary-switches=2",
                "        +500,000  cpu 0  tid 100 \"main\"  period first tick  dur 1,000,000  at com.acme.Foo.run()V"
                        + "  task-clock=1,000,000 page-faults=3 voluntary-switches=0 involuntary-switches=0",
                "      +1,000,000  cpu 1  tid 0  marker gc-begin \"\"",
                "      +1,100,000  cpu 1  tid 0  marker gc-end \"\"",
                "      +1,500,000  cpu 0 (from 1)  tid 100 \"main\"  period yielded tick  dur 1,000,000  at com.acme.Foo.run()V"
                        + "  task-clock=400,000 page-faults=0 voluntary-switches=1 involuntary-switches=0",
                "      +2,000,000  cpu 0  tid 100 \"main\"  marker point \"hello\\nworld\"");

        InProcessCli.Run limited = candor("trace", "dump", dir.toString(), "--limit", "2", "--absolute");
        assertThat(limited.exit).as(limited.toString()).isZero();
        assertThat(limited.out.lines()).hasSize(2);
        assertThat(limited.out.lines().findFirst().get()).startsWith("       1,000,000  cpu 0  tid 100 \"main\"  period first tick");
    }

    @Test
    void statsSumsPerThread() throws Exception {
        Path dir = traceDir();
        InProcessCli.Run r = candor("trace", "stats", dir.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.err).isEmpty();
        assertThat(r.out).isEqualTo("Candor trace " + dir + ": run 77, pid 4242, 2 CPUs, interval 1.00 ms\n"
                + "3 periods and 3 markers of 3 threads over 2.50 ms\n"
                + "\n"
                + "  tid  periods     real      cpu  blocked  descheduled  page-faults  voluntary-switches  involuntary-switches  markers  name\n"
                + "    0        0     0 ns     0 ns     0 ns         0 ns            0                   0                     0        2  -\n"
                + "  100        2  2.00 ms  1.40 ms   600 µs         0 ns            3                   1                     0        1  main\n"
                + "  200        1  2.00 ms  1.50 ms     0 ns       500 µs            1                   0                     2        0  worker\\nfake line\n"
                + "total        3  4.00 ms  2.90 ms   600 µs       500 µs            4                   1                     2        3\n"
                + "\n"
                + "dropped records: 2\n"
                + "periods end at sampling ticks (the trace does not record context switches)\n");
    }

    @Test
    void aTruncatedFileWarnsAndGoesOn() throws Exception {
        Path dir = traceDir();
        Path f = dir.resolve("cpu-0.ctrace");
        byte[] b = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(b, b.length - 17));
        String warning = "cpu-0.ctrace: the last 55 bytes are not a whole record (a run killed while writing?); read up to there";

        InProcessCli.Run stats = candor("trace", "stats", dir.toString());
        assertThat(stats.exit).as(stats.toString()).isZero();
        assertThat(stats.out).contains("\nwarning: " + warning + "\n");

        InProcessCli.Run dump = candor("trace", "dump", dir.toString());
        assertThat(dump.exit).as(dump.toString()).isZero();
        assertThat(dump.out.lines()).hasSize(5);
        oneLine(dump, 0, "candor: warning: " + warning);

        InProcessCli.Run merge = candor("trace", "merge", dir.toString(), "-o", tmp.resolve("m.ctrace").toString());
        oneLine(merge, 0, "candor: warning: " + warning);
        assertThat(merge.out).startsWith("merged 5 records (3 markers) of 2 CPU files");
    }

    @Test
    void badInputGetsOneLineAndAnExitCode() throws Exception {
        Path dir = traceDir();
        oneLine(candor("trace"), 2, "candor: error: trace: merge, dump, stats or cut? (usage: candor trace merge|dump|stats|cut ...)");
        oneLine(candor("trace", "squash"), 2, "candor: error: trace: unknown command 'squash' (commands: merge, dump, stats, cut)");
        oneLine(candor("trace", "merge", dir.toString()), 2, "candor: error: trace merge: where should the merged trace go? (-o FILE)");
        oneLine(candor("trace", "merge", "-o", "x"), 2, "candor: error: trace merge: which trace directory? (usage: candor trace merge DIR -o FILE)");
        oneLine(candor("trace", "dump", dir.toString(), "--colour"), 2, "candor: error: trace: unknown option '--colour' (see 'candor help trace')");
        oneLine(candor("trace", "dump", dir.toString(), "--limit", "many"), 2,
                "candor: error: trace: option --limit needs a whole number >= 0, not 'many'");
        oneLine(candor("trace", "stats"), 2, "candor: error: trace stats: which trace? (usage: candor trace stats FILE|DIR)");

        Path missing = tmp.resolve("nothing");
        oneLine(candor("trace", "stats", missing.toString()), 1, "candor: error: no such file: " + missing);
        oneLine(candor("trace", "merge", missing.toString(), "-o", tmp.resolve("x").toString()), 1, "candor: error: no such file: " + missing);

        Path foreign = tmp.resolve("notes.txt");
        Files.writeString(foreign, "just some text, long enough for a header....");
        oneLine(candor("trace", "dump", foreign.toString()), 1,
                "candor: error: " + foreign + ": not a Candor trace file (it begins 6A 75 73 74 20 73 6F 6D, not CNDTRACE)");

        Path plain = Files.createDirectories(tmp.resolve("plain"));
        oneLine(candor("trace", "stats", plain.toString()), 1, "candor: error: " + plain
                + ": no meta file, so not a trace directory (a traced run leaves 'meta' and cpu-N.ctrace files)");

        Files.writeString(dir.resolve("meta"), "candor-trace\t2\t0\nrun\t77\n");
        oneLine(candor("trace", "stats", dir.toString()), 1, "candor: error: " + dir.resolve("meta")
                + ": meta of trace format 2 (this Candor reads 1)");
        assertThat(Files.exists(tmp.resolve("x"))).isFalse();
    }

    @Test
    void helpNamesTheSubCommands() {
        InProcessCli.Run r = candor("help", "trace");
        assertThat(r.exit).isZero();
        assertThat(r.out).startsWith("usage: candor trace merge DIR -o FILE\n");
        assertThat(candor("help").out).contains("  trace        merge, dump, sum up or cut a traced run's per-CPU trace files");
        assertThat(List.of(candor("trace", "stats", "--help").out)).allMatch(s -> s.startsWith("usage: candor trace"));
    }
}
