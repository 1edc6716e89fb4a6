package org.candor.client.filters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.agent.filter.NamePattern;
import org.candor.agent.filter.PatternException;
import org.candor.client.ClientException;
import org.candor.client.InputFiles;
import org.candor.core.io.ReplaceFile;

/**
 * TAU's selective instrumentation file, read and written: routines to leave out between {@code BEGIN_EXCLUDE_LIST}
 * and {@code END_EXCLUDE_LIST}, the only ones to measure between {@code BEGIN_INCLUDE_LIST} and
 * {@code END_INCLUDE_LIST}. A line starting with {@code #} is a comment; inside a name TAU's wildcard {@code #} is
 * Candor's {@code *}. Each entry must be a Candor pattern (TAU's {@code java/lang} is one), checked with the agent's
 * own parser, so a file that reads here is a filter the agent takes. Other sections (TAU's file and outer-loop
 * lists, which name C sources) are skipped and counted.
 */
public final class SelectionFile {

    /** What a file selects: patterns to measure (empty: every class) and to leave out. */
    public record Selection(List<String> includes, List<String> excludes, int skippedSections) {
        public Selection {
            includes = List.copyOf(includes);
            excludes = List.copyOf(excludes);
        }
    }

    /** Files longer than this are no filter list: refused before they are read whole. */
    static final long MAX_BYTES = 4 << 20;

    private SelectionFile() {}

    public static Selection read(Path file) throws ClientException {
        // a FIFO would hold the command (or the app) forever, /dev/zero never end
        InputFiles.refuseIfNotRegular(file, file.toString());
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new ClientException(file + " is not a selective instrumentation file: larger than "
                        + (MAX_BYTES >> 20) + " MiB");
            }
            return parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (java.nio.charset.MalformedInputException e) {
            throw new ClientException(file + " is not a selective instrumentation file: not UTF-8 text");
        } catch (IOException e) {
            throw new ClientException("cannot read " + file + ": " + describe(e));
        }
    }

    /** The lines of a file named {@code source} (named in every error). */
    public static Selection parse(String source, List<String> lines) throws ClientException {
        List<String> includes = new ArrayList<>();
        List<String> excludes = new ArrayList<>();
        List<String> into = null;
        String open = null;
        int openedAt = 0;
        int skipped = 0;
        boolean skipping = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            int n = i + 1;
            if (line.isEmpty() || line.startsWith("#")) continue;
            if (line.startsWith("BEGIN_") && line.endsWith("_LIST")) {
                if (open != null) throw new ClientException(source + ":" + n + ": " + line + " inside " + open + " (line " + openedAt + ")");
                open = line;
                openedAt = n;
                switch (line) {
                    case "BEGIN_EXCLUDE_LIST": into = excludes; skipping = false; break;
                    case "BEGIN_INCLUDE_LIST": into = includes; skipping = false; break;
                    default: into = null; skipping = true; skipped++;
                }
                continue;
            }
            if (line.startsWith("END_") && line.endsWith("_LIST")) {
                if (open == null || !line.equals("END_" + open.substring("BEGIN_".length()))) {
                    throw new ClientException(source + ":" + n + ": " + line + " without its BEGIN line");
                }
                open = null;
                into = null;
                skipping = false;
                continue;
            }
            if (skipping) continue;
            if (into == null) {
                throw new ClientException(source + ":" + n + ": '" + shortened(line)
                        + "' is outside BEGIN_EXCLUDE_LIST/END_EXCLUDE_LIST or BEGIN_INCLUDE_LIST/END_INCLUDE_LIST");
            }
            String pattern = line.replace('#', '*');
            try {
                NamePattern.parse(pattern);
            } catch (PatternException e) {
                throw new ClientException(source + ":" + n + ": " + e.getMessage());
            }
            into.add(pattern);
        }
        if (open != null) throw new ClientException(source + ": " + open + " (line " + openedAt + ") is never ended");
        return new Selection(includes, excludes, skipped);
    }

    /** The file's text for these patterns: an include section only when there are includes. */
    public static String text(List<String> includes, List<String> excludes) {
        StringBuilder b = new StringBuilder("# Candor filter (TAU selective instrumentation file syntax)\n");
        if (!includes.isEmpty()) {
            b.append("BEGIN_INCLUDE_LIST\n");
            for (String p : includes) b.append(p).append('\n');
            b.append("END_INCLUDE_LIST\n");
        }
        b.append("BEGIN_EXCLUDE_LIST\n");
        for (String p : excludes) b.append(p).append('\n');
        b.append("END_EXCLUDE_LIST\n");
        return b.toString();
    }

    /** Writes the file whole beside {@code file}, then over it: an older file stays until the new one is complete. */
    public static void write(Path file, List<String> includes, List<String> excludes) throws ClientException {
        try {
            byte[] bytes = text(includes, excludes).getBytes(StandardCharsets.UTF_8);
            ReplaceFile.write(file, out -> out.write(bytes));
        } catch (IOException e) {
            throw new ClientException("cannot write " + file + ": " + describe(e));
        }
    }

    private static String shortened(String line) {
        return line.length() <= 80 ? line : line.substring(0, 77) + "...";
    }

    private static String describe(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) return "no such file";
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
