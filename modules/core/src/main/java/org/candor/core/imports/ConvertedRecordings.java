package org.candor.core.imports;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import org.candor.core.io.ReplaceFile;

/**
 * The JFR recordings opened as traces in this JVM, each converted once ({@link JfrTimeline}) into a merged trace in
 * the temporary directory, which the trace readers then read as they read any merged trace: the app's timeline and
 * its cuts reopen the same recording without converting it again. A recording that changed (its size or time) is
 * converted anew and its older copy removed; the copies are removed when the JVM exits. Nothing is written beside the
 * user's recording.
 */
public final class ConvertedRecordings {

    private static final Map<Path, Converted> CONVERTED = new HashMap<>();

    private static final class Converted {
        final long size;
        final long modified;
        final Path trace;

        Converted(long size, long modified, Path trace) {
            this.size = size;
            this.modified = modified;
            this.trace = trace;
        }
    }

    private ConvertedRecordings() {}

    /** The recording as a merged trace file, converted now or earlier. */
    public static synchronized Path traceOf(Path recording) throws IOException {
        Path key = recording.toAbsolutePath().normalize();
        BasicFileAttributes a = Files.readAttributes(key, BasicFileAttributes.class);
        long modified = a.lastModifiedTime().toMillis();
        Converted known = CONVERTED.get(key);
        if (known != null && known.size == a.size() && known.modified == modified && Files.isRegularFile(known.trace)) {
            return known.trace;
        }
        if (known != null) ReplaceFile.deleteQuietly(known.trace);
        Path trace = Files.createTempFile("candor-jfr-", ".ctrace");
        trace.toFile().deleteOnExit();
        try {
            JfrTimeline.write(recording, trace);
        } catch (IOException | RuntimeException e) {
            ReplaceFile.deleteQuietly(trace);
            CONVERTED.remove(key);
            throw e;
        }
        CONVERTED.put(key, new Converted(a.size(), modified, trace));
        return trace;
    }
}
