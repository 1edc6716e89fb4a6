package org.candor.core.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotFile;

/** The report formats, by the names users type. */
public enum ReportFormat {
    /** Header, statistics, one indented call tree per thread, hot spots. */
    TEXT("text", "Text report", "txt", new TextReport()),
    /** Brendan Gregg's folded stacks, for flame graph tools. */
    COLLAPSED("collapsed", "Folded stacks for flame graphs", "collapsed", new CollapsedReport()),
    /** One RFC 4180 row per call-tree node. */
    CSV("csv", "CSV, a row per call path", "csv", new CsvReport());

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

    /** The report of a snapshot read in place, as UTF-8 bytes: what the command line writes. */
    public void write(SnapshotFile snapshot, ReportOptions options, OutputStream out) throws IOException {
        writer.write(snapshot, options, out);
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
        StringBuilder known = new StringBuilder();
        for (ReportFormat f : values()) known.append(known.length() == 0 ? "" : ", ").append(f.id);
        throw new IllegalArgumentException("unknown report format '" + id + "'; use " + known);
    }
}
