package org.candor.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InstalledJdksTest {

    @Test
    void findsJdksOnceEachWithTheirVersion(@TempDir Path dir) throws Exception {
        Path a = jdk(dir.resolve("jdk-21"), "21.0.4");
        Path link = Files.createSymbolicLink(dir.resolve("default-java"), a);
        Path noRelease = jdk(dir.resolve("odd"), null);
        Files.createDirectories(dir.resolve("not-a-jdk"));
        List<InstalledJdks.Jdk> found = InstalledJdks.of(List.of(a, link, noRelease, dir.resolve("not-a-jdk")));
        assertThat(found).extracting(InstalledJdks.Jdk::version).containsExactly("21.0.4", "");
        assertThat(found.get(0).toString()).isEqualTo("JDK 21.0.4  (" + a.resolve("bin/java") + ")");
    }

    @Test
    void theRunningJdkComesFirst() {
        List<InstalledJdks.Jdk> found = InstalledJdks.find();
        assertThat(found).isNotEmpty();
        assertThat(found.get(0).java()).isEqualTo(Path.of(System.getProperty("java.home"), "bin", "java"));
        assertThat(found.get(0).version()).startsWith(Integer.toString(Runtime.version().feature()));
    }

    private static Path jdk(Path home, String version) throws Exception {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path java = Files.createFile(bin.resolve("java"));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (version != null) Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
        return home;
    }
}
