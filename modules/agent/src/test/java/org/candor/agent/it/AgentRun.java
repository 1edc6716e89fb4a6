package org.candor.agent.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a test program in a fresh JVM, with or without the packaged agent, and captures what it did. */
final class AgentRun {

    static final Path AGENT_DIR = Paths.get(System.getProperty("candor.agent.dir", "target")).toAbsolutePath();
    static final Path TEST_CLASSES = Paths.get("target", "test-classes").toAbsolutePath();

    final int exitCode;
    final String stdout;
    final String stderr;
    final Path snapshot;

    private AgentRun(int exitCode, String stdout, String stderr, Path snapshot) {
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
        this.snapshot = snapshot;
    }

    static String javaHome() {
        return System.getProperty("java.home");
    }

    /** The program without any agent. */
    static AgentRun plain(String mainClass, String... args) throws IOException, InterruptedException {
        return run(javaHome(), List.of(), mainClass, args, null);
    }

    /** The program with libcandor.so and the agent; options are agent options such as include=... */
    static AgentRun profiled(Path dir, String agentOptions, String mainClass, String... args)
            throws IOException, InterruptedException {
        return profiled(javaHome(), true, dir, agentOptions, mainClass, args);
    }

    static AgentRun profiled(String javaHome, boolean nativeLibrary, Path dir, String agentOptions, String mainClass,
                             String... args) throws IOException, InterruptedException {
        Path snapshot = dir.resolve("run.candor");
        List<String> jvm = new ArrayList<>();
        if (nativeLibrary) jvm.add("-agentpath:" + AGENT_DIR.resolve("libcandor.so"));
        String opts = "output=" + snapshot + ",quiet" + (agentOptions.isEmpty() ? "" : "," + agentOptions);
        jvm.add("-javaagent:" + AGENT_DIR.resolve("candor-agent.jar") + "=" + opts);
        return run(javaHome, jvm, mainClass, args, snapshot);
    }

    /**
     * The program sampled by libcandor.so (native options such as sample=cpu,interval=1000000), no bytecode changed,
     * as {@code candor profile --mode sample} runs it: the library starts the session's Java half itself
     * ({@code session=FILE}).
     */
    static AgentRun sampled(String javaHome, Path dir, String nativeOptions, List<String> jvmFlags, String mainClass,
                            String... args) throws IOException, InterruptedException {
        Path snapshot = dir.resolve("sampled.candor");
        Path options = Files.write(dir.resolve("sampling-options.txt"), List.of("mode=sample", "quiet", "output=" + snapshot));
        List<String> jvm = new ArrayList<>(jvmFlags);
        jvm.add("-agentpath:" + AGENT_DIR.resolve("libcandor.so") + "=" + nativeOptions + ",session=" + options);
        return run(javaHome, jvm, mainClass, args, snapshot);
    }

    /** The same, with the session's Java half loaded as a {@code -javaagent} (premain in sample mode). */
    static AgentRun sampledByJavaAgent(String javaHome, Path dir, String nativeOptions, List<String> jvmFlags,
                                       String mainClass, String... args) throws IOException, InterruptedException {
        Path snapshot = dir.resolve("sampled.candor");
        List<String> jvm = new ArrayList<>(jvmFlags);
        jvm.add("-agentpath:" + AGENT_DIR.resolve("libcandor.so") + "=" + nativeOptions);
        jvm.add("-javaagent:" + AGENT_DIR.resolve("candor-agent.jar") + "=mode=sample,quiet,output=" + snapshot);
        return run(javaHome, jvm, mainClass, args, snapshot);
    }

    static AgentRun run(String javaHome, List<String> jvmArgs, String mainClass, String[] args, Path snapshot)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(javaHome, "bin", "java").toString());
        cmd.addAll(jvmArgs);
        cmd.add("-cp");
        cmd.add(TEST_CLASSES.toString());
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("candor-it", ".out");
        Path err = Files.createTempFile("candor-it", ".err");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("timed out: " + cmd);
            }
            return new AgentRun(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8), snapshot);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Override public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
    }
}
