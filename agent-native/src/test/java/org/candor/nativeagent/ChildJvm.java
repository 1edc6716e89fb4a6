package org.candor.nativeagent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Starts child JVMs (or other commands) for the native agent tests and captures their output. */
final class ChildJvm {
    static final Path LIBRARY = Path.of(System.getProperty("candor.native.lib", "target/libcandor.so")).toAbsolutePath();
    static final Path TEST_CLASSES = Path.of(System.getProperty("candor.test.classes", "target/test-classes")).toAbsolutePath();
    static final Path JDK_HERE = Path.of(System.getProperty("java.home"), "bin", "java");
    static final Path JDK_25 = Path.of(System.getProperty("candor.jdk25.java", "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"));

    private ChildJvm() {
    }

    static String agent(String options) {
        return "-agentpath:" + LIBRARY + options;
    }

    static Child run(Path tmp, Path java, List<String> jvmArgs, String mainClass, String... args) throws Exception {
        assertThat(LIBRARY).as("built library").isRegularFile();
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(TEST_CLASSES.toString());
        command.add(mainClass);
        command.addAll(List.of(args));
        return run(tmp, new ProcessBuilder(command));
    }

    static Child run(Path tmp, ProcessBuilder builder) throws Exception {
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process process;
        try {
            process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        } catch (IOException e) {
            return new Child(-1, List.of(), List.of(e.toString()), builder.command());
        }
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("child timed out: " + builder.command());
        }
        return new Child(process.exitValue(), Files.readAllLines(out), Files.readAllLines(err), builder.command());
    }

    record Child(int exit, List<String> out, List<String> err, List<String> command) {
        void assertCleanExit() {
            assertThat(exit).as("exit of %s; stderr %s", command, err).isZero();
            assertThat(err).as("stderr of %s", command).isEmpty();
        }

        Map<String, String> values() {
            Map<String, String> values = new LinkedHashMap<>();
            for (String line : out) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    values.put(line.substring(0, eq), line.substring(eq + 1));
                }
            }
            return values;
        }

        String value(String key) {
            String value = values().get(key);
            assertThat(value).as("%s in output %s of %s", key, out, command).isNotNull();
            return value;
        }

        int intValue(String key) {
            return Integer.parseInt(value(key));
        }

        long longValue(String key) {
            return Long.parseLong(value(key));
        }

        double doubleValue(String key) {
            return Double.parseDouble(value(key));
        }

        long stat(String name) {
            return longValue("stat." + name);
        }
    }
}
