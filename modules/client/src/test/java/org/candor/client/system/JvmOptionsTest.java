package org.candor.client.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A java command line split into the JVM's options and the program's, the -XX flags in HotSpot's order, release files. */
class JvmOptionsTest {

    @Test
    void optionsEndAtWhatTheJvmRuns() {
        JvmCommandLine source = JvmCommandLine.parse(NulSeparated.split(Fixtures.bytes("cmdline-source-launcher.bin")));
        assertThat(source.options()).containsExactly("-XX:+EnableDynamicAgentLoading", "-cp", "/tmp/sl");
        assertThat(source.main()).isEqualTo("/tmp/sl/Sleeper.java");

        JvmCommandLine jar = JvmCommandLine.parse(List.of("java", "-Xmx1g", "-jar", "app.jar", "-XX:+DisableAttachMechanism"));
        assertThat(jar.options()).containsExactly("-Xmx1g");
        assertThat(jar.main()).isEqualTo("app.jar");

        JvmCommandLine module = JvmCommandLine.parse(List.of("java", "-p", "mods", "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-m", "com.acme/com.acme.Main", "x"));
        assertThat(module.options()).containsExactly("-p", "mods", "--add-opens", "java.base/java.lang=ALL-UNNAMED");
        assertThat(module.main()).isEqualTo("com.acme/com.acme.Main");
        assertThat(JvmCommandLine.parse(List.of("java", "--module=m/c")).main()).isEqualTo("m/c");
        // a class path that looks like a main class is the value of -cp
        assertThat(JvmCommandLine.parse(List.of("java", "-classpath", "lib", "Main")).main()).isEqualTo("Main");
        assertThat(JvmCommandLine.parse(List.of("java", "-version")).main()).isEmpty();
        JvmCommandLine argfile = JvmCommandLine.parse(List.of("java", "@jvm.opts", "com.acme.Main", "@data"));
        assertThat(argfile.options()).containsExactly("@jvm.opts");
        assertThat(argfile.main()).isEqualTo("com.acme.Main");
        assertThat(argfile.arguments()).containsExactly("@data");
        assertThat(JvmCommandLine.parse(List.of()).main()).isEmpty();
    }

    @Test
    void aProgramArgumentIsNoFlagOfTheJvm() {
        JvmCommandLine source = JvmCommandLine.parse(NulSeparated.split(Fixtures.bytes("cmdline-source-launcher.bin")));
        JvmFlags flags = JvmFlags.of(source, Map.of());
        assertThat(flags.flag("EnableDynamicAgentLoading")).hasValue(true);
        assertThat(flags.flag("DisableAttachMechanism")).as("after the main: the program's argument").isEmpty();
    }

    @Test
    void laterSourcesOverrideEarlierOnesAsInHotSpot() {
        Map<String, String> env = NulSeparated.environment(Fixtures.bytes("environ-java-options.bin"));
        JvmCommandLine plain = JvmCommandLine.parse(List.of("java", "Main"));
        // JAVA_TOOL_OPTIONS says +, _JAVA_OPTIONS (read last) says -
        assertThat(JvmFlags.of(plain, env).flag("DisableAttachMechanism")).hasValue(false);
        Map<String, String> tool = Map.of("JAVA_TOOL_OPTIONS", "-XX:+DisableAttachMechanism");
        assertThat(JvmFlags.of(plain, tool).flag("DisableAttachMechanism")).hasValue(true);
        JvmCommandLine minus = JvmCommandLine.parse(List.of("java", "-XX:-DisableAttachMechanism", "Main"));
        assertThat(JvmFlags.of(minus, tool).flag("DisableAttachMechanism")).as("the command line after JAVA_TOOL_OPTIONS").hasValue(false);
        Map<String, String> launcher = Map.of("JDK_JAVA_OPTIONS", "  -XX:+EnableDynamicAgentLoading  ");
        assertThat(JvmFlags.of(plain, launcher).flag("EnableDynamicAgentLoading")).hasValue(true);
        assertThat(JvmFlags.of(plain, Map.of()).flag("EnableDynamicAgentLoading")).isEmpty();
    }

    @Test
    void releaseFilesGiveTheFeatureVersion() {
        JavaRelease debian = JavaRelease.parse(Fixtures.text("release-debian-17.txt"));
        assertThat(debian.version()).isEqualTo("17.0.15");
        assertThat(debian.feature()).hasValue(17);
        JavaRelease temurin = JavaRelease.parse(Fixtures.text("release-temurin-25.txt"));
        assertThat(temurin.version()).isEqualTo("25.0.3");
        assertThat(temurin.feature()).hasValue(25);
        assertThat(JavaRelease.parse(Fixtures.text("release-jdk8.txt")).feature()).hasValue(8);
        assertThat(JavaRelease.parse("JAVA_VERSION=\"21\"\n").feature()).hasValue(21);
        assertThat(JavaRelease.parse("JAVA_VERSION=\"26-ea\"\n").feature()).hasValue(26);
        assertThat(JavaRelease.parse("IMPLEMENTOR=\"x\"\n").feature()).isEmpty();
        assertThat(JavaRelease.parse("JAVA_VERSION=\"weird\"\n").feature()).isEmpty();
    }
}
