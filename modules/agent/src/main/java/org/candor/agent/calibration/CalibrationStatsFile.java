package org.candor.agent.calibration;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.candor.probe.Calibration;

/**
 * The calibration statistics file (JPROF's CALSTATS): the minima of one run, loaded by the next so that its first
 * events are calibrated as well as its last. Text, versioned; see docs/formats/calibration.md.
 */
public final class CalibrationStatsFile {

    public static final String MAGIC = "candor-calibration";
    public static final int VERSION = 2;
    /** Version 1 files were written before the probes could measure their own time at some events only. */
    private static final String VERSION_1_MEASURE_EVERY = "1";

    /** What a file held: its fingerprint and the minima and floors in ticks (-1 where a category is absent). */
    public static final class Contents {
        public final Map<String, String> fingerprint = new LinkedHashMap<>();
        public final long[] minima = filled(-1);
        public final long[] floors = new long[Calibration.CATEGORIES];
        public final long[] counts = new long[Calibration.CATEGORIES];
        /** {@code trainer}: typical minimal sections from candor calibrate; {@code run}: minima of ordinary runs. */
        public String source = "run";
    }

    private CalibrationStatsFile() {}

    /**
     * More than any file this version writes (256 categories and a fingerprint take a few KiB): what is read at most,
     * so that a file that is none (a device, a log named by mistake) costs the agent's start no more.
     */
    static final int MAX_BYTES = 1 << 20;

    /** The file's contents, or null when it does not exist. */
    public static Contents read(Path file) throws CalibrationFileException {
        // checked before opening: opening a FIFO would hold the program before its main until someone wrote to it
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new CalibrationFileException(file, "is not a regular file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            throw new CalibrationFileException(file, "cannot be read (" + e.getMessage() + ")");
        }
        java.util.List<String> lines = lines(bytes);
        if (lines.isEmpty() || !lines.get(0).trim().startsWith(MAGIC + " ")) {
            throw new CalibrationFileException(file, "is not a Candor calibration file (it does not start with '"
                    + MAGIC + " " + VERSION + "')");
        }
        if (bytes.length > MAX_BYTES) {
            throw new CalibrationFileException(file, "is corrupt: larger than " + (MAX_BYTES >> 20) + " MiB, which no"
                    + " calibration statistics file is");
        }
        if (!isUtf8(bytes)) throw new CalibrationFileException(file, "is corrupt: not UTF-8 text");
        String version = lines.get(0).trim().substring(MAGIC.length()).trim();
        boolean version1 = version.equals("1");
        if (!version.equals(Integer.toString(VERSION)) && !version1) {
            throw new CalibrationFileException(file, "has format version " + version + "; this Candor reads 1 and " + VERSION);
        }
        Contents c = new Contents();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            try {
                if (line.startsWith("fingerprint.")) {
                    int eq = line.indexOf('=');
                    if (eq < 0) throw new IllegalArgumentException("no '='");
                    c.fingerprint.put(line.substring("fingerprint.".length(), eq).trim(), line.substring(eq + 1).trim());
                } else if (line.startsWith("source=")) {
                    c.source = line.substring("source=".length()).trim();
                    if (!c.source.equals("trainer") && !c.source.equals("run")) throw new IllegalArgumentException("source");
                } else if (line.startsWith("category ")) {
                    category(c, line.split("\\s+"));
                } else {
                    throw new IllegalArgumentException("unknown entry");
                }
            } catch (RuntimeException e) {
                throw new CalibrationFileException(file, "is corrupt at line " + (i + 1) + " ('" + shorten(line) + "': "
                        + e.getMessage() + ")");
            }
        }
        if (version1) c.fingerprint.putIfAbsent("measureevery", VERSION_1_MEASURE_EVERY);
        return c;
    }

    private static void category(Contents c, String[] f) {
        if (f.length != 6) throw new IllegalArgumentException("expected: category INDEX NAME MIN FLOOR COUNT");
        int index = Integer.parseInt(f[1]);
        if (index < 0 || index >= Calibration.CATEGORIES) throw new IllegalArgumentException("no category " + index);
        if (!Calibration.categoryName(index).equals(f[2])) {
            throw new IllegalArgumentException("category " + index + " is " + Calibration.categoryName(index));
        }
        long min = Long.parseLong(f[3]);
        long floor = Long.parseLong(f[4]);
        long count = Long.parseLong(f[5]);
        if (min < 0 || floor < 0 || count < 0) throw new IllegalArgumentException("negative value");
        c.minima[index] = min;
        c.floors[index] = floor;
        c.counts[index] = count;
    }

    /** Writes atomically (a temporary file, then a rename). */
    public static void write(Path file, Map<String, String> fingerprint, String source, long[] minima, long[] floors,
                             long[] counts, double nanosPerTick) throws IOException {
        StringBuilder s = new StringBuilder();
        s.append(MAGIC).append(' ').append(VERSION).append('\n');
        s.append("# Candor calibration statistics: minimum section length per category, in clock ticks\n");
        s.append(String.format(java.util.Locale.ROOT, "# (%.4f ns per tick when written). Written at exit, read at start.%n",
                nanosPerTick));
        for (Map.Entry<String, String> e : fingerprint.entrySet()) {
            s.append("fingerprint.").append(e.getKey()).append('=').append(e.getValue().replace('\n', ' ')).append('\n');
        }
        s.append("source=").append(source).append('\n');
        s.append("# category INDEX NAME MIN FLOOR COUNT\n");
        for (int i = 0; i < minima.length; i++) {
            if (minima[i] == Long.MAX_VALUE || minima[i] < 0) continue;
            s.append("category ").append(i).append(' ').append(Calibration.categoryName(i)).append(' ')
             .append(minima[i]).append(' ').append(floors[i]).append(' ').append(counts[i]).append('\n');
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".candor-calibration", ".tmp");
        try {
            Files.write(tmp, s.toString().getBytes(StandardCharsets.UTF_8));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The lines as {@link Files#readAllLines} splits them; a malformed byte is read as U+FFFD (see {@link #isUtf8}). */
    private static java.util.List<String> lines(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        return new BufferedReader(new StringReader(text)).lines().collect(Collectors.toList());
    }

    private static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    private static String shorten(String s) { return s.length() > 60 ? s.substring(0, 57) + "..." : s; }

    private static long[] filled(long v) {
        long[] a = new long[Calibration.CATEGORIES];
        java.util.Arrays.fill(a, v);
        return a;
    }

}
