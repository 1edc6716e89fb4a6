package org.candor.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What the JVM list shows about a local JVM beyond its pid, read from {@code /proc} without attaching to it: its
 * owner, its command line (JVM options, main class or jar, the program's arguments), working directory, and the JDK
 * it runs (its {@code release} file). Anything unreadable is left empty: a JVM may end while it is read.
 */
public record JvmDetails(long pid, String owner, List<String> commandLine, Path workingDirectory, Path javaHome,
                         String javaVersion) {

    /** A command line longer than this is not read whole (the kernel keeps at most a few MiB of it anyway). */
    static final int MAX_CMDLINE_BYTES = 1 << 20;

    public JvmDetails {
        commandLine = List.copyOf(commandLine);
    }

    public static JvmDetails of(long pid) {
        return of(Path.of("/proc"), pid);
    }

    /** From a {@code /proc}-shaped folder (tests give a fixture). */
    static JvmDetails of(Path proc, long pid) {
        Path dir = proc.resolve(Long.toString(pid));
        String owner = "";
        try {
            owner = Files.getOwner(dir).getName();
        } catch (IOException | UnsupportedOperationException e) {
            // gone, or no owner to read
        }
        List<String> argv = commandLine(dir.resolve("cmdline"));
        Path cwd = link(dir.resolve("cwd"));
        Path exe = link(dir.resolve("exe"));
        Path home = exe == null || exe.getParent() == null ? null : exe.getParent().getParent();
        return new JvmDetails(pid, owner, argv, cwd, home, home == null ? "" : releaseVersion(home.resolve("release")));
    }

    /** The main class, or {@code -jar FILE}'s file name, or the module ({@code -m mod/cls}); empty when not found. */
    public String mainClass() {
        int i = programStart();
        if (i < 0) return "";
        String a = commandLine.get(i);
        if (a.equals("-jar") || a.equals("-m") || a.equals("--module")) {
            return i + 1 < commandLine.size() ? (a.equals("-jar") ? Path.of(commandLine.get(i + 1)).getFileName().toString()
                    : commandLine.get(i + 1)) : "";
        }
        return a;
    }

    /** The program's own arguments (after the main class or jar). */
    public List<String> arguments() {
        int i = programStart();
        if (i < 0) return List.of();
        String a = commandLine.get(i);
        int first = a.equals("-jar") || a.equals("-m") || a.equals("--module") ? i + 2 : i + 1;
        return first >= commandLine.size() ? List.of() : commandLine.subList(first, commandLine.size());
    }

    /** The JVM's own options (before the main class or jar). */
    public List<String> jvmOptions() {
        int i = programStart();
        return commandLine.size() <= 1 ? List.of() : commandLine.subList(1, i < 0 ? commandLine.size() : i);
    }

    /** The JDK's feature version (17, 21, 25), or 0 when unknown. */
    public int featureVersion() {
        String v = javaVersion.startsWith("1.") ? javaVersion.substring(2) : javaVersion;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) end++;
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, Math.min(end, 4)));
    }

    /** Where the main class or {@code -jar}/{@code -m} stands in the command line: after the JVM's options. */
    private int programStart() {
        for (int i = 1; i < commandLine.size(); i++) {
            String a = commandLine.get(i);
            if (a.equals("-jar") || a.equals("-m") || a.equals("--module")) return i;
            if (takesValue(a)) {
                i++;
                continue;
            }
            if (!a.startsWith("-")) return i;
        }
        return -1;
    }

    /** Launcher options whose value is the next word. */
    private static boolean takesValue(String option) {
        switch (option) {
            case "-cp": case "-classpath": case "--class-path": case "-p": case "--module-path": case "--upgrade-module-path":
            case "--add-modules": case "--add-opens": case "--add-exports": case "--add-reads": case "--limit-modules":
            case "--patch-module": case "--enable-native-access": case "--source":
                return true;
            default:
                return false;
        }
    }

    static List<String> commandLine(Path cmdline) {
        List<String> argv = new ArrayList<>();
        try (java.io.InputStream in = Files.newInputStream(cmdline)) {
            byte[] bytes = in.readNBytes(MAX_CMDLINE_BYTES);
            int start = 0;
            for (int i = 0; i < bytes.length; i++) {
                if (bytes[i] == 0) {
                    argv.add(new String(bytes, start, i - start, StandardCharsets.UTF_8));
                    start = i + 1;
                }
            }
            if (start < bytes.length) argv.add(new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8));
        } catch (IOException e) {
            // gone or another user's: nothing to show
        }
        return argv;
    }

    private static Path link(Path link) {
        try {
            return Files.readSymbolicLink(link);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** {@code JAVA_VERSION="17.0.15"} from a JDK's release file; empty when there is none. */
    static String releaseVersion(Path release) {
        Properties p = new Properties();
        try (java.io.Reader r = Files.newBufferedReader(release, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException | IllegalArgumentException e) {
            return "";
        }
        String v = p.getProperty("JAVA_VERSION", "");
        return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"") ? v.substring(1, v.length() - 1) : v;
    }
}
