package org.candor.core.snapshot;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/**
 * Writes snapshots of the object model in the current format version (see docs/formats/snapshot.md), through the
 * same encoder as {@link SnapshotStreamWriter}: info, metrics, methods, each thread (THRD and FLAT), statistics.
 */
public final class SnapshotWriter {

    private SnapshotWriter() {}

    /**
     * Writes the snapshot to {@code target} atomically: readers see either the old file or the complete new one,
     * never a partial write. The data goes to a temporary file in the same directory, which is synced and then
     * renamed over the target; on any failure the temporary file is removed and the target left as it was.
     *
     * @throws IllegalArgumentException if the snapshot is inconsistent (a node with an unknown method id, or with
     *                                  another number of values than the snapshot has metrics)
     */
    public static void write(Snapshot snapshot, Path target) throws IOException {
        write(snapshot, target, UnaryOperator.identity());
    }

    /** As {@link #write(Snapshot, Path)}; {@code fileStream} wraps the temporary file's stream, to inject failures. */
    static void write(Snapshot snapshot, Path target, UnaryOperator<OutputStream> fileStream) throws IOException {
        try (SnapshotStreamWriter w = SnapshotStreamWriter.open(target, fileStream)) {
            w.info(snapshot.info());
            w.metrics(snapshot.metrics());
            w.methods(snapshot.methods());
            for (ThreadProfile t : snapshot.threads()) {
                w.thread(t.threadId(), t.name(), CallNodeTable.of(t, snapshot.metrics().size()), CallNodeTable.flat(t.flat()));
            }
            w.stats(snapshot.stats());
            w.commit();
        }
    }

    /** Writes the snapshot to a stream, which is flushed but not closed. No atomicity: the caller owns the stream. */
    public static void write(Snapshot snapshot, OutputStream out) throws IOException {
        SnapshotEncoder encoder = new SnapshotEncoder(out);
        encoder.info(snapshot.info());
        encoder.metrics(snapshot.metrics());
        encoder.methods(snapshot.methods());
        for (ThreadProfile t : snapshot.threads()) {
            encoder.thread(t.threadId(), t.name(), CallNodeTable.of(t, snapshot.metrics().size()), CallNodeTable.flat(t.flat()));
        }
        encoder.stats(snapshot.stats());
        encoder.end();
        out.flush();
    }
}
