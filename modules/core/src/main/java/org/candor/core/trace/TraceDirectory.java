package org.candor.core.trace;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.candor.core.imports.ConvertedRecordings;
import org.candor.core.imports.ProfileFiles;
import org.candor.core.imports.ProfileFormat;

/**
 * Opens a trace, whichever shape it has, as one {@link TraceSource}: a trace directory (its {@code meta} and every
 * {@code cpu-N.ctrace}), a merged trace (a file whose header CPU is 0xFFFFFFFF and whose first record is the meta),
 * one per-CPU file beside its directory's meta, or a JFR recording (read as the merged trace it converts to,
 * {@link org.candor.core.imports.JfrTimeline}). Every file's header is read and checked here: a file of another
 * run than the meta, or with another number of counters, is refused.
 */
public final class TraceDirectory {

    private static final Pattern CPU_FILE = Pattern.compile("cpu-(\\d{1,9})\\.ctrace");

    private TraceDirectory() {}

    public static TraceSource open(Path path) throws IOException {
        if (Files.isDirectory(path)) return openDirectory(path, null);
        if (!Files.exists(path)) throw new NoSuchFileException(path.toString());
        if (ProfileFiles.formatOf(path) == ProfileFormat.JFR) return openRecording(path);
        int cpu;
        String metaText;
        long runId;
        int k;
        try (TraceFileReader r = TraceFileReader.open(path)) {
            cpu = r.cpu();
            metaText = r.metaText();
            runId = r.runId();
            k = r.counterCount();
        }
        if (cpu != TraceFormat.MERGED_CPU) {
            Path dir = path.toAbsolutePath().getParent();
            if (dir == null || !Files.isRegularFile(dir.resolve(TraceMeta.FILE_NAME))) {
                throw new TraceFormatException(path.toString(), "holds CPU " + cpu + "'s records of a trace, and its"
                        + " directory has no meta file; open the trace directory or a merged trace");
            }
            return openDirectory(dir, path);
        }
        TraceMeta meta = TraceMeta.parse(path + " (meta record)", metaText);
        List<String> warnings = new ArrayList<>();
        checkMeta(path, meta, runId, k, warnings);
        return new TraceSource(path, true, meta, runId, k, List.of(path), warnings);
    }

    /**
     * A JFR recording, through its conversion to a merged trace ({@link ConvertedRecordings}): the source is named by
     * the recording, its records read from the conversion.
     */
    private static TraceSource openRecording(Path recording) throws IOException {
        Path trace = ConvertedRecordings.traceOf(recording);
        String metaText;
        long runId;
        int k;
        try (TraceFileReader r = TraceFileReader.open(trace)) {
            metaText = r.metaText();
            runId = r.runId();
            k = r.counterCount();
        }
        TraceMeta meta = TraceMeta.parse(recording + " (converted)", metaText);
        return new TraceSource(recording, true, meta, runId, k, List.of(trace), List.of());
    }

    /** A directory's meta and its per-CPU files (or only {@code only}). */
    private static TraceSource openDirectory(Path dir, Path only) throws IOException {
        Path metaFile = dir.resolve(TraceMeta.FILE_NAME);
        if (!Files.isRegularFile(metaFile)) {
            throw new TraceFormatException(dir.toString(), "no meta file, so not a trace directory (a traced run leaves"
                    + " 'meta' and cpu-N.ctrace files)");
        }
        TraceMeta meta = TraceMeta.read(metaFile);
        if (meta.runId() == null) {
            throw new TraceFormatException(metaFile.toString(), "has no 'run' line (the run was killed as it began?)");
        }
        List<Path> files = only != null ? List.of(only) : cpuFiles(dir);
        List<String> warnings = new ArrayList<>();
        if (files.isEmpty()) warnings.add(dir + ": no cpu-N.ctrace files (no records)");
        int k = -1;
        Path first = null;
        for (Path f : files) {
            try (TraceFileReader r = TraceFileReader.open(f)) {
                if (r.isMerged()) {
                    throw new TraceFormatException(f.toString(), "is a merged trace, not a per-CPU file; open it alone");
                }
                if (r.runId() != meta.runId()) {
                    throw new TraceFormatException(f.toString(), "belongs to run " + Long.toUnsignedString(r.runId())
                            + ", not to run " + Long.toUnsignedString(meta.runId()) + " of " + metaFile);
                }
                if (k >= 0 && r.counterCount() != k) {
                    throw new TraceFormatException(f.toString(), "has " + r.counterCount() + " counters a period where "
                            + first.getFileName() + " has " + k);
                }
                k = r.counterCount();
                first = f;
            }
        }
        if (k < 0) k = meta.counters().size();
        checkMeta(metaFile, meta, meta.runId(), k, warnings);
        return new TraceSource(only != null ? only : dir, false, meta, meta.runId(), k, files, warnings);
    }

    /** The directory's per-CPU files in CPU order. */
    static List<Path> cpuFiles(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                if (CPU_FILE.matcher(p.getFileName().toString()).matches() && Files.isRegularFile(p)) files.add(p);
            }
        }
        files.sort(Comparator.comparingInt(TraceDirectory::cpuOf));
        return files;
    }

    private static int cpuOf(Path file) {
        Matcher m = CPU_FILE.matcher(file.getFileName().toString());
        return m.matches() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
    }

    /** The meta must be of the files' run; counters it does not name (or names beyond K) are worth a warning. */
    private static void checkMeta(Path source, TraceMeta meta, long runId, int k, List<String> warnings)
            throws TraceFormatException {
        if (meta.runId() == null || meta.runId() != runId) {
            throw new TraceFormatException(source.toString(), "the meta is of run "
                    + (meta.runId() == null ? "(none)" : Long.toUnsignedString(meta.runId())) + ", the records of run "
                    + Long.toUnsignedString(runId));
        }
        int named = 0;
        for (int i = 0; i < k; i++) if (meta.counters().containsKey(i)) named++;
        if (named < k || meta.counters().size() > k) {
            warnings.add(source.getFileName() + ": the meta names " + meta.counters().size() + " counters, the records"
                    + " carry " + k + " a period");
        }
    }
}
