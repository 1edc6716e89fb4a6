package org.candor.core.imports;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotCopy;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.SnapshotWriter;

/**
 * The one place that opens a profile file of any kind Candor reads, told apart by its content first: a Candor
 * snapshot (read in place, as {@link SnapshotFile#open}), a JFR recording (it begins with {@code FLR\0}), a pprof
 * profile (gzipped: it begins with gzip's {@code 1f 8b}, which no other format Candor reads does), or collapsed stacks
 * (text whose first line is {@code frames count}); a name ending {@code .jfr}, {@code .pb.gz}, {@code .pprof},
 * {@code .collapsed} or {@code .folded} says which of the last three, so that a damaged one gets its format's message. Everything else is
 * opened as a Candor snapshot, whose reader says what is wrong as it always has. An imported profile is a sampled
 * snapshot in memory ({@code import.format} and {@code import.file} in its info say where it came from): every report,
 * comparison and view reads it as it reads Candor's own.
 */
public final class ProfileFiles {

    /** Info: the format an imported profile came from ({@link ProfileFormat#id}). */
    public static final String IMPORT_FORMAT = "import.format";
    /** Info: the file it was imported from. */
    public static final String IMPORT_FILE = "import.file";
    /** Info: which of the file's events it holds. */
    public static final String IMPORT_EVENTS = "import.events";
    /** The extensions of the files Candor opens, its own first, for file choosers. */
    public static final String[] EXTENSIONS = {"candor", "jfr", "collapsed", "folded", "gz", "pprof"};

    /** {@link #EXTENSIONS} as a file chooser's filter names them: {@code *.candor, *.jfr, ...}. */
    public static String extensionPatterns() {
        StringBuilder s = new StringBuilder();
        for (String e : EXTENSIONS) s.append(s.length() > 0 ? ", " : "").append("*.").append(e);
        return s.toString();
    }

    private static final byte[] JFR_MAGIC = {'F', 'L', 'R', 0};
    /** How much of a file is read to tell what it is: a first line of collapsed stacks fits, however deep. */
    private static final int SNIFF_BYTES = 64 * 1024;

    private ProfileFiles() {}

    /** Opens the file as {@link #formatOf} says: a snapshot read in place, or a profile imported into memory. */
    public static SnapshotFile open(Path file) throws IOException {
        return open(file, CollapsedUnit.SAMPLES);
    }

    /** As {@link #open(Path)}, collapsed stacks' counts read as {@code unit} says. */
    public static SnapshotFile open(Path file, CollapsedUnit unit) throws IOException {
        ProfileFormat format = formatOf(file);
        return format.imported() ? SnapshotFile.of(importSnapshot(file, format, unit)) : SnapshotFile.open(file);
    }

    /**
     * Saves the profile in {@code from} as a Candor snapshot at {@code to}, whole, then renamed over it: a snapshot's
     * bytes as they are, an imported profile's snapshot written anew (so a file named {@code .candor} always is one).
     */
    public static void saveAsSnapshot(Path from, Path to) throws IOException {
        ProfileFormat format = formatOf(from);
        if (!format.imported()) {
            SnapshotCopy.copy(from, to);
        } else {
            SnapshotWriter.write(importSnapshot(from, format), to);
        }
    }

    /**
     * An imported profile as a snapshot in memory. Problems with the content are {@link ProfileImportException}s of one
     * line naming the file; I/O failures (a missing file) ordinary IOExceptions.
     */
    public static Snapshot importSnapshot(Path file, ProfileFormat format) throws IOException {
        return importSnapshot(file, format, CollapsedUnit.SAMPLES);
    }

    /** As {@link #importSnapshot(Path, ProfileFormat)}, collapsed stacks' counts read as {@code unit} says. */
    public static Snapshot importSnapshot(Path file, ProfileFormat format, CollapsedUnit unit) throws IOException {
        switch (format) {
            case JFR: return JfrRecording.read(file);
            case COLLAPSED: return CollapsedStacks.read(file, unit);
            case PPROF: return PprofProfile.read(file);
            default: throw new IllegalArgumentException(format + " is not imported");
        }
    }

    /**
     * What the file holds, by its first bytes, then its name. A directory, device, pipe or missing file is taken for a
     * snapshot (its reader has the words for those); so is anything not recognised.
     */
    public static ProfileFormat formatOf(Path file) throws IOException {
        if (!Files.isRegularFile(file)) return ProfileFormat.CANDOR;
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(SNIFF_BYTES);
        }
        if (startsWith(head, JFR_MAGIC)) return ProfileFormat.JFR;
        if (startsWith(head, PprofProfile.GZIP_MAGIC)) return ProfileFormat.PPROF;
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".jfr")) return ProfileFormat.JFR;
        if (name.endsWith(".pb.gz") || name.endsWith(".pprof")) return ProfileFormat.PPROF;
        if (name.endsWith(".collapsed") || name.endsWith(".folded")) return ProfileFormat.COLLAPSED;
        if (firstLineIsStack(head)) return ProfileFormat.COLLAPSED;
        return ProfileFormat.CANDOR;
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        if (bytes.length < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) if (bytes[i] != prefix[i]) return false;
        return true;
    }

    /** Text (no NUL, no other control but tabs and line ends) whose first non-blank line is {@code frames count}. */
    private static boolean firstLineIsStack(byte[] head) {
        for (byte b : head) if (b >= 0 && b < ' ' && b != '\t' && b != '\n' && b != '\r') return false;
        String text = new String(head, StandardCharsets.UTF_8);
        int from = 0;
        while (from < text.length()) {
            int end = text.indexOf('\n', from);
            if (end < 0) {
                if (head.length == SNIFF_BYTES) return false; // the line goes on: too long to tell
                end = text.length();
            }
            String line = text.substring(from, end);
            if (line.endsWith("\r")) line = line.substring(0, line.length() - 1);
            if (!line.isBlank()) return CollapsedStacks.isStackLine(line);
            from = end + 1;
        }
        return false;
    }
}
