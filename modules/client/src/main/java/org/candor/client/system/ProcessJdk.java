package org.candor.client.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The JDK a process runs, found the one way both the JVM list and the checks before an attach use: the libjvm.so
 * mapped into it (whatever launched it: java, a native launcher, an IDE), and that JDK's release file read through
 * the process's own root (a container's JDK is not the host's).
 *
 * @param javaHome the JDK's folder as the process sees it
 * @param release its release file; null when it has none
 */
public record ProcessJdk(String javaHome, JavaRelease release) {

    /**
     * The JDK of the process whose {@code /proc/PID} folder is {@code procDir}; empty when no libjvm.so is mapped
     * (no JVM).
     * @throws IOException when its memory map cannot be read (gone, or not permitted)
     */
    public static Optional<ProcessJdk> read(Path procDir) throws IOException {
        Optional<String> libjvm;
        try (Stream<String> maps = Files.lines(procDir.resolve("maps"), StandardCharsets.UTF_8)) {
            libjvm = MemoryMap.libjvm(maps);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return libjvm.map(MemoryMap::javaHome).map(home -> new ProcessJdk(home, release(procDir, home)));
    }

    /** The release file of the JDK at {@code home}, or (JDK 8, whose libjvm.so is under jre/) of the JDK above it. */
    private static JavaRelease release(Path procDir, String home) {
        List<String> dirs = home.endsWith("/jre") ? List.of(home, home.substring(0, home.length() - 4)) : List.of(home);
        for (String dir : dirs) {
            try {
                return JavaRelease.parse(Files.readString(procDir.resolve("root" + dir + "/release"), StandardCharsets.UTF_8));
            } catch (IOException e) {
                // none there
            }
        }
        return null;
    }

    /** {@code 17.0.15}; empty when the release file says nothing. */
    public String version() {
        return release == null ? "" : release.version();
    }
}
