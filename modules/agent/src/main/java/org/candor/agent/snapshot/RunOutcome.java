package org.candor.agent.snapshot;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.candor.agent.AgentLog;
import org.candor.agent.options.AgentOptions;

/**
 * What the agent tells the tool that launched its program, in the file {@code outcome=FILE} names (docs/agent-options.md):
 * that it loaded, and where its snapshot went at exit. From the exit code alone {@code candor profile} could not tell a
 * program that never loaded the agent (not a Java program) from one killed before its snapshot, nor this run's
 * snapshot from an earlier run's file, nor find one that went to the temporary folder instead. One line a fact,
 * appended (the JVMs a script starts share the file): {@code loaded PID}, {@code checkpoint PID PATH} (the first
 * checkpoint), {@code snapshot PID PATH}, {@code unwritten PID}.
 */
public final class RunOutcome {

    private static final String LOADED = "loaded";
    private static final String SNAPSHOT = "snapshot";
    private static final String UNWRITTEN = "unwritten";
    private static final String CHECKPOINT = "checkpoint";

    /** What a run's file says. */
    public static final class Report {
        private boolean loaded;
        private boolean unwritten;
        private final List<Path> snapshots = new ArrayList<>();
        private final List<Path> checkpoints = new ArrayList<>();

        /** Whether any JVM of the run loaded the agent. */
        public boolean loaded() { return loaded; }

        /** The snapshots written at exit, where they went. */
        public List<Path> snapshots() { return Collections.unmodifiableList(snapshots); }

        /** Where checkpoints went while the program ran (one line a JVM, at its first). */
        public List<Path> checkpoints() { return Collections.unmodifiableList(checkpoints); }

        /** Whether a snapshot could be written nowhere (the agent said why on stderr). */
        public boolean unwritten() { return unwritten; }
    }

    private RunOutcome() {}

    /** The agent loaded, its options good: from here a snapshot is due at exit. */
    public static void loaded(AgentOptions options) {
        append(options, LOADED + " " + pid());
    }

    /** The snapshot at exit went to {@code file}, whole. */
    static void snapshot(AgentOptions options, Path file) {
        append(options, SNAPSHOT + " " + pid() + " " + file.toAbsolutePath());
    }

    /** The first checkpoint went to {@code file}: from here, a killed program leaves one there. */
    static void checkpoint(AgentOptions options, Path file) {
        append(options, CHECKPOINT + " " + pid() + " " + file.toAbsolutePath());
    }

    /** The snapshot at exit could be written nowhere. */
    static void unwritten(AgentOptions options) {
        append(options, UNWRITTEN + " " + pid());
    }

    /** The facts in {@code file}; an empty or missing file says the agent never loaded. */
    public static Report read(Path file) throws IOException {
        Report r = new Report();
        if (!Files.isRegularFile(file)) return r;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] f = line.split(" ", 3);
            if (f[0].equals(LOADED)) r.loaded = true;
            if (f[0].equals(UNWRITTEN)) r.unwritten = true;
            if (f[0].equals(SNAPSHOT) && f.length == 3) r.snapshots.add(Path.of(f[2]));
            if (f[0].equals(CHECKPOINT) && f.length == 3) r.checkpoints.add(Path.of(f[2]));
        }
        return r;
    }

    private static long pid() {
        return ProcessHandle.current().pid();
    }

    /**
     * One line onto the file the launcher made: never created here (no launcher waits for it then), never opened
     * unless it is a regular file (a FIFO would block the program until someone read it).
     */
    private static void append(AgentOptions options, String line) {
        Path file = options.outcome();
        if (file == null || !Files.isRegularFile(file)) return;
        try {
            Files.write(file, (line + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND);
        } catch (IOException | RuntimeException e) {
            AgentLog.debug("cannot note the run's outcome in " + file + ": " + e.getMessage());
        }
    }
}
