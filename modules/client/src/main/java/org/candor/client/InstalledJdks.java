package org.candor.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The JDKs on this machine a program may be launched with: the one running Candor, {@code JAVA_HOME}, and those in
 * the usual places ({@code /usr/lib/jvm}, {@code /opt/java}, SDKMAN's and IntelliJ's folders), each with its version
 * from its {@code release} file. What Launch's JDK chooser offers.
 */
public final class InstalledJdks {

    /** One JDK: its {@code bin/java} and version ("17.0.15"; empty when it has no release file). */
    public record Jdk(Path java, String version) {
        @Override public String toString() {
            return version.isEmpty() ? java.toString() : "JDK " + version + "  (" + java + ")";
        }
    }

    private InstalledJdks() {}

    public static List<Jdk> find() {
        String home = System.getProperty("user.home", "");
        List<Path> places = List.of(Path.of("/usr/lib/jvm"), Path.of("/opt/java"), Path.of("/opt/jdk"),
                Path.of(home, ".sdkman", "candidates", "java"), Path.of(home, ".jdks"));
        List<Path> homes = new ArrayList<>();
        homes.add(Path.of(System.getProperty("java.home")));
        String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) homes.add(Path.of(javaHome));
        for (Path place : places) {
            try (Stream<Path> children = Files.list(place)) {
                children.sorted().forEach(homes::add);
            } catch (IOException | SecurityException e) {
                // not on this machine
            }
        }
        return of(homes);
    }

    /** The JDKs among these folders, once each (symbolic links resolved), in the order given. */
    static List<Jdk> of(List<Path> homes) {
        Map<Path, Jdk> found = new LinkedHashMap<>();
        for (Path home : homes) {
            Path java = home.resolve("bin").resolve("java");
            if (!Files.isExecutable(java)) continue;
            Path real;
            try {
                real = java.toRealPath();
            } catch (IOException e) {
                continue;
            }
            found.putIfAbsent(real, new Jdk(java, org.candor.client.system.JavaRelease.versionIn(home.resolve("release"))));
        }
        return new ArrayList<>(found.values());
    }
}
