package org.candor.app.inside;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A program of the test's own for the app to profile, started without any agent from a class path that holds its
 * class file alone (copied there), as a user's program is: the root browser lists its classes and nothing of the
 * test's. It says "ready" on stdout when it runs and ends when its stdin closes.
 */
final class TargetProgram implements AutoCloseable {

    final Process process;
    final Path output;

    private TargetProgram(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /** Copies {@code main}'s class file under {@code dir}/classes and runs it; returns once it said "ready". */
    static TargetProgram start(Class<?> main, Path dir) throws Exception {
        Path classes = dir.resolve("classes");
        String file = main.getName().replace('.', '/') + ".class";
        Path copy = classes.resolve(file);
        Files.createDirectories(copy.getParent());
        try (InputStream in = main.getClassLoader().getResourceAsStream(file)) {
            assertThat(in).as("the class file of " + main.getName()).isNotNull();
            Files.copy(in, copy);
        }
        Path output = dir.resolve("program.err");
        Process p = new ProcessBuilder(java(), "-cp", classes.toString(), main.getName())
                .redirectError(output.toFile()).start();
        TargetProgram program = new TargetProgram(p, output);
        String said = new String(p.getInputStream().readNBytes(6), StandardCharsets.UTF_8);
        assertThat(said).as("what the program said first (its stderr: %s)", output).isEqualTo("ready\n");
        return program;
    }

    /** The java the tests run on (the surefire JVM's is a wrapper that may start a virtual display). */
    static String java() {
        String java = System.getenv("CANDOR_TEST_JAVA");
        return java != null ? java : Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    long pid() {
        return process.pid();
    }

    /** Closes its stdin (it ends by itself), and kills it if it lingers. */
    @Override
    public void close() throws Exception {
        process.getOutputStream().close();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
