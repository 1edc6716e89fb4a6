package org.candor.core.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A trace as its readers see it, whether a directory of per-CPU files or one merged file
 * ({@link TraceDirectory#open}): the meta, the files, the warnings, and the records. The files' headers were checked
 * when it was opened (same run as the meta, same counters); the records are read anew on each pass, file by file
 * (per-CPU files are in the order the periods ended, a merged trace is in time order).
 */
public final class TraceSource {

    /** Sees records one by one; false stops the pass. */
    public interface Visitor {
        boolean visit(TraceRecord record) throws IOException;
    }

    private final Path path;
    private final boolean merged;
    private final TraceMeta meta;
    private final long runId;
    private final int counterCount;
    private final List<Path> files;
    private final Set<String> warnings = new LinkedHashSet<>();
    private Long firstTime;  // under this: read once, on the first asking

    TraceSource(Path path, boolean merged, TraceMeta meta, long runId, int counterCount, List<Path> files,
            List<String> warnings) {
        this.path = path;
        this.merged = merged;
        this.meta = meta;
        this.runId = runId;
        this.counterCount = counterCount;
        this.files = Collections.unmodifiableList(new ArrayList<>(files));
        this.warnings.addAll(warnings);
    }

    /** The directory or merged file opened. */
    public Path path() { return path; }
    public boolean isMerged() { return merged; }
    public TraceMeta meta() { return meta; }
    public long runId() { return runId; }
    /** K: counters in each period. */
    public int counterCount() { return counterCount; }
    /** The per-CPU files by CPU number, or the merged file. */
    public List<Path> files() { return files; }

    /**
     * The time of the trace's first record (0 for a trace without any): what times given as offsets count from, and
     * what a cut's description says its times after. One pass, the first time it is asked.
     */
    public synchronized long firstTime() throws IOException {
        if (firstTime == null) {
            long[] first = {Long.MAX_VALUE};
            forEach(r -> first[0] = Math.min(first[0], r.time()));
            firstTime = first[0] == Long.MAX_VALUE ? 0 : first[0];
        }
        return firstTime;
    }

    /** What was found wrong but read past: at opening, and on the passes so far (each once). */
    public synchronized List<String> warnings() { return new ArrayList<>(warnings); }

    /** The counter's name from the meta, or {@code counter<i>} where the meta does not name it. */
    public String counterName(int index) {
        TraceMeta.Counter c = meta.counters().get(index);
        return c == null ? "counter" + index : c.event();
    }

    /** The index of the counter of this event among the K a period has; -1 when none. */
    public int counterIndex(String event) {
        int i = meta.counterIndex(event);
        return i < counterCount ? i : -1;
    }

    /**
     * Reads every record, file by file, until the visitor says stop.
     *
     * @return false when the visitor stopped the pass
     */
    public boolean visit(Visitor visitor) throws IOException {
        for (Path file : files) {
            try (TraceFileReader reader = TraceFileReader.open(file)) {
                checkBelongs(reader);
                try {
                    while (reader.advance()) {
                        if (!visitor.visit(reader.record())) return false;
                    }
                } finally {
                    if (reader.warning() != null) addWarning(reader.warning());
                }
            }
        }
        return true;
    }

    /** Hands every record to the action, file by file. */
    public void forEach(Consumer<? super TraceRecord> action) throws IOException {
        visit(r -> {
            action.accept(r);
            return true;
        });
    }

    /** A file read again must still be the one checked at opening (a trace directory can change under us). */
    void checkBelongs(TraceFileReader reader) throws TraceFormatException {
        if (reader.runId() != runId) {
            throw new TraceFormatException(reader.path().toString(), "belongs to run " + Long.toUnsignedString(reader.runId())
                    + ", not to run " + Long.toUnsignedString(runId) + " of " + path);
        }
        if (reader.counterCount() != counterCount) {
            throw new TraceFormatException(reader.path().toString(), "has " + reader.counterCount()
                    + " counters a period where the trace has " + counterCount);
        }
    }

    synchronized void addWarning(String warning) {
        warnings.add(warning);
    }
}
