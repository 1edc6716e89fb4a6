package org.candor.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a target program under the agents and waits for it: writes the options file, adds
 * {@code -agentpath:libcandor.so} and {@code -javaagent:candor-agent.jar=optfile=...}, passes the target's own
 * input and output straight through, and returns its exit code. A sampling session has no {@code -javaagent}:
 * libcandor.so starts its Java half itself ({@code session=FILE}), which spares the target the
 * {@code java.instrument} module and the start-up time it costs.
 */
public final class ProfileLaunch {

    private final AgentFiles agent;
    private final ProfileSettings settings;
    private final JavaCommand target;

    public ProfileLaunch(AgentFiles agent, ProfileSettings settings, JavaCommand target) {
        this.agent = agent;
        this.settings = settings;
        this.target = target;
    }

    /** The JVM options that load Candor, given the options file. */
    public List<String> jvmOptions(Path optionsFile) {
        List<String> opts = new ArrayList<>();
        Path lib = agent.nativeLibrary();
        String nativeOptions = settings.nativeOptions();
        // the native options are a comma-separated list, so a path with a comma goes the -javaagent way
        boolean sessionInLibrary = settings.sampling() && lib != null && !optionsFile.toString().contains(",");
        if (sessionInLibrary) nativeOptions += (nativeOptions.isEmpty() ? "" : ",") + "session=" + optionsFile;
        if (lib != null) opts.add("-agentpath:" + lib + (nativeOptions.isEmpty() ? "" : "=" + nativeOptions));
        if (!sessionInLibrary) opts.add("-javaagent:" + agent.agentJar() + "=optfile=" + optionsFile);
        return opts;
    }

    public ProcessBuilder processBuilder(Path optionsFile) {
        List<String> jvm = jvmOptions(optionsFile);
        ProcessBuilder pb;
        if (target.isJavaLauncher()) {
            pb = new ProcessBuilder(target.withJvmOptions(jvm));
        } else {
            pb = new ProcessBuilder(target.argv());
            String existing = System.getenv("JAVA_TOOL_OPTIONS");
            pb.environment().put("JAVA_TOOL_OPTIONS", String.join(" ", jvm) + (existing == null ? "" : " " + existing));
        }
        return pb.inheritIO();
    }

    /**
     * Starts the target and returns at once (the app), in {@code workingDirectory} (null: this one): its standard output
     * and errors go to {@code log}, the options file is removed when it ends.
     */
    public Process start(Path log, Path workingDirectory) throws ClientException {
        check();
        Path optionsFile = null;
        try {
            optionsFile = writeOptionsFile();
            ProcessBuilder pb = processBuilder(optionsFile).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            pb.redirectInput(ProcessBuilder.Redirect.PIPE);
            if (workingDirectory != null) pb.directory(workingDirectory.toFile());
            Process p = pb.start();
            p.getOutputStream().close();  // no input: a program that reads it sees its end
            Path options = optionsFile;
            p.onExit().thenRun(() -> deleteQuietly(options));
            return p;
        } catch (IOException e) {
            if (optionsFile != null) deleteQuietly(optionsFile);
            throw new ClientException("cannot start " + target.argv().get(0) + ": " + e.getMessage(), e);
        }
    }

    /** The agent's options, one a line, in a temporary file its {@code optfile=} names. */
    private Path writeOptionsFile() throws IOException {
        Path file = Files.createTempFile("candor-options", ".txt");
        try {
            Files.write(file, settings.agentOptionLines(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            deleteQuietly(file);
            throw e;
        }
        return file;
    }

    /** A temporary file gone; one that cannot be removed is the OS's to clean. */
    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a temp file
        }
    }

    /** The settings are valid and what they need is installed. */
    private void check() throws ClientException {
        settings.validate();
        if (settings.sampling() && agent.nativeLibrary() == null) {
            throw new ClientException("sampling needs " + AgentFiles.NATIVE_LIBRARY + ", which is not in " + agent.dir()
                    + " (build agent-native with g++)");
        }
        if (!settings.metric().equals(ProfileSettings.WALL) && agent.nativeLibrary() == null) {
            throw new ClientException("metric " + settings.metric() + " needs " + AgentFiles.NATIVE_LIBRARY + ", which is not in "
                    + agent.dir() + " (build agent-native with g++)");
        }
    }

    /** Runs the target to its end; the exit code is the target's own. */
    public int run() throws ClientException, InterruptedException {
        return run(pid -> { });
    }

    /** As {@link #run()}, telling {@code started} the pid of the process it started (the JVM, for a java launcher). */
    public int run(java.util.function.LongConsumer started) throws ClientException, InterruptedException {
        check();
        Path optionsFile = null;
        try {
            optionsFile = writeOptionsFile();
            Process p = processBuilder(optionsFile).start();
            started.accept(p.pid());
            Thread grace = new Thread(() -> waitBriefly(p), "candor-target-grace");
            Runtime.getRuntime().addShutdownHook(grace);
            int exit = p.waitFor();
            try {
                Runtime.getRuntime().removeShutdownHook(grace);
            } catch (IllegalStateException shuttingDown) {
                // we are exiting anyway; the hook just returns at once
            }
            return exit;
        } catch (IOException e) {
            throw new ClientException("cannot start " + target.argv().get(0) + ": " + e.getMessage(), e);
        } finally {
            if (optionsFile != null) deleteQuietly(optionsFile);
        }
    }

    /** On Ctrl-C both get the signal; give the target time to write its snapshot before we go. */
    private static void waitBriefly(Process p) {
        try {
            p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
