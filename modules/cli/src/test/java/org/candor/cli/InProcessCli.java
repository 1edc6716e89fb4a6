package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The command line run in this JVM (Main over a Console of byte buffers): for tests of what a command prints. */
final class InProcessCli {

    /** A command's exit code, stdout (as bytes and as text) and stderr. */
    static final class Run {
        final int exit;
        final byte[] bytes;
        final String out;
        final String err;

        Run(int exit, byte[] bytes, String err) {
            this.exit = exit;
            this.bytes = bytes;
            this.out = new String(bytes, StandardCharsets.UTF_8);
            this.err = err;
        }

        Run withOutput(byte[] stdout) {
            return new Run(exit, stdout, err);
        }

        @Override public String toString() { return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err; }
    }

    private InProcessCli() {}

    static Run candor(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        return candorInto(out, args).withOutput(out.toByteArray());
    }

    /** As {@link #candor}, standard output going into {@code stdout} (one that fails, say); the run's bytes empty. */
    static Run candorInto(OutputStream stdout, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int exit = new Main(new Console(stdout, StandardCharsets.UTF_8, e)).run(Arrays.asList(args));
        return new Run(exit, new byte[0], err.toString(StandardCharsets.UTF_8));
    }

    /** One line on stderr and this exit code. */
    static void oneLine(Run r, int exit, String line) {
        assertThat(r.exit).as(r.toString()).isEqualTo(exit);
        assertThat(r.err.lines().count()).as(r.toString()).isEqualTo(1);
        assertThat(r.err.trim()).isEqualTo(line);
    }
}
