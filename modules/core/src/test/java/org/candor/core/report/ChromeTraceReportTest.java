package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.trace.ChromeTraceExporter;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceFileWriter;
import org.candor.core.trace.TraceFormat;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** chrome-trace in the registry of report formats: found by name, reports traces, and snapshots through their trace. */
class ChromeTraceReportTest {

    @TempDir Path tmp;

    private Path traceDir() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("run.trace"));
        TraceMeta meta = new TraceMeta.Builder().runId(3).pid(42).standardCounters().thread(7, 0, 1, "main").build();
        Files.writeString(dir.resolve("meta"), meta.toText());
        try (TraceFileWriter w = TraceFileWriter.create(dir.resolve("cpu-0.ctrace"), 0, 4, 3)) {
            w.write(TraceRecord.period(TraceFormat.FLAG_FIRST, 7, 1_000, 2_000, 0, 0, 0, new long[] {2_000, 0, 0, 0}));
            w.write(TraceRecord.marker(TraceFormat.MARKER_POINT, 7, 1_500, 0, "here"));
            w.commit();
        }
        return dir;
    }

    private static Snapshot snapshot(Path trace) {
        SnapshotInfo info = new SnapshotInfo().put(SnapshotInfo.MODE, "sample");
        if (trace != null) info.put(SnapshotInfo.TRACE_DIRECTORY, trace.toString());
        return new Snapshot(info, Snapshot.samplingMetrics(false), new MethodTable());
    }

    @Test
    void theRegistryHasIt() {
        assertThat(ReportFormat.of("chrome-trace")).isSameAs(ReportFormat.CHROME_TRACE);
        assertThat(ReportFormat.ids("|")).isEqualTo("text|collapsed|csv|hotspots-csv|speedscope|html|pprof|otlp|flamegraph|chrome-trace");
        assertThat(ReportFormat.traceFormats()).containsExactly(ReportFormat.CHROME_TRACE);
        assertThat(ReportFormat.CHROME_TRACE.extension()).isEqualTo("json");
        assertThatThrownBy(() -> ReportFormat.of("pdf")).hasMessage("unknown report format 'pdf'; use text, collapsed, csv, hotspots-csv, speedscope, html, pprof, otlp, flamegraph, chrome-trace");
        SnapshotInfo plain = new SnapshotInfo();
        SnapshotInfo traced = new SnapshotInfo().put(SnapshotInfo.TRACE_DIRECTORY, "/somewhere");
        List<ReportFormat> forPlain = new ArrayList<>();
        for (ReportFormat f : ReportFormat.values()) {
            if (f.appliesTo(plain)) forPlain.add(f);
            assertThat(f.appliesTo(traced)).isTrue();
        }
        assertThat(forPlain).containsExactly(ReportFormat.TEXT, ReportFormat.COLLAPSED, ReportFormat.CSV, ReportFormat.HOTSPOTS_CSV,
                ReportFormat.SPEEDSCOPE, ReportFormat.HTML, ReportFormat.PPROF, ReportFormat.OTLP, ReportFormat.FLAMEGRAPH);
    }

    @Test
    void aSnapshotReportsItsTrace() throws Exception {
        Path dir = traceDir();
        ByteArrayOutputStream direct = new ByteArrayOutputStream();
        ChromeTraceExporter.export(TraceDirectory.open(dir), direct);
        StringBuilder viaSnapshot = new StringBuilder();
        ReportFormat.CHROME_TRACE.write(snapshot(dir), ReportOptions.defaults(), viaSnapshot);
        assertThat(viaSnapshot.toString()).isEqualTo(new String(direct.toByteArray(), StandardCharsets.UTF_8))
                .contains("\"name\":\"here\"");
        ByteArrayOutputStream viaTrace = new ByteArrayOutputStream();
        ReportFormat.CHROME_TRACE.write(TraceDirectory.open(dir), viaTrace);
        assertThat(viaTrace.toByteArray()).isEqualTo(direct.toByteArray());
    }

    @Test
    void withoutItsTraceItSaysWhy() throws Exception {
        assertThatThrownBy(() -> ReportFormat.CHROME_TRACE.write(snapshot(null), ReportOptions.defaults(), new StringBuilder()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("(in memory) has no trace (profile with --mode sample --trace DIR)");
        Path gone = tmp.resolve("gone");
        assertThatThrownBy(() -> ReportFormat.CHROME_TRACE.write(snapshot(gone), ReportOptions.defaults(), new StringBuilder()))
                .isInstanceOf(IOException.class).hasMessage("(in memory)'s trace directory " + gone + " is gone");
        assertThatThrownBy(() -> ReportFormat.TEXT.write(TraceDirectory.open(traceDir()), new ByteArrayOutputStream()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the text report is of snapshots, not of traces");
    }
}
