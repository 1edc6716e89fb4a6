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
        Path jdk = Files.createDirectories(proc.resolve("jdk/bin"));
        Files.writeString(jdk.getParent().resolve("release"), "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"21.0.4\"\n");
        Path java = Files.createFile(jdk.resolve("java"));
        Path dir = Files.createDirectories(proc.resolve("4242"));
        Files.write(dir.resolve("cmdline"), String.join("\0", "java", "-Xmx1g", "-cp", "a.jar:b", "--add-opens",
                "java.base/java.lang=ALL-UNNAMED", "com.acme.Main", "--port", "80", "").getBytes(StandardCharsets.UTF_8));
        Files.createSymbolicLink(dir.resolve("exe"), java);
        Files.createSymbolicLink(dir.resolve("cwd"), proc);

        JvmDetails d = JvmDetails.of(proc, 4242);
        assertThat(d.mainClass()).isEqualTo("com.acme.Main");
        assertThat(d.arguments()).containsExactly("--port", "80");
        assertThat(d.jvmOptions()).containsExactly("-Xmx1g", "-cp", "a.jar:b", "--add-opens", "java.base/java.lang=ALL-UNNAMED");
        assertThat(d.javaVersion()).isEqualTo("21.0.4");
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
        assertThat(jar.javaVersion()).as("no exe link").isEmpty();
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
