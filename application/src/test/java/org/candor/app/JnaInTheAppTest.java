package org.candor.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.tools.attach.VirtualMachine;
import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JNA in the assembled application: it ships one JNA, the platform's libs.jna module's (nb-libs depends on that module
 * instead of bundling its own), and client's OS checks work there. The layout is read from target/candor; the running
 * app is asked by {@link InAppProbe}, loaded into it through the Attach API, which runs the checks from an app
 * module's class loader and reports which JNA answered.
 */
class JnaInTheAppTest {

    private static final Duration LIMIT = Duration.ofSeconds(120);

    @Test
    void theAppShipsOneJnaTheLibrariesModuleUsesInsteadOfItsOwn() throws Exception {
        List<Path> jars;
        try (Stream<Path> all = Files.walk(RunningApp.APP)) {
            jars = all.filter(p -> p.getFileName().toString().matches("jna-\\d.*\\.jar")).toList();
        }
        assertThat(jars).containsExactly(RunningApp.APP.resolve("platform/modules/ext/jna-5.17.0.jar"));
        Manifest libs;
        try (var jar = new java.util.jar.JarFile(RunningApp.APP.resolve("candor/modules/org-candor-libs.jar").toFile())) {
            libs = jar.getManifest();
        }
        assertThat(libs.getMainAttributes().getValue("OpenIDE-Module-Module-Dependencies")).contains("org.netbeans.libs.jna/2");
        assertThat(libs.getMainAttributes().getValue("Class-Path")).doesNotContain("jna");
    }

    @Test
    void theChecksRunThroughThePlatformsJnaInTheRunningApp(@TempDir Path dir) throws Exception {
        Assumptions.assumeFalse(GraphicsEnvironment.isHeadless(), "needs an X display");
        Path agentJar = agentJar(dir.resolve("in-app-probe.jar"));
        Path out = dir.resolve("in-app.properties");
        Path library = RunningApp.APP.resolve("candor/agent/libcandor.so").toAbsolutePath();
        RunningApp app = RunningApp.start(RunningApp.APP, Path.of(System.getProperty("java.home")), dir.resolve("userdir"));
        Properties found = new Properties();
        try (app) {
            ProcessHandle jvm = app.jvm(LIMIT);
            app.awaitLog("org.candor.ui.live", LIMIT);
            VirtualMachine vm = VirtualMachine.attach(Long.toString(jvm.pid()));
            try {
                vm.loadAgent(agentJar.toString(), out + "|" + library);
            } finally {
                vm.detach();
            }
            long end = System.nanoTime() + LIMIT.toNanos();
            while (!Files.exists(out) && System.nanoTime() < end) Thread.sleep(200);
            assertThat(out).as("the probe's report").exists();
            try (Reader r = Files.newBufferedReader(out, StandardCharsets.UTF_8)) {
                found.load(r);
            }
        }
        System.out.println("[JnaInTheAppTest] " + found);
        assertThat(found.getProperty("error")).as("the probe's error").isNull();
        assertThat(found.getProperty("jna.jar")).contains(RunningApp.APP.toAbsolutePath().normalize() + "/platform/modules/ext/jna-5.17.0.jar");
        assertThat(found.getProperty("jna.loader")).as("the loader of com.sun.jna.Native").contains("org.netbeans.libs.jna");
        assertThat(found.getProperty("jna.native.classes")).as("classes named com.sun.jna.Native in the app").isEqualTo("1");
        assertThat(found.getProperty("jnidispatch")).as("JNA's native part, as libs.jna sets it up")
                .endsWith("/platform/modules/lib/amd64/linux/libjnidispatch-nb.so").doesNotContain(",");
        String lines = found.getProperty("lines");
        assertThat(lines).contains("libcandor.so: available: answers from " + library)
                .containsPattern("operating system: available: Linux \\S+ on x86_64")
                .containsPattern("perf events: (available|limited|unavailable): ");
        assertThat(lines.lines().count()).isEqualTo(9);
    }

    /** A jar holding {@link InAppProbe}, with the manifest of an agent loaded into a running JVM. */
    private static Path agentJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Agent-Class"), InAppProbe.class.getName());
        String entry = InAppProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
             var in = InAppProbe.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }
}
