package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.cli.InProcessCli.candorInto;
import static org.candor.cli.InProcessCli.oneLine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results that never reached standard output (a full disk, {@code > /dev/full}) are an error, one line and exit 1,
 * whichever command printed them; a reader that went away ({@code | head}) ends the command quietly.
 */
class StandardOutputErrorsTest {

    @TempDir Path tmp;

    /** Standard output on a full disk, or a pipe whose reader is gone: every write fails so. */
    private static OutputStream failing(String reason) {
        return new OutputStream() {
            @Override public void write(int b) throws IOException {
                throw new IOException(reason);
            }

            @Override public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException(reason);
            }
        };
    }

    private Path snapshot(String name) throws Exception {
        return TinySnapshot.write(tmp.resolve(name));
    }

    @Test
    void printedResultsThatCannotBeWrittenAreOneLineAndExit1() throws Exception {
        String full = "candor: error: cannot write to standard output: No space left on device";
        oneLine(candorInto(failing("No space left on device"), "version"), 1, full);
        oneLine(candorInto(failing("No space left on device"), "help"), 1, full);
        oneLine(candorInto(failing("No space left on device"), "help", "report"), 1, full);
        Path a = snapshot("a.candor");
        oneLine(candorInto(failing("No space left on device"), "compare", a.toString(), a.toString()), 1, full);
        for (String format : List.of("text", "html", "collapsed", "flamegraph")) {
            oneLine(candorInto(failing("No space left on device"), "diff", "--format", format, a.toString(), a.toString()), 1, full);
        }
        oneLine(candorInto(failing("No space left on device"), "diff", a.toString(), a.toString(), "--", a.toString(), a.toString()), 1, full);
    }

    @Test
    void aReportThatCannotBeWrittenIsOneLineAndExit1() throws Exception {
        Path a = snapshot("a.candor");
        for (String format : List.of("text", "collapsed", "csv")) {
            InProcessCli.Run r = candorInto(failing("No space left on device"), "report", a.toString(), "--format", format);
            assertThat(r.exit).as(r.toString()).isEqualTo(1);
            assertThat(r.err.lines()).as(r.toString()).hasSize(1).allMatch(l -> l.contains("No space left on device"));
        }
    }

    @Test
    void aReaderThatWentAwayEndsTheCommandQuietly() throws Exception {
        InProcessCli.Run r = candorInto(failing("Broken pipe"), "help");
        assertThat(r.exit).as(r.toString()).isEqualTo(141);
        assertThat(r.err).isEmpty();
        Path a = snapshot("a.candor");
        r = candorInto(failing("Broken pipe"), "report", a.toString());
        assertThat(r.exit).as(r.toString()).isEqualTo(141);
        assertThat(r.err).isEmpty();
        r = candorInto(failing("Broken pipe"), "diff", a.toString(), a.toString());
        assertThat(r.exit).as(r.toString()).isEqualTo(141);
        assertThat(r.err).isEmpty();
    }

    @Test
    void aCommandThatFailedSaysItsOwnErrorOnly() {
        Path missing = tmp.resolve("missing.candor");
        oneLine(candorInto(failing("No space left on device"), "compare", missing.toString(), missing.toString()), 1,
                "candor: error: no such file: " + missing);
    }
}
