package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.trace.ChromeTraceExporter;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceSource;

/**
 * Chrome trace-event JSON of a traced run ({@link ChromeTraceExporter}): of a trace, or of the trace a snapshot names.
 * The report options (values, threads, grouping) are about trees and do not apply.
 */
final class ChromeTraceReport implements TraceReportWriter {

    @Override
    public void write(SnapshotFile snapshot, ReportOptions options, OutputStream out) throws IOException {
        write(TraceDirectory.open(TraceReportWriter.traceOf(snapshot)), out);
    }

    @Override
    public void write(TraceSource trace, OutputStream out) throws IOException {
        ChromeTraceExporter.export(trace, out);
    }
}
