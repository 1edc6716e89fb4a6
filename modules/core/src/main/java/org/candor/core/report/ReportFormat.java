package org.candor.core.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.trace.TraceSource;

/**
 * The report formats, by the names users type: the one list the command line's help and errors and the app's export
 * show. Most report a snapshot's trees; a format that {@link #readsTraces reads traces} reports a traced run's trace
 * instead, from a trace directory or merged trace, or from a snapshot that names its trace ({@link #appliesTo}).
 */
public enum ReportFormat {
    /** Header, statistics, one indented call tree per thread, hot spots. */
    TEXT("text", "Text report", "txt", new TextReport()),
    /** Brendan Gregg's folded stacks, for flame graph tools. */
    COLLAPSED("collapsed", "Folded stacks for flame graphs", "collapsed", new CollapsedReport()),
    /** One RFC 4180 row per call-tree node. */
    CSV("csv", "CSV, a row per call path", "csv", new CsvReport()),
    /** RFC 4180 CSV of the hot spots: a row per method, as the text report ranks them. */
    HOTSPOTS_CSV("hotspots-csv", "CSV, a row per method (hot spots)", "csv", new HotSpotsCsvReport()),
    /** Speedscope's JSON: a sampled profile per thread, each call path weighted by its self value. */
    SPEEDSCOPE("speedscope", "Speedscope JSON", "json", new SpeedscopeReport()),
    /** The text report as one HTML page: header, calibration, call trees, hot spots, each under its heading. */
    HTML("html", "HTML report", "html", new HtmlReport()),
    /** pprof's gzipped protobuf profile, for go tool pprof, Pyroscope, Parca: a sample per call path, leaf first. */
    PPROF("pprof", "pprof profile (gzipped protobuf)", "pb.gz", new PprofReport()),
    /** OpenTelemetry profiles (OTLP's ProfilesData, protobuf): a profile per sample type over one dictionary. */
    OTLP("otlp", "OpenTelemetry profiles (OTLP protobuf)", "pb", new OtlpReport()),
    /** An interactive flame graph: one HTML file, its script inline, the profile in it. */
    FLAMEGRAPH("flamegraph", "Flame graph, one HTML file", "html", new FlamegraphReport()),
    /** A traced run's timeline as Chrome trace-event JSON, for ui.perfetto.dev and chrome://tracing. */
    CHROME_TRACE("chrome-trace", "Chrome trace-event JSON of the trace", "json", new ChromeTraceReport());

    private final String id;
    private final String description;
    private final String extension;
    private final ReportWriter writer;

    ReportFormat(String id, String description, String extension, ReportWriter writer) {
        this.id = id;
        this.description = description;
        this.extension = extension;
        this.writer = writer;
    }

    public String id() { return id; }
    /** What the format is, in a few words (a file chooser's filter, a list of formats). */
    public String description() { return description; }
    /** The file name extension its files get, without the dot. */
    public String extension() { return extension; }
    public ReportWriter writer() { return writer; }

    /** The format reports a trace (docs/formats/trace.md): it takes a trace, or a snapshot that names one. */
    public boolean readsTraces() { return writer instanceof TraceReportWriter; }

    /** The format can report a snapshot with this info: any, or for a trace format one that names its trace. */
    public boolean appliesTo(SnapshotInfo info) {
        return !readsTraces() || info.get(SnapshotInfo.TRACE_DIRECTORY) != null;
    }

    /** The formats that report traces, in the registry's order. */
    public static List<ReportFormat> traceFormats() {
        List<ReportFormat> formats = new ArrayList<>();
        for (ReportFormat f : values()) if (f.readsTraces()) formats.add(f);
        return formats;
    }

    /** The names users type, joined by {@code separator}: {@code text|collapsed|...}. */
    public static String ids(String separator) {
        StringBuilder s = new StringBuilder();
        for (ReportFormat f : values()) s.append(s.length() == 0 ? "" : separator).append(f.id);
        return s.toString();
    }

    /** The report of a snapshot read in place, as UTF-8 bytes: what the command line writes. */
    public void write(SnapshotFile snapshot, ReportOptions options, OutputStream out) throws IOException {
        writer.write(snapshot, options, out);
    }

    /**
     * The report of a trace, as UTF-8 bytes.
     *
     * @throws IllegalArgumentException the format does not report traces ({@link #readsTraces})
     */
    public void write(TraceSource trace, OutputStream out) throws IOException {
        if (!readsTraces()) throw new IllegalArgumentException("the " + id + " report is of snapshots, not of traces");
        ((TraceReportWriter) writer).write(trace, out);
    }

    /** The report of a snapshot in memory, encoded and read back as a file would be: the same report, as text. */
    public void write(Snapshot snapshot, ReportOptions options, Appendable out) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        writer.write(SnapshotFile.of(snapshot), options, bytes);
        out.append(new String(bytes.toByteArray(), StandardCharsets.UTF_8));
    }

    /** The format named {@code id}, case ignored. */
    public static ReportFormat of(String id) {
        for (ReportFormat f : values()) if (f.id.equals(id.toLowerCase(Locale.ROOT))) return f;
        throw new IllegalArgumentException("unknown report format '" + id + "'; use " + ids(", "));
    }
}
