package org.candor.core.report;

import java.io.IOException;
import java.util.Locale;
import org.candor.core.model.Snapshot;

/** The report formats, by the names users type. */
public enum ReportFormat {
    /** Header, statistics, one indented call tree per thread, hot spots. */
    TEXT("text", new TextReport()),
    /** Brendan Gregg's folded stacks, for flame graph tools. */
    COLLAPSED("collapsed", new CollapsedReport()),
    /** One RFC 4180 row per call-tree node. */
    CSV("csv", new CsvReport());

    private final String id;
    private final ReportWriter writer;

    ReportFormat(String id, ReportWriter writer) {
        this.id = id;
        this.writer = writer;
    }

    public String id() { return id; }
    public ReportWriter writer() { return writer; }

    public void write(Snapshot snapshot, ReportOptions options, Appendable out) throws IOException {
        writer.write(snapshot, options, out);
    }

    /** The format named {@code id}, case ignored. */
    public static ReportFormat of(String id) {
        for (ReportFormat f : values()) if (f.id.equals(id.toLowerCase(Locale.ROOT))) return f;
        throw new IllegalArgumentException("unknown report format '" + id + "'; use text, collapsed or csv");
    }
}
