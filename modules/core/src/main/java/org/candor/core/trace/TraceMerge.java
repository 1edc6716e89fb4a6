package org.candor.core.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Merges a trace directory into one merged trace: the header (CPU 0xFFFFFFFF, the run's id and K), the meta as its
 * first record, then every period and marker of every per-CPU file in time order (a period's start, a marker's
 * time; ties by CPU, then thread, then the order read). The per-CPU files are in the order periods ended, not
 * started, so the records are sorted: each file is read once through {@link TraceFileReader} into a
 * {@link RecordIndex} (two longs a record), the files on all CPUs at once, the records of all put in order
 * ({@link RecordIndex#order}), then copied whole, in that order, from the files read through windows that follow the
 * order along each file ({@link RecordWindow}) into buffers that a thread of its own writes to the merged file while
 * the next fills. Records of unknown types (a later minor version) have no time this version knows and are left
 * out, with a warning.
 */
public final class TraceMerge {

    /** Files are told apart by the low bits of a record's location, the offset is the rest. */
    private static final int FILE_BITS = 20;
    private static final long MAX_OFFSET = 1L << (63 - FILE_BITS);
    /** A file's window: large reads, few of them. */
    private static final long WINDOW = 1 << 20;
    /** All files' windows together: a trace of many CPUs reads each through a smaller one (at least 128 KiB). */
    private static final long WINDOWS = 64L << 20;
    /** Buffers of records, one filling while the others are written. */
    private static final int WRITE_BUFFER = 1 << 20;
    private static final int WRITE_BUFFERS = 2;
    /** Bytes written between early forces to the disk. */
    private static final long FORCE_STEP = 64L << 20;

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
     * The records in the index's order, copied whole from the files' windows into buffers that a thread of its own
     * writes to the merged file, in order, while the next buffer fills; every {@value #FORCE_STEP} bytes, what is
     * written is forced to the disk by a third thread, while the writing goes on, so that the commit's force finds
     * little left to do. Returns when all is written and every early force has succeeded.
     */
    private static void copyInOrder(RecordIndex.Order index, RecordWindow[] files, TraceFileWriter w) throws IOException {
        ExecutorService writer = Executors.newSingleThreadExecutor(daemon("trace merge writer"));
        ExecutorService forcer = Executors.newSingleThreadExecutor(daemon("trace merge force"));
        try {
            ByteBuffer[] buffers = new ByteBuffer[WRITE_BUFFERS];
            Future<?>[] written = new Future<?>[WRITE_BUFFERS];
            for (int b = 0; b < WRITE_BUFFERS; b++) buffers[b] = ByteBuffer.allocateDirect(WRITE_BUFFER).order(ByteOrder.LITTLE_ENDIAN);
            List<Future<?>> forced = new ArrayList<>();
            long unforced = 0;
            int b = 0;
            int count = 0;
            long fileMask = (1L << FILE_BITS) - 1;
            for (int i = 0; i < index.size(); i++) {
                if (buffers[b].remaining() < RecordWindow.LARGEST_RECORD) {
                    unforced += buffers[b].position();
                    written[b] = write(writer, w, buffers[b], count);
                    if (unforced >= FORCE_STEP) {
                        // after that buffer's write (the writer runs them in order), while later ones are written
                        Future<?> after = written[b];
                        forced.add(forcer.submit(() -> {
                            await(after);
                            w.forceSoFar();
                            return null;
                        }));
                        unforced = 0;
                    }
                    b = (b + 1) % WRITE_BUFFERS;
                    await(written[b]);
                    buffers[b].clear();
                    count = 0;
                }
                long location = index.location(i);
                files[(int) (location & fileMask)].copyTo(buffers[b], location >>> FILE_BITS);
                count++;
            }
            written[b] = write(writer, w, buffers[b], count);
            for (Future<?> f : written) await(f);
            for (Future<?> f : forced) await(f);
        } finally {
            writer.shutdownNow();
            forcer.shutdownNow();
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    private static Future<?> write(ExecutorService writer, TraceFileWriter w, ByteBuffer records, int count) {
        records.flip();
        return writer.submit(() -> {
            w.writeRecords(records, count);
            return null;
        });
    }

    /** Waits for a buffer's write; its failure is thrown here. */
    private static void await(Future<?> write) throws IOException {
        if (write == null) return;
        try {
            write.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while merging");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException) throw (IOException) cause;
            if (cause instanceof RuntimeException) throw (RuntimeException) cause;
            if (cause instanceof Error) throw (Error) cause;
            throw new IOException(cause);
        }
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

        // each file indexed on a thread of its own (they are read whole, once), then the records of all put in order
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
        List<RecordIndex> perFile = new ArrayList<>();
        long[] lengths = new long[files.size()];
        for (int fi = 0; fi < files.size(); fi++) {
            perFile.add(indexes.get(fi).index);
            lengths[fi] = indexes.get(fi).wholeLength;
        }
        indexes.clear();
        FileChannel[] channels = new FileChannel[files.size()];
        try {
            RecordWindow[] windows = new RecordWindow[files.size()];
            int capacity = (int) Math.max(RecordWindow.MIN_CAPACITY, Math.min(WINDOW, WINDOWS / Math.max(1, files.size())));
            for (int fi = 0; fi < files.size(); fi++) {
                channels[fi] = FileChannel.open(files.get(fi), StandardOpenOption.READ);
                windows[fi] = new RecordWindow(files.get(fi), channels[fi], lengths[fi], capacity);
            }
            long fileMask = (1L << FILE_BITS) - 1;
            RecordIndex.Order order = RecordIndex.order(perFile, location -> windows[(int) (location & fileMask)].tieKey(location >>> FILE_BITS));
            perFile.clear();
            try (TraceFileWriter w = TraceFileWriter.create(out, TraceFormat.MERGED_CPU, source.counterCount(), source.runId(), minor)) {
                w.writeMeta(source.meta().toText());
                copyInOrder(order, windows, w);
                w.commit();
            }
        } finally {
            for (FileChannel ch : channels) {
                if (ch != null) ch.close();
            }
        }
        return new Result(total, markers, files.size(), warnings);
    }
}
