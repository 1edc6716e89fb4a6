package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.cli.InProcessCli.candor;
import static org.candor.cli.InProcessCli.oneLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import jdk.jfr.Recording;
import org.candor.core.imports.BusyRecording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code candor report} and {@code candor compare} of imported profiles (a JFR recording made here, collapsed
 * stacks, a pprof profile), and of bad ones: a truncated recording, a garbage line, an empty file, a pprof that is not
 * gzip, each one line and exit 1.
 */
class ImportedProfilesTest {

    @TempDir static Path tmp;
    static Path jfr;

    @BeforeAll
    static void record() throws Exception {
        jfr = BusyRecording.record(tmp.resolve("busy.jfr"), 500_000_000L);
    }

    @Test
    void aJfrRecordingReportsAsATree() {
        InProcessCli.Run r = candor("report", jfr.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        assertThat(r.out).contains("BusyRecording.spinFor");
    }

    @Test
    void collapsedStacksReportAndCompareWithARecording() throws Exception {
        InProcessCli.Run folded = candor("report", jfr.toString(), "--format", "collapsed", "--value", "self_samples");
        assertThat(folded.exit).as(folded.toString()).isZero();
        Path collapsed = Files.write(tmp.resolve("busy.collapsed"), folded.bytes);
        InProcessCli.Run again = candor("report", collapsed.toString(), "--format", "collapsed", "--value", "self_samples");
        assertThat(again.out).as(again.toString()).isEqualTo(folded.out);

        Path snapshot = TinySnapshot.write(tmp.resolve("a.candor"));
        InProcessCli.Run compare = candor("compare", snapshot.toString(), jfr.toString());
        assertThat(compare.exit).as(compare.toString()).isZero();
        assertThat(compare.out).contains("BusyRecording.spinFor");
    }

    @Test
    void aSnapshotDiffsWithARecordingAndCollapsedStacks() throws Exception {
        Path snapshot = TinySnapshot.write(tmp.resolve("a.candor"));
        Path collapsed = Files.write(tmp.resolve("busy.collapsed"),
                candor("report", jfr.toString(), "--format", "collapsed", "--value", "self_samples").bytes);
        for (Path b : List.of(jfr, collapsed)) {
            InProcessCli.Run diff = candor("diff", snapshot.toString(), b.toString());
            assertThat(diff.exit).as(diff.toString()).isZero();
            assertThat(diff.out).as(diff.toString()).contains("BusyRecording.spinFor")
                    // against collapsed stacks, which name no descriptors, methods are matched and named by name
                    .contains(b == jfr ? "com.acme.Foo.run()" : "com.acme.Foo.run\n");
        }
    }

    @Test
    void aJfrRecordingIsATraceForTheTraceCommandsAndTheChromeTraceExport() throws Exception {
        InProcessCli.Run stats = candor("trace", "stats", jfr.toString());
        assertThat(stats.exit).as(stats.toString()).isZero();
        assertThat(stats.out).as(stats.toString()).startsWith("Candor trace " + jfr + ":").contains("interval 10.0 ms")
                .containsPattern("\\n *\\d+ +\\d+ .* main\\n");
        InProcessCli.Run dump = candor("trace", "dump", jfr.toString(), "--limit", "3");
        assertThat(dump.exit).as(dump.toString()).isZero();
        assertThat(dump.out).as(dump.toString()).contains("period tick").contains("BusyRecording.spinFor");
        Path json = tmp.resolve("busy.json");
        InProcessCli.Run chrome = candor("report", jfr.toString(), "--format", "chrome-trace", "-o", json.toString());
        assertThat(chrome.exit).as(chrome.toString()).isZero();
        assertThat(Files.readString(json)).contains("\"traceEvents\"").contains("main");
    }

    @Test
    void candorsCollapsedExportReadsBackWithEqualValuesOnceItsUnitIsSaid() throws Exception {
        Path snapshot = tmp.resolve("busy.candor");
        org.candor.core.imports.ProfileFiles.saveAsSnapshot(jfr, snapshot);
        // Candor's export writes self time in ns; read as samples, a count of 10,000,000 would be 10,000,000 x 10 ms
        Path times = Files.write(tmp.resolve("times.collapsed"), candor("report", snapshot.toString(), "--format", "collapsed").bytes);
        assertSameValues(candor("diff", snapshot.toString(), times.toString(), "--collapsed-unit", "ns", "--format", "collapsed"));
        assertThat(candor("diff", snapshot.toString(), times.toString(), "--format", "collapsed").out)
                .as("read as samples, the values are 10 ms a nanosecond").doesNotMatch("(?s).* (\\d+) \\1\n.*");
        // exported as samples, they read back at the snapshot's interval
        Path samples = Files.write(tmp.resolve("samples.collapsed"),
                candor("report", snapshot.toString(), "--format", "collapsed", "--value", "self_samples").bytes);
        assertSameValues(candor("diff", snapshot.toString(), samples.toString(), "--collapsed-unit", "samples:10ms", "--format", "collapsed"));
        assertThat(candor("diff", snapshot.toString(), samples.toString(), "--collapsed-unit", "samples:20ms", "--format", "collapsed").out)
                .doesNotMatch("(?s).* (\\d+) \\1\n.*");
        oneLine(candor("diff", snapshot.toString(), times.toString(), "--collapsed-unit", "minutes"), 2,
                "candor: error: diff: --collapsed-unit must be samples, samples:INTERVAL or one of ns, us, ms, s, not 'minutes'");
    }

    /** Every line of a differential collapsed diff, {@code frames selfA selfB}, has the same value in A and B. */
    private static void assertSameValues(InProcessCli.Run diff) {
        assertThat(diff.exit).as(diff.toString()).isZero();
        String[] lines = diff.out.split("\n");
        assertThat(lines.length).as(diff.out).isGreaterThan(0);
        for (String line : lines) {
            String[] f = line.split(" ");
            assertThat(f[f.length - 1]).as(line).isEqualTo(f[f.length - 2]).isNotEqualTo("0");
        }
    }

    @Test
    void aTruncatedRecordingIsOneLine() throws Exception {
        byte[] whole = Files.readAllBytes(jfr);
        Path half = Files.write(tmp.resolve("half.jfr"), Arrays.copyOf(whole, whole.length / 2));
        InProcessCli.Run r = candor("report", half.toString());
        assertThat(r.err).startsWith("candor: error: " + half + ": is not a complete JFR recording");
        oneLine(r, 1, r.err.trim());
    }

    @Test
    void aGarbageLineIsNamed() throws Exception {
        Path file = Files.writeString(tmp.resolve("x.collapsed"), "a.B.c;a.B.d 3\nGARBAGE\n");
        oneLine(candor("report", file.toString()), 1, "candor: error: " + file + ":2: not 'frames count'");
    }

    @Test
    void emptyFilesAreOneLine() throws Exception {
        Path collapsed = Files.writeString(tmp.resolve("empty.collapsed"), "");
        oneLine(candor("report", collapsed.toString()), 1,
                "candor: error: " + collapsed + ": no 'frames count' line: not collapsed stacks");
        Path recording = Files.writeString(tmp.resolve("empty.jfr"), "");
        InProcessCli.Run r = candor("compare", recording.toString(), jfr.toString());
        assertThat(r.err).startsWith("candor: error: " + recording + ": is not a complete JFR recording");
        oneLine(r, 1, r.err.trim());
    }

    @Test
    void aPprofExportReportsAsTheSameTree() throws Exception {
        Path pprof = tmp.resolve("busy.pb.gz");
        InProcessCli.Run export = candor("report", jfr.toString(), "--format", "pprof", "-o", pprof.toString());
        assertThat(export.exit).as(export.toString()).isZero();
        InProcessCli.Run folded = candor("report", jfr.toString(), "--format", "collapsed", "--value", "self_samples", "--per-thread");
        InProcessCli.Run again = candor("report", pprof.toString(), "--format", "collapsed", "--value", "self_samples", "--per-thread");
        assertThat(again.out).as(again.toString()).isEqualTo(folded.out).contains("BusyRecording.spinFor");
    }

    @Test
    void aPprofThatIsNotGzipIsOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain.pb.gz"), "profile");
        oneLine(candor("report", file.toString()), 1,
                "candor: error: " + file + ": not gzip-compressed: a pprof profile is gzipped protobuf");
    }
}
