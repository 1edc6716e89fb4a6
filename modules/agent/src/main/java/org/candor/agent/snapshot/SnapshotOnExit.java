package org.candor.agent.snapshot;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.atomic.AtomicBoolean;
import org.candor.agent.AgentLog;
import org.candor.agent.options.AgentOptions;

/**
 * Writes the snapshot when the JVM exits; until then, {@link Checkpoints} of it. If the chosen file cannot be written,
 * the data goes to the temp dir.
 */
public final class SnapshotOnExit implements Runnable {

    private final AgentOptions options;
    private final SnapshotSource source;
    private final AtomicBoolean written = new AtomicBoolean();
    private Checkpoints checkpoints;

    public SnapshotOnExit(AgentOptions options, SnapshotSource source) {
        this.options = options;
        this.source = source;
    }

    public SnapshotOnExit install() {
        Runtime.getRuntime().addShutdownHook(new Thread(this, "candor-snapshot"));
        checkpoints = new Checkpoints(options, source, target()).start();
        return this;
    }

    /**
     * No snapshot at exit (the session was detached), and no checkpoints: the last one, a session's that the user
     * ended, is removed. A second call, or one after the write, does nothing.
     */
    public void cancel() {
        if (written.getAndSet(true)) return;
        if (checkpoints != null && checkpoints.stop()) {
            try {
                java.nio.file.Files.deleteIfExists(target());
            } catch (IOException e) {
                AgentLog.error("cannot remove the checkpoint " + target() + ": " + why(e));
            }
        }
    }

    public Path target() { return options.output().toAbsolutePath(); }

    @Override
    public void run() {
        if (!written.compareAndSet(false, true)) return;
        if (checkpoints != null) checkpoints.stop();
        Path target = options.output().toAbsolutePath();
        int threads;
        try {
            threads = source.writeTo(target);
        } catch (IOException | RuntimeException e) {
            Path fallback = Paths.get(System.getProperty("java.io.tmpdir"), "candor-" + ProcessHandle.current().pid() + ".candor");
            AgentLog.error("cannot write snapshot " + target + ": " + why(e) + "; writing " + fallback + " instead");
            target = fallback;
            try {
                threads = source.writeTo(fallback);
            } catch (IOException | RuntimeException again) {
                AgentLog.error("cannot write snapshot " + fallback + " either: " + why(again));
                RunOutcome.unwritten(options);
                return;
            }
        }
        RunOutcome.snapshot(options, target);
        AgentLog.info("wrote " + target + " (" + threads + " threads)");
    }

    /** Why a write failed, without the file's name again (the line names it). */
    private static String why(Exception e) {
        if (e instanceof NoSuchFileException) return "no such folder " + ((NoSuchFileException) e).getFile();
        if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
            return ((FileSystemException) e).getReason();
        }
        return e.getMessage();
    }
}
