package org.candor.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmDetailsTest {

    @Test
    void readsTheCommandLineTheJdkAndTheOwnerFromProc(@TempDir Path proc) throws Exception {
        Path dir = Files.createDirectories(proc.resolve("4242"));
        // the JDK as the process sees it: its mapped libjvm.so, the release file under the process's root
        Path jdk = Files.createDirectories(dir.resolve("root/opt/jdk-21"));
        Files.writeString(jdk.resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"21.0.4\"\n");
        Files.writeString(dir.resolve("maps"), "55d0c8e00000-55d0c8e01000 r--p 00000000 08:01 1 /opt/jdk-21/bin/java\n"
                + "7f3a1c000000-7f3a1d000000 r-xp 00000000 08:01 2 /opt/jdk-21/lib/server/libjvm.so\n");
        Files.write(dir.resolve("cmdline"), String.join("\0", "java", "-Xmx1g", "-cp", "a.jar:b", "--add-opens",
                "java.base/java.lang=ALL-UNNAMED", "com.acme.Main", "--port", "80", "").getBytes(StandardCharsets.UTF_8));
        Files.createSymbolicLink(dir.resolve("cwd"), proc);

        JvmDetails d = JvmDetails.of(proc, 4242);
        assertThat(d.mainClass()).isEqualTo("com.acme.Main");
        assertThat(d.arguments()).containsExactly("--port", "80");
        assertThat(d.jvmOptions()).containsExactly("-Xmx1g", "-cp", "a.jar:b", "--add-opens", "java.base/java.lang=ALL-UNNAMED");
        assertThat(d.javaVersion()).isEqualTo("21.0.4");
        assertThat(d.javaHome()).isEqualTo(Path.of("/opt/jdk-21"));
        assertThat(d.featureVersion()).isEqualTo(21);
        assertThat(d.workingDirectory()).isEqualTo(proc);
        assertThat(d.owner()).isEqualTo(System.getProperty("user.name"));
    }

    @Test
    void aJarOrModuleIsTheMainAndAVanishedProcessIsEmpty(@TempDir Path proc) throws Exception {
        Path dir = Files.createDirectories(proc.resolve("7"));
        Files.write(dir.resolve("cmdline"), String.join("\0", "java", "-jar", "/opt/shop/shop.jar", "run")
                .getBytes(StandardCharsets.UTF_8));
        JvmDetails jar = JvmDetails.of(proc, 7);
        assertThat(jar.mainClass()).isEqualTo("shop.jar");
        assertThat(jar.arguments()).containsExactly("run");
        assertThat(jar.javaVersion()).as("no memory map").isEmpty();
        assertThat(jar.featureVersion()).isZero();

        JvmDetails gone = JvmDetails.of(proc, 8);
        assertThat(gone.commandLine()).isEmpty();
        assertThat(gone.mainClass()).isEmpty();
        assertThat(gone.arguments()).isEmpty();
    }

    @Test
    void thisJvmReadsAsItself() {
        JvmDetails self = JvmDetails.of(ProcessHandle.current().pid());
        assertThat(self.featureVersion()).isEqualTo(Runtime.version().feature());
        assertThat(self.commandLine()).isNotEmpty();
        assertThat(List.of(self.owner())).containsExactly(System.getProperty("user.name"));
    }
}
