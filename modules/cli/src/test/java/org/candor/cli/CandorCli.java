package org.candor.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the assembled distribution's command line in its own process, as a user would. */
final class CandorCli {

    static final Path HOME = Paths.get(System.getProperty("candor.home", "target/candor")).toAbsolutePath();
    /** An empty cache directory: no calibration statistics unless a test names its own file. */
    static final Path CACHE = Paths.get("target", "it-cache").toAbsolutePath();
    static final String JAVA = Paths.get(System.getProperty("java.home"), "bin", "java").toString();

    final int exitCode;
    final String stdout;
    final String stderr;

    private CandorCli(int exitCode, String stdout, String stderr) {
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static CandorCli run(String... args) throws IOException, InterruptedException {
        return runWithJvmOptions(List.of(), args);
    }

    /** As {@link #run}, the command's JVM started with these options first, e.g. {@code -Xmx256m}. */
    static CandorCli runWithJvmOptions(List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JAVA));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", HOME.resolve("lib") + "/*", "org.candor.cli.Main"));
        cmd.addAll(List.of(args));
        return exec(cmd);
    }

    /** As {@link #run}, failing when the command takes more than {@code seconds} (a target that hangs). */
    static CandorCli runWithin(int seconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JAVA, "-cp", HOME.resolve("lib") + "/*", "org.candor.cli.Main"));
        cmd.addAll(List.of(args));
        return exec(cmd, null, seconds);
    }

    /** As {@link #run}, standard output going to {@code stdout} ({@code /dev/full}, say); the result's stdout empty. */
    static CandorCli runWithStdout(Path stdout, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(JAVA, "-cp", HOME.resolve("lib") + "/*", "org.candor.cli.Main"));
        cmd.addAll(List.of(args));
        return exec(cmd, stdout, 300);
    }

    static CandorCli exec(List<String> cmd) throws IOException, InterruptedException {
        return exec(cmd, null, 300);
    }

    private static CandorCli exec(List<String> cmd, Path stdout, int seconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("cli", ".out");
        Path err = Files.createTempFile("cli", ".err");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput((stdout != null ? stdout : out).toFile())
                    .redirectError(err.toFile());
            // the user's calibration minima (~/.cache/candor) must not change what the tests see
            pb.environment().put("XDG_CACHE_HOME", CACHE.toString());
            Process p = pb.start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);  // the target too
                p.destroyForcibly();
                throw new AssertionError("timed out: " + cmd);
            }
            return new CandorCli(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    static String demoJar() {
        return HOME.resolve("lib/candor-demo.jar").toString();
    }

    @Override public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
    }
}
