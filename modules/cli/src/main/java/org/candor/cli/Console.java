package org.candor.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Where a command writes: results on out (or data), messages (prefixed "candor:") on err. Standard output goes
 * through a {@link CheckedOutput}: {@link #settle} turns a write error that the PrintStream swallowed into one line
 * and a non-zero exit.
 */
final class Console {

    final PrintStream out;
    final PrintStream err;
    /**
     * Standard output for results written in bulk (reports): the file descriptor itself, so that a report goes out
     * without one more copy through PrintStream's buffer, and a closed pipe or a full disk is an IOException rather
     * than an error flag nobody reads. Flush {@link #out} before writing here.
     */
    final OutputStream data;
    private final CheckedOutput stdout;

    /** Results as {@code charset} text into {@code stdout}, bulk results too. */
    Console(OutputStream stdout, Charset charset, PrintStream err) {
        this(stdout, charset, err, null);
    }

    /** As above, bulk results into {@code data} (null: into {@code stdout}). */
    Console(OutputStream stdout, Charset charset, PrintStream err, OutputStream data) {
        this.stdout = new CheckedOutput(stdout);
        this.out = new PrintStream(new BufferedOutputStream(this.stdout), true, charset);
        this.err = err;
        this.data = data != null ? data : this.stdout;
    }

    void error(String message) {
        err.println("candor: error: " + message);
    }

    void note(String message) {
        err.println("candor: " + message);
    }

    /**
     * The exit code once standard output is flushed: a command that succeeded but whose results could not be written
     * fails, with one line naming the error (a closed pipe, {@code | head}, ends quietly with 141, as SIGPIPE would).
     * A command that failed already said why.
     */
    int settle(int exit) {
        out.flush();
        IOException failure = stdout.failure();
        if (failure == null || exit != 0) return exit;
        if (CheckedOutput.isBrokenPipe(failure)) return 141;
        error("cannot write to standard output: " + failure.getMessage());
        return 1;
    }
}
