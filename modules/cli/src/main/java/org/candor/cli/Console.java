package org.candor.cli;

import java.io.OutputStream;
import java.io.PrintStream;

/** Where a command writes: results on out, messages (prefixed "candor:") on err. */
final class Console {

    final PrintStream out;
    final PrintStream err;
    /**
     * Standard output for results written in bulk (reports): the file descriptor itself, so that a report goes out
     * without one more copy through PrintStream's buffer, and a closed pipe is an IOException rather than an error
     * flag nobody reads. Flush {@link #out} before writing here.
     */
    final OutputStream data;

    Console(PrintStream out, PrintStream err) {
        this(out, err, out);
    }

    Console(PrintStream out, PrintStream err, OutputStream data) {
        this.out = out;
        this.err = err;
        this.data = data;
    }

    void error(String message) {
        err.println("candor: error: " + message);
    }

    void note(String message) {
        err.println("candor: " + message);
    }
}
