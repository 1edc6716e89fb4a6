package org.candor.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output that keeps its first write error. A {@link java.io.PrintStream} swallows write errors (only
 * {@code checkError} says there was one, and not which): through this stream the command line learns that its
 * results never arrived (a full disk, {@code > /dev/full}) and why, so that it says so and does not exit 0.
 */
final class CheckedOutput extends FilterOutputStream {

    private IOException failure;

    CheckedOutput(OutputStream out) {
        super(out);
    }

    @Override public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw kept(e);
        }
    }

    @Override public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw kept(e);
        }
    }

    @Override public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw kept(e);
        }
    }

    private IOException kept(IOException e) {
        if (failure == null) failure = e;
        return e;
    }

    /** The first write error, or null when every write went out. */
    IOException failure() {
        return failure;
    }

    /** The reader of a pipe went away ({@code | head}): the one failure that is nobody's error. */
    static boolean isBrokenPipe(IOException e) {
        return String.valueOf(e.getMessage()).contains("Broken pipe");
    }
}
