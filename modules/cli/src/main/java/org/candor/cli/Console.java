package org.candor.cli;

import java.io.PrintStream;

/** Where a command writes: results on out, messages (prefixed "candor:") on err. */
final class Console {

    final PrintStream out;
    final PrintStream err;

    Console(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    void error(String message) {
        err.println("candor: error: " + message);
    }

    void note(String message) {
        err.println("candor: " + message);
    }
}
