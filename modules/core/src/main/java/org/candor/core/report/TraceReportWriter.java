package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.trace.TraceSource;

/**
 * A report of a traced run's trace (docs/formats/trace.md) rather than of a snapshot's trees: written from a trace
 * directory or merged trace, or from a snapshot through the trace its info names ({@link SnapshotInfo#TRACE_DIRECTORY}).
 */
public interface TraceReportWriter extends ReportWriter {

    /** @param out written to and flushed, not closed */
    void write(TraceSource trace, OutputStream out) throws IOException;

    /**
     * The trace directory the snapshot names.
     *
     * @throws IllegalArgumentException the snapshot has no trace (the run was not traced)
     * @throws IOException              the directory it names is gone
     */
    static Path traceOf(SnapshotFile snapshot) throws IOException {
        String dir = snapshot.info().get(SnapshotInfo.TRACE_DIRECTORY);
        if (dir == null || dir.isEmpty()) {
            throw new IllegalArgumentException(snapshot.name() + " has no trace (profile with --mode sample --trace DIR)");
        }
        Path path;
        try {
            path = Paths.get(dir);
        } catch (InvalidPathException e) {
            path = null;
        }
        if (path == null || !Files.exists(path)) {
            throw new IOException(snapshot.name() + "'s trace directory " + dir + " is gone");
        }
        return path;
    }
}
