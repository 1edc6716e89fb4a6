package org.candor.core.report;

import java.io.IOException;
import org.candor.core.model.Snapshot;

/** Writes one kind of report about a snapshot. */
public interface ReportWriter {

    /**
     * @throws IllegalArgumentException if the options ask for a value the snapshot does not have
     */
    void write(Snapshot snapshot, ReportOptions options, Appendable out) throws IOException;
}
