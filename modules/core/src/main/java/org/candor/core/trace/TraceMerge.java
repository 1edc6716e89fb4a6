package org.candor.core.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Merges a trace directory into one merged trace: the header (CPU 0xFFFFFFFF, the run's id and K), the meta as its
 * first record, then every period and marker of every per-CPU file in time order (a period's start, a marker's
 * time; ties by CPU, then thread, then the order read). The per-CPU files are in the order periods ended, not
 * started, so the records are sorted: each file is read once through {@link TraceFileReader} into a
 * {@link RecordIndex} (two longs a record), then copied whole, in order, from the files mapped into memory
 * ({@link MappedRecords}). Records of unknown types (a later minor version) have no time this version knows and are
 * left out, with a warning.
 */
public final class TraceMerge {

    /** Files are told apart by the low bits of a record's location, the offset is the rest. */
    private static final int FILE_BITS = 20;
    private static final long MAX_OFFSET = 1L << (63 - FILE_BITS);

    /** What a merge did. */
    public static final class Result {
        private final long records;
        private final long markers;
        private final int files;
        private final List<String> warnings;

        Result(long records, long markers, int files, List<String> warnings) {
            this.records = records;
            this.markers = markers;
            this.files = files;
            this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
        }

        /** Records written, periods and markers. */
        public long records() { return records; }
        public long markers() { return markers; }
        public long periods() { return records - markers; }
        /** Per-CPU files read. */
        public int files() { return files; }
        public List<String> warnings() { return warnings; }

        @Override public String toString() {
            return "merged " + records + " records (" + markers + " markers) of " + files + " CPU files"
                    + (warnings.isEmpty() ? "" : "; " + warnings.size() + " warnings");
        }
    }

    private TraceMerge() {}

    /** Writes the merged trace of a trace directory to {@code out} (whole, then renamed over it). */
    public static Result merge(Path dir, Path out) throws IOException {
        if (!Files.isDirectory(dir)) {
            if (!Files.exists(dir)) throw new java.nio.file.NoSuchFileException(dir.toString());
            throw new TraceFormatException(dir.toString(), "not a directory: merge reads a trace directory (meta and cpu-N.ctrace files)");
        }
        TraceSource source = TraceDirectory.open(dir);
        List<Path> files = source.files();
        if (files.size() >= 1 << FILE_BITS) throw new TraceFormatException(dir.toString(), files.size() + " per-CPU files");
        List<String> warnings = new ArrayList<>(source.warnings());

        long bytes = 0;
        for (Path f : files) bytes += Files.size(f);
        RecordIndex index = new RecordIndex(bytes / TraceFormat.periodSize(source.counterCount()) + 16);
        long[] wholeLength = new long[files.size()];
        long markers = 0;
        long unknown = 0;
        int minor = TraceFormat.MINOR;
        for (int fi = 0; fi < files.size(); fi++) {
            Path f = files.get(fi);
            try (TraceFileReader r = TraceFileReader.open(f)) {
                source.checkBelongs(r);
                minor = Math.max(minor, r.minor());
                while (r.advance()) {
                    long offset = r.recordOffset();
                    if (offset >= MAX_OFFSET) throw new TraceFormatException(f.toString(), "too large to merge");
                    if (index.size() == RecordIndex.MAX) {
                        throw new TraceFormatException(dir.toString(), "more than " + RecordIndex.MAX + " records, too many to merge at once");
                    }
                    index.add(r.recordTime(), offset << FILE_BITS | fi);
                    if (r.recordType() == TraceFormat.TYPE_MARKER) markers++;
                    wholeLength[fi] = offset + r.recordSize();
                }
                unknown += r.skippedRecords();
                if (r.warning() != null) warnings.add(r.warning());
            }
        }
        if (unknown > 0) {
            warnings.add(unknown + " records of types this version does not know were left out (a newer agent's?)");
        }

        MappedRecords[] mapped = new MappedRecords[files.size()];
        for (int fi = 0; fi < files.size(); fi++) mapped[fi] = new MappedRecords(files.get(fi), wholeLength[fi]);
        long fileMask = (1L << FILE_BITS) - 1;
        index.sort(location -> mapped[(int) (location & fileMask)].tieKey(location >>> FILE_BITS));
        try (TraceFileWriter w = TraceFileWriter.create(out, TraceFormat.MERGED_CPU, source.counterCount(), source.runId(), minor)) {
            w.writeMeta(source.meta().toText());
            for (int i = 0; i < index.size(); i++) {
                long location = index.location(i);
                mapped[(int) (location & fileMask)].copyTo(w, location >>> FILE_BITS);
            }
            w.commit();
        }
        return new Result(index.size(), markers, files.size(), warnings);
    }
}
