package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.cli.InProcessCli.candor;
import static org.candor.cli.InProcessCli.oneLine;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.trace.ChromeTraceExporter;
import org.candor.core.trace.ChromeTraceJson;
import org.candor.core.trace.TraceFileWriter;
import org.candor.core.trace.TraceFormat;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code candor report --format chrome-trace} in this JVM, through Main, on traces written by core's writer. */
class ReportChromeTraceTest {

    @TempDir Path tmp;

    private static long[] c(long task, long faults, long voluntary, long involuntary) {
        return new long[] {task, faults, voluntary, involuntary};
    }

    /** Two CPUs, two threads, a phase begun on one CPU and ended on the other, the agent's GC markers. */
    private Path traceDir() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run.trace"));
        TraceMeta meta = new TraceMeta.Builder().runId(77).pid(4242).clock("monotonic", 1_000_000_000L).interval(1_000_000)
                .cpus(2).standardCounters().thread(100, 0, 1, "main").thread(200, 0, 12, "worker \"1\"\n")
                .method(7, "Lcom/acme/Foo;", "run", "()V").method(9, "[vm]", "GC", "").dropped(2).end(100_000_000).build();
        Files.writeString(dir.resolve("meta"), meta.toText());
        try (TraceFileWriter w = TraceFileWriter.create(dir.resolve("cpu-0.ctrace"), 0, 4, 77)) {
            w.write(TraceRecord.period(TraceFormat.FLAG_FIRST | TraceFormat.FLAG_TICK, 100, 1_000_000, 1_000_000, 7, 0, 0, c(1_000_000, 3, 0, 0)));
            w.write(TraceRecord.marker(TraceFormat.MARKER_POINT, 100, 2_500_000, 0, "hello\n\"world\"\t!"));
            w.write(TraceRecord.period(TraceFormat.FLAG_TICK, -100, 2_000_000, 1_000_000, 7, 0, 1, c(400_000, 0, 1, 0)));
            w.write(TraceRecord.marker(TraceFormat.MARKER_PHASE_END, 100, 2_900_000, 0, "load"));
            w.commit();
        }
        try (TraceFileWriter w = TraceFileWriter.create(dir.resolve("cpu-1.ctrace"), 1, 4, 77)) {
            w.write(TraceRecord.marker(TraceFormat.MARKER_PHASE_BEGIN, 100, 1_100_000, 1, "load"));
            w.write(TraceRecord.marker(TraceFormat.MARKER_GC_BEGIN, 0, 1_500_000, 1, ""));
            w.write(TraceRecord.period(TraceFormat.FLAG_LAST, 200, 500_000, 2_000_000, 9, 1, 1, c(1_500_000, 1, 0, 2)));
            w.write(TraceRecord.marker(TraceFormat.MARKER_GC_END, 0, 1_600_000, 1, ""));
            w.commit();
        }
        return dir;
    }

    /** A sampled snapshot whose info names {@code traceDirectory} (none when null). */
    private Path snapshot(String name, Path traceDirectory) throws Exception {
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "sample").put(SnapshotInfo.INTERVAL_NS, "1000000");
        if (traceDirectory != null) info.put(SnapshotInfo.TRACE_DIRECTORY, traceDirectory.toString());
        return TinySnapshot.write(tmp.resolve(name), info);
    }

    private static void checkEvents(ChromeTraceJson json) {
        int m = ChromeTraceExporter.MARKER_TRACK;
        assertThat(json.threadNames()).isEqualTo(Map.of(100L, "main", 200L, "worker \"1\"\n", m + 100L, "main (markers)",
                (long) ChromeTraceExporter.GC_TID, "GC"));
        assertThat(json.events("X")).hasSize(3);
        assertThat(json.events("i")).extracting(e -> e.get("name").asText()).containsExactly("hello\n\"world\"\t!");
        // the phase's begin and end are in different CPUs' files: matched all the same
        assertThat(json.events("B")).extracting(e -> e.get("name").asText() + "@" + e.get("tid")).containsExactlyInAnyOrder(
                "load@" + (m + 100), "GC@" + ChromeTraceExporter.GC_TID);
        assertThat(json.events("E")).hasSize(2);
        assertThat(json.root.get("otherData").get("runId").asText()).isEqualTo("77");
    }

    private static List<String> sorted(ChromeTraceJson json) {
        return json.events.stream().map(JsonNode::toString).sorted().collect(Collectors.toList());
    }

    @Test
    void aTraceDirectoryAMergedTraceAndASnapshotGiveTheSameEvents() throws Exception {
        Path dir = traceDir();
        Path json = tmp.resolve("out.json");
        InProcessCli.Run r = candor("report", dir.toString(), "--format", "chrome-trace", "-o", json.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.out).isEmpty();
        assertThat(r.err).isEmpty();
        ChromeTraceJson fromDir = ChromeTraceJson.check(Files.readAllBytes(json));
        checkEvents(fromDir);

        Path merged = tmp.resolve("run.ctrace");
        assertThat(candor("trace", "merge", dir.toString(), "-o", merged.toString()).exit).isZero();
        Path json2 = tmp.resolve("merged.json");
        InProcessCli.Run m = candor("report", merged.toString(), "--format", "CHROME-TRACE", "--output", json2.toString());
        assertThat(m.exit).as(m.toString()).isZero();
        ChromeTraceJson fromMerged = ChromeTraceJson.check(Files.readAllBytes(json2));
        checkEvents(fromMerged);
        assertThat(sorted(fromMerged)).isEqualTo(sorted(fromDir));

        // a traced run's snapshot: the trace it names; to standard output without -o
        Path snapshot = snapshot("run.candor", dir);
        InProcessCli.Run s = candor("report", snapshot.toString(), "--format", "chrome-trace");
        assertThat(s.exit).as(s.toString()).isZero();
        assertThat(s.err).isEmpty();
        ChromeTraceJson fromSnapshot = ChromeTraceJson.check(s.bytes);
        assertThat(sorted(fromSnapshot)).isEqualTo(sorted(fromDir));
        // the snapshot's own reports are as they were
        InProcessCli.Run text = candor("report", snapshot.toString(), "--format", "collapsed");
        assertThat(text.exit).as(text.toString()).isZero();
        assertThat(text.out).isEqualTo("com.acme.Foo.run 10\n");
    }

    @Test
    void aCutTraceFileWarnsOnStderr() throws Exception {
        Path dir = traceDir();
        Path f = dir.resolve("cpu-0.ctrace");
        byte[] b = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(b, b.length - 5));
        InProcessCli.Run r = candor("report", dir.toString(), "--format", "chrome-trace", "-o", tmp.resolve("cut.json").toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.err.lines().collect(Collectors.toList())).as(r.toString()).singleElement().asString()
                .matches("candor: warning: cpu-0\\.ctrace: the last \\d+ bytes are not a whole record .*");
        ChromeTraceJson.check(Files.readAllBytes(tmp.resolve("cut.json")));
    }

    @Test
    void badInputGetsOneLineAndAnExitCode() throws Exception {
        Path dir = traceDir();
        Path untraced = snapshot("plain.candor", null);
        Path out = tmp.resolve("x.json");
        oneLine(candor("report", untraced.toString(), "--format", "chrome-trace", "-o", out.toString()), 2,
                "candor: error: " + untraced + " has no trace (profile with --mode sample --trace DIR)");

        Path gone = tmp.resolve("gone.trace");
        Path orphan = snapshot("orphan.candor", gone);
        oneLine(candor("report", orphan.toString(), "--format", "chrome-trace", "-o", out.toString()), 1,
                "candor: error: " + orphan + "'s trace directory " + gone + " is gone");

        oneLine(candor("report", dir.toString(), "--format", "text"), 2,
                "candor: error: report: " + dir + " is a trace, not a snapshot; a trace reports as --format chrome-trace");
        Path merged = tmp.resolve("run.ctrace");
        assertThat(candor("trace", "merge", dir.toString(), "-o", merged.toString()).exit).isZero();
        oneLine(candor("report", merged.toString()), 2,
                "candor: error: report: " + merged + " is a trace, not a snapshot; a trace reports as --format chrome-trace");

        Path plain = Files.createDirectories(tmp.resolve("plain"));
        oneLine(candor("report", plain.toString(), "--format", "chrome-trace"), 1, "candor: error: " + plain
                + ": no meta file, so not a trace directory (a traced run leaves 'meta' and cpu-N.ctrace files)");
        Path missing = tmp.resolve("nothing");
        oneLine(candor("report", missing.toString(), "--format", "chrome-trace"), 1, "candor: error: no such file: " + missing);

        oneLine(candor("report", dir.toString(), "--format", "pdf"), 2,
                "candor: error: unknown report format 'pdf'; use text, collapsed, csv, hotspots-csv, speedscope, html, pprof, otlp, flamegraph, chrome-trace");
        oneLine(candor("demo", "--format", "chrome-trace"), 2,
                "candor: error: demo: --format chrome-trace reports a traced run; the demo is not traced");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void helpListsTheFormatsOfTheRegistry() {
        InProcessCli.Run r = candor("help", "report");
        assertThat(r.exit).isZero();
        assertThat(r.out).contains("\n  --format text|collapsed|csv|hotspots-csv|speedscope|html|pprof|otlp|flamegraph|chrome-trace\n"
                + "                                output format (default text)\n")
                .contains("\n       candor report FILE.candor|TRACE_DIR|FILE.ctrace|FILE.jfr --format chrome-trace [-o OUT.json]\n");
        assertThat(candor("help", "demo").out).contains("--format text|collapsed|csv|hotspots-csv|speedscope|html|pprof|otlp|flamegraph|chrome-trace");
    }
}
