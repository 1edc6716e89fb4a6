package org.candor.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.candor.client.system.JavaRelease;
import org.candor.client.system.JvmCommandLine;
import org.candor.client.system.NulSeparated;
import org.candor.client.system.ProcessJdk;

/**
 * What the JVM list shows about a local JVM beyond its pid, read from {@code /proc} without attaching to it: its
 * owner, its command line (JVM options, main class or jar, the program's arguments), working directory, and the JDK
 * it runs ({@link ProcessJdk}, as the checks before an attach find it). Anything unreadable is left empty: a JVM may
 * end while it is read.
 */
public record JvmDetails(long pid, String owner, List<String> commandLine, Path workingDirectory, Path javaHome,
                         String javaVersion) {

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
        List<String> argv = NulSeparated.read(dir.resolve("cmdline"));
        Path cwd = link(dir.resolve("cwd"));
        Optional<ProcessJdk> jdk;
        try {
            jdk = ProcessJdk.read(dir);
        } catch (IOException e) {
            jdk = Optional.empty();  // gone, or not ours to read
        }
        return new JvmDetails(pid, owner, argv, cwd, jdk.map(j -> Path.of(j.javaHome())).orElse(null),
                jdk.map(ProcessJdk::version).orElse(""));
    }

    /** The main class, or {@code -jar FILE}'s file name, or the module ({@code -m mod/cls}); empty when not found. */
    public String mainClass() {
        JvmCommandLine c = parsed();
        return c.jar() && !c.main().isEmpty() ? Path.of(c.main()).getFileName().toString() : c.main();
    }

    /** The program's own arguments (after the main class or jar). */
    public List<String> arguments() {
        return parsed().arguments();
    }

    /** The JVM's own options (before the main class or jar). */
    public List<String> jvmOptions() {
        return parsed().options();
    }

    /** The JDK's feature version (17, 21, 25), or 0 when unknown. */
    public int featureVersion() {
        return JavaRelease.feature(javaVersion).orElse(0);
    }

    private JvmCommandLine parsed() {
        return JvmCommandLine.parse(commandLine);
    }

    private static Path link(Path link) {
        try {
            return Files.readSymbolicLink(link);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
