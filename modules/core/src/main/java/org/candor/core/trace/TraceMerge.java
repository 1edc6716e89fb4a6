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
 * {@link RecordIndex} (two longs a record), the files on all CPUs at once, then the records copied whole, in order,
 * from the files mapped into memory ({@link MappedRecords}) into the merged file, in spans that threads copy at once,
 * each into its place. Records of unknown types (a later minor version) have no time this version knows and are
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

    /** One per-CPU file's records: time and location of each, read on a thread of its own. */
    private static final class FileIndex {
        final RecordIndex index;
        long markers;
        long unknown;
        long wholeLength;
        int minor;
        String warning;

        private FileIndex(long expected) { index = new RecordIndex(expected); }

        static FileIndex of(TraceSource source, Path f, int fi) throws IOException {
            FileIndex fx = new FileIndex(Files.size(f) / TraceFormat.periodSize(source.counterCount()) + 16);
            try (TraceFileReader r = TraceFileReader.open(f)) {
                source.checkBelongs(r);
                fx.minor = r.minor();
                while (r.advance()) {
                    long offset = r.recordOffset();
                    if (offset >= MAX_OFFSET) throw new TraceFormatException(f.toString(), "too large to merge");
                    if (fx.index.size() == RecordIndex.MAX) {
                        throw new TraceFormatException(f.toString(), "more than " + RecordIndex.MAX + " records, too many to merge at once");
                    }
                    fx.index.add(r.recordTime(), offset << FILE_BITS | fi);
                    if (r.recordType() == TraceFormat.TYPE_MARKER) fx.markers++;
                    fx.wholeLength = offset + r.recordSize();
                }
                fx.unknown = r.skippedRecords();
                fx.warning = r.warning();
            }
            return fx;
        }
    }

    /** Work on one item, which may fail. */
    private interface Part<T> {
        T run(int i) throws IOException;
    }

    /** {@code part(0 .. n-1)} on all CPUs, the results in order; the first failure is thrown. */
    private static <T> List<T> parallel(int n, Part<T> part) throws IOException {
        List<T> results = new ArrayList<>(Collections.nCopies(n, null));
        try {
            java.util.stream.IntStream.range(0, n).parallel().forEach(i -> {
                try {
                    results.set(i, part.run(i));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
        return results;
    }

    /**
     * The records in the index's order, copied whole from the mapped files into the merged file: in as many spans as
     * there are CPUs, each span measured, then copied by a thread of its own into its place in the file.
     */
    private static void copyInOrder(RecordIndex index, MappedRecords[] mapped, TraceFileWriter w) throws IOException {
        int n = index.size();
        int spans = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), n / 65_536));
        long fileMask = (1L << FILE_BITS) - 1;
        List<Long> sizes = parallel(spans, s -> {
            long bytes = 0;
            for (int i = spanStart(n, spans, s); i < spanStart(n, spans, s + 1); i++) {
                long location = index.location(i);
                bytes += mapped[(int) (location & fileMask)].size(location >>> FILE_BITS);
            }
            return bytes;
        });
        long total = 0;
        for (long b : sizes) total += b;
        long base = w.reserve(total, n);
        long[] at = new long[spans];
        for (int s = 0; s < spans; s++) {
            at[s] = base;
            base += sizes.get(s);
        }
        parallel(spans, s -> {
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.allocateDirect(1 << 20).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            long position = at[s];
            for (int i = spanStart(n, spans, s); i < spanStart(n, spans, s + 1); i++) {
                long location = index.location(i);
                MappedRecords file = mapped[(int) (location & fileMask)];
                long offset = location >>> FILE_BITS;
                if (buf.remaining() < file.size(offset)) {
                    buf.flip();
                    int length = buf.remaining();
                    w.writeAt(buf, position);
                    position += length;
                    buf.clear();
                }
                file.copyTo(buf, offset);
            }
            buf.flip();
            w.writeAt(buf, position);
            return null;
        });
    }

    private static int spanStart(int n, int spans, int s) {
        return (int) ((long) n * s / spans);
    }

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

        // each file indexed on a thread of its own (they are read whole, once), then one index of them all
        List<FileIndex> indexes = parallel(files.size(), fi -> FileIndex.of(source, files.get(fi), fi));
        long total = 0;
        long markers = 0;
        long unknown = 0;
        int minor = TraceFormat.MINOR;
        for (FileIndex fx : indexes) {
            total += fx.index.size();
            markers += fx.markers;
            unknown += fx.unknown;
            minor = Math.max(minor, fx.minor);
            if (fx.warning != null) warnings.add(fx.warning);
        }
        if (total > RecordIndex.MAX) {
            throw new TraceFormatException(dir.toString(), "more than " + RecordIndex.MAX + " records, too many to merge at once");
        }
        if (unknown > 0) {
            warnings.add(unknown + " records of types this version does not know were left out (a newer agent's?)");
        }
        RecordIndex index = new RecordIndex(total);
        MappedRecords[] mapped = new MappedRecords[files.size()];
        for (int fi = 0; fi < files.size(); fi++) {
            index.addAll(indexes.get(fi).index);
            mapped[fi] = new MappedRecords(files.get(fi), indexes.get(fi).wholeLength);
        }
        indexes.clear();
        long fileMask = (1L << FILE_BITS) - 1;
        index.sort(location -> mapped[(int) (location & fileMask)].tieKey(location >>> FILE_BITS));
        try (TraceFileWriter w = TraceFileWriter.create(out, TraceFormat.MERGED_CPU, source.counterCount(), source.runId(), minor)) {
            w.writeMeta(source.meta().toText());
            copyInOrder(index, mapped, w);
            w.commit();
        }
        return new Result(index.size(), markers, files.size(), warnings);
    }
}
