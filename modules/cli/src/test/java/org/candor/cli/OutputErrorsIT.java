package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code candor}'s results that cannot be written: to a full standard output ({@code > /dev/full}) or an
 * {@code -o} that is a device, a pipe or a folder. Each is one line and a non-zero exit, never a silent 0, and an
 * {@code -o} that is not a regular file is written into or refused, never replaced by one.
 */
class OutputErrorsIT {

    private static final Path FULL = Path.of("/dev/full");

    @TempDir Path dir;

    private Path snapshot() throws Exception {
        return TinySnapshot.write(dir.resolve("a.candor"));
    }

    private static void oneLine(CandorCli r, String containing) {
        assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr.lines()).as(r.toString()).hasSize(1).allMatch(l -> l.startsWith("candor: error: ") && l.contains(containing));
    }

    @Test
    void resultsToAFullStandardOutputAreAnError() throws Exception {
        Path a = snapshot();
        oneLine(CandorCli.runWithStdout(FULL, "report", a.toString()), "No space left on device");
        oneLine(CandorCli.runWithStdout(FULL, "report", a.toString(), "--format", "csv"), "No space left on device");
        oneLine(CandorCli.runWithStdout(FULL, "compare", a.toString(), a.toString()),
                "cannot write to standard output: No space left on device");
        oneLine(CandorCli.runWithStdout(FULL, "version"), "cannot write to standard output: No space left on device");
    }

    @Test
    void aReportToAFullDeviceIsAnErrorAndTheDeviceStays() throws Exception {
        Path a = snapshot();
        // through a link in the test's folder: had the device been replaced, the link would be, not /dev/full itself
        Path full = Files.createSymbolicLink(dir.resolve("full"), FULL);
        oneLine(CandorCli.run("report", a.toString(), "-o", full.toString()), "No space left on device");
        assertThat(Files.isSymbolicLink(full)).isTrue();
    }

    @Test
    void aReportCutShortByTheFileSystemNamesItsFileAndKeepsThePreviousOne() throws Exception {
        Path a = snapshot();
        Path report = Files.writeString(dir.resolve("report.html"), "the previous report");
        // a file size limit of 4 KiB stands in for a full disk: the write fails half way (EFBIG; the JVM ignores
        // SIGXFSZ), after the snapshot was read, while the report is being written
        java.util.List<String> shell = new java.util.ArrayList<>(java.util.List.of("bash", "-c",
                "ulimit -f 4 && exec \"$@\"", "limited", CandorCli.JAVA, "-cp", CandorCli.HOME.resolve("lib") + "/*",
                "org.candor.cli.Main", "report", a.toString(), "--format", "flamegraph", "-o", report.toString()));
        oneLine(CandorCli.exec(shell), report + ": File too large");
        assertThat(Files.readString(report)).isEqualTo("the previous report");
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("no temporary file left").containsExactlyInAnyOrder(a, report);
        }
    }

    @Test
    void aReportToAPipeGoesIntoThePipe() throws Exception {
        Path a = snapshot();
        Path fifo = dir.resolve("report.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        CompletableFuture<String> read = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CandorCli r = CandorCli.run("report", a.toString(), "--format", "collapsed", "-o", fifo.toString());
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(Files.isRegularFile(fifo)).as("the pipe is still a pipe").isFalse();
        if (!Files.isRegularFile(fifo)) assertThat(read.get(30, TimeUnit.SECONDS)).contains("com.acme.Foo.run");
    }

    @Test
    void aReportToAFolderIsRefusedAndTheFolderStays() throws Exception {
        Path a = snapshot();
        Path folder = Files.createDirectory(dir.resolve("reports"));
        oneLine(CandorCli.run("report", a.toString(), "-o", folder.toString()), folder + ": is a folder");
        assertThat(Files.isDirectory(folder)).isTrue();
    }
}
