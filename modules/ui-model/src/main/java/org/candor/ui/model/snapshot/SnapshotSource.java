package org.candor.ui.model.snapshot;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.imports.ProfileFiles;
import org.candor.core.imports.ProfileFormat;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.SnapshotReader;
import org.candor.core.snapshot.SnapshotTooLargeException;
import org.candor.core.snapshot.ThreadTree;

/**
 * A snapshot as its views read it: what it is (info, metrics, methods, statistics, threads) at once, and its trees
 * either whole in memory (the object model: a snapshot of a live session, a small file) or read in place from their
 * file (a file too large to hold: tens of millions of call paths), behind the same questions
 * ({@link SelectedThreads}). {@link #open} decides which, in one place. Close it to close its file.
 */
public abstract class SnapshotSource implements Closeable {

    /**
     * A file of at most this many call paths (all threads) may be read whole, which lets a view walk its whole tree at
     * once (a flame graph zooms without reading): 0.8-1.1 s to the first rows of a 1,000,000-path file here (read,
     * calibrated times, threads merged); a larger one is read in place, its first rows shown in well under a second
     * whatever its size (bench/app-open.sh).
     */
    public static final long WHOLE_UP_TO_PATHS = 1_000_000;
    /** What a node of a tree in memory takes besides 8 bytes a metric: CallNode, its children list, their arrays. */
    private static final long NODE_BYTES = 96;

    /** The snapshot in memory. */
    public static SnapshotSource of(Snapshot snapshot) {
        return new SourceInMemory(snapshot);
    }

    /** The snapshot read in place from an open file, which this source closes. Reads each thread's outermost calls. */
    public static SnapshotSource inPlace(SnapshotFile file) throws IOException {
        return new SourceInPlace(file, file);
    }

    /**
     * Opens a snapshot file to read in place whatever its size: Live Results, which open a new file every refresh and
     * show only what the reader looks at, so that a refresh reads little more than the rows shown.
     */
    public static SnapshotSource openInPlace(Path file) throws IOException {
        SnapshotFile f = ProfileFiles.open(file);
        try {
            return inPlace(f);
        } catch (IOException | RuntimeException | Error e) {
            f.close();
            throw e;
        }
    }

    /**
     * Opens a snapshot file as its size calls for ({@link #readsWhole}): whole, or in place. Problems with the file
     * are core's one-line exceptions. A profile of another tool's (JFR, collapsed stacks: {@link ProfileFiles}) is
     * imported, in memory.
     */
    public static SnapshotSource open(Path file) throws IOException {
        ProfileFormat format = ProfileFiles.formatOf(file);
        if (format.imported()) return of(ProfileFiles.importSnapshot(file, format));
        SnapshotFile f = SnapshotFile.open(file);
        try {
            if (readsWhole(paths(f), f.metrics().size(), Runtime.getRuntime().maxMemory())) {
                try {
                    Snapshot whole = SnapshotReader.read(file);
                    f.close();
                    return of(whole);
                } catch (SnapshotTooLargeException e) {
                    // the heap is small: the file is read in place after all
                }
            }
            return inPlace(f);
        } catch (IOException | RuntimeException | Error e) {
            f.close();
            throw e;
        }
    }

    /**
     * The one rule: a snapshot is read whole when it has at most {@link #WHOLE_UP_TO_PATHS} call paths and three
     * copies of its trees as objects (as read, its calibrated times, all threads merged) take at most half the heap;
     * else in place.
     */
    static boolean readsWhole(long paths, int metrics, long maxHeap) {
        return paths <= WHOLE_UP_TO_PATHS && 3 * paths * (NODE_BYTES + 8L * metrics) <= maxHeap / 2;
    }

    /** The call paths of a file's threads: their nodes but the roots. */
    static long paths(SnapshotFile f) {
        long paths = 0;
        for (ThreadTree t : f.threads()) paths += t.nodeCount() - 1;
        return paths;
    }

    public abstract SnapshotInfo info();
    public abstract List<Metric> metrics();
    public abstract MethodTable methods();
    public abstract Map<String, Long> stats();
    public abstract int threadCount();
    /** Call paths in all threads: their nodes but the roots. */
    public abstract long paths();

    public long stat(String key) {
        Long v = stats().get(key);
        return v != null ? v : 0L;
    }

    /** True when the trees are read in place from the file, not held in memory. */
    public abstract boolean readsFile();

    /** True when the snapshot holds calibrated times with their raw twins ({@link CalibratedValues}). */
    public abstract boolean isCalibrated();

    /**
     * The snapshot as {@link CalibratedValues#select} shows it: calibrated times, or the raw ones. In memory this copies
     * the trees: off the event thread. The result shares this source's file: close this one.
     */
    public abstract SnapshotSource withRawTimes(boolean raw) throws IOException;

    /** The choices of the thread selector: all threads merged, then each thread, largest first. */
    public abstract List<ThreadChoice> threadChoices();

    /** The threads of a choice of {@link #threadChoices} with their tree: off the event thread. */
    public abstract SelectedThreads select(ThreadChoice choice) throws IOException;

    /** What the statistics say the trees miss (core's SnapshotWarnings): off the event thread. */
    public abstract List<String> warnings() throws IOException;

    @Override public void close() throws IOException {}
}
