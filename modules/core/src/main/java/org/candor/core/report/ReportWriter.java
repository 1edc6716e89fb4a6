package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import org.candor.core.snapshot.SnapshotFile;

/** Writes one kind of report about a snapshot, read in place, as bytes: UTF-8 text, or protobuf (pprof, otlp). */
public interface ReportWriter {

    /**
     * @param out written to and flushed, not closed
     * @throws IllegalArgumentException if the options ask for a value the snapshot does not have
     */
    void write(SnapshotFile snapshot, ReportOptions options, OutputStream out) throws IOException;
}
