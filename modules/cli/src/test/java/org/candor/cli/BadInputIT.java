package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every kind of bad input gets one clear line and a non-zero exit; nothing half-done. */
class BadInputIT {

    @TempDir Path dir;

    private static void oneLine(CandorCli r, int exit, String line) {
        assertThat(r.exitCode).as(r.toString()).isEqualTo(exit);
        assertThat(r.stderr.lines().count()).as(r.toString()).isEqualTo(1);
        assertThat(r.stderr.trim()).isEqualTo(line);
    }

    @Test
    void unknownCommandsAndOptions() throws Exception {
        oneLine(CandorCli.run("profiel"), 2, "candor: error: unknown command 'profiel' (commands: profile, report, counters, calibrate, demo, attach, list, ctl, diff, compare, perturbation, check, trace, verify)");
        oneLine(CandorCli.run("profile", "--colour", "red"), 2,
                "candor: error: profile: unknown option '--colour' (see 'candor help profile')");
        oneLine(CandorCli.run("report", "x.candor", "--format", "pdf"), 2,
                "candor: error: unknown report format 'pdf'; use text, collapsed, csv, hotspots-csv, speedscope, html, pprof, otlp, flamegraph, chrome-trace");
        oneLine(CandorCli.run("profile", "--", "java", "-version"), 2,
                "candor: error: profile: where should the snapshot go? (-o FILE.candor)");
    }

    @Test
    void liveCommandsWithoutAJvmOrSessionSayWhatIsMissing() throws Exception {
        oneLine(CandorCli.run("attach"), 2, "candor: error: attach: which JVM? candor attach PID [options] ('candor list' shows them)");
        oneLine(CandorCli.run("attach", "4242", "--colour", "red"), 2,
                "candor: error: attach: unknown option '--colour' (see 'candor help attach')");
        oneLine(CandorCli.run("ctl", "4242", "rewind"), 2,
                "candor: error: ctl: unknown command 'rewind' (commands: status, snapshot, reset, stop, start, detach, set, classes, methods)");
        oneLine(CandorCli.run("ctl", "4242", "snapshot"), 2, "candor: error: ctl: snapshot needs -o FILE");
        oneLine(CandorCli.run("ctl", "4242", "set"), 2,
                "candor: error: ctl: set needs --root, --scheme, --include, --exclude or --lookahead");
        oneLine(CandorCli.run("ctl", "999999999", "status"), 1, "candor: error: no process 999999999");
    }

    @Test
    void malformedPatternsAndAgentOptionsAreRefusedBeforeTheTargetStarts() throws Exception {
        Path out = dir.resolve("x.candor");
        oneLine(CandorCli.run("profile", "--include", "com..acme", "-o", out.toString(), "--", CandorCli.JAVA, "-version"), 2,
                "candor: error: pattern 'com..acme' is malformed: empty name segment (two dots, or a dot at an end)");
        oneLine(CandorCli.run("profile", "--agent-option", "colour=red", "-o", out.toString(), "--", CandorCli.JAVA, "-version"), 2,
                "candor: error: agent option 'colour' is unknown (known: output, mode, scheme, include, exclude, defaultexcludes, "
                        + "maxnodes, maxdepth, maxthreads, quiet, verbose, optfile, calibration, warmupdelay, warmupcount, "
                        + "calstats, calstatswrite, trainer, root, lookahead, start, recursion, foldafter, measureevery, trace, outcome,"
                        + " checkpoint)");
        oneLine(CandorCli.run("profile", "--agent-option", "start=soon", "-o", out.toString(), "--", CandorCli.JAVA, "-version"), 2,
                "candor: error: agent option 'start' has unknown value 'soon' (known: now, delayed)");
        oneLine(CandorCli.run("profile", "--delay-start", "--mode", "sample", "-o", out.toString(), "--", CandorCli.JAVA, "-version"), 2,
                "candor: error: --delay-start applies to --mode instrument (a sampling session samples from its start; 'candor ctl PID stop' pauses it)");
        oneLine(CandorCli.run("attach", "4242", "--delay-start", "--mode", "sample"), 2,
                "candor: error: --delay-start applies to --mode instrument (a sampling session samples from its start; 'candor ctl PID stop' pauses it)");
        oneLine(CandorCli.run("profile", "--scheme", "lazy", "-o", out.toString(), "--", CandorCli.JAVA, "-version"), 2,
                "candor: error: agent option 'scheme=lazy' needs root methods (root=com.acme.Server.handle, root=com.acme.**, ...)");
        oneLine(CandorCli.run("profile", "--root", "com.acme.Server.handle(", "-o", out.toString(), "--", CandorCli.JAVA, "-version"), 2,
                "candor: error: pattern 'com.acme.Server.handle(' is malformed: '(' without ')'");
        oneLine(CandorCli.run("profile", "--root", "com.acme.**", "--mode", "sample", "-o", out.toString(), "--", CandorCli.JAVA, "-version"), 2,
                "candor: error: --scheme and --root apply to --mode instrument");
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void aMissingJavaExecutable() throws Exception {
        oneLine(CandorCli.run("profile", "-o", dir.resolve("x.candor").toString(), "--", "/no/such/java", "-version"), 1,
                "candor: error: the target command '/no/such/java' was not found (not a file, not on PATH)");
        oneLine(CandorCli.run("profile", "-o", dir.resolve("x.candor").toString()), 1,
                "candor: error: no target command after '--' (expected: -- java <args...>)");
    }

    @Test
    void unreadableSnapshots() throws Exception {
        oneLine(CandorCli.run("report", dir.resolve("none.candor").toString()), 1,
                "candor: error: no such file: " + dir.resolve("none.candor"));
        Path garbage = Files.writeString(dir.resolve("garbage.candor"), "not a snapshot at all");
        CandorCli r = CandorCli.run("report", garbage.toString());
        assertThat(r.exitCode).isEqualTo(1);
        assertThat(r.stderr.lines().count()).isEqualTo(1);
        assertThat(r.stderr).startsWith("candor: error: snapshot " + garbage + " is not a Candor snapshot");
        // a device is refused on its first bytes, in a small heap (it was read whole: 5 GB, or an OutOfMemoryError)
        if (Files.exists(Path.of("/dev/zero"))) {
            oneLine(CandorCli.runWithJvmOptions(java.util.List.of("-Xmx64m"), "report", "/dev/zero"), 1,
                    "candor: error: snapshot /dev/zero is not a Candor snapshot (magic bytes are 00 00 00 00 00 00 00 00)");
        }
    }

    @Test
    void aTruncatedSnapshotSaysSoInOneLine() throws Exception {
        Path good = dir.resolve("good.candor");
        CandorCli p = CandorCli.run("profile", "--include", "org.candor.demo.**", "-o", good.toString(), "--",
                CandorCli.JAVA, "-jar", CandorCli.demoJar(), "500");
        assertThat(p.exitCode).as(p.toString()).isZero();
        byte[] bytes = Files.readAllBytes(good);
        Path cut = Files.write(dir.resolve("cut.candor"), Arrays.copyOf(bytes, bytes.length / 2));
        CandorCli r = CandorCli.run("report", cut.toString());
        assertThat(r.exitCode).isEqualTo(1);
        assertThat(r.stderr.lines().count()).isEqualTo(1);
        assertThat(r.stderr).startsWith("candor: error: snapshot " + cut).containsAnyOf("truncated", "corrupt");
    }

    @Test
    void theTargetsArgumentsPassUnchangedAndItsExitCodeComesBack() throws Exception {
        Path src = Files.writeString(dir.resolve("Echo.java"),
                "public class Echo { public static void main(String[] a) { for (String s : a) System.out.println(\"[\" + s + \"]\");"
                        + " System.exit(7); } }");
        CandorCli r = CandorCli.run("profile", "-o", dir.resolve("echo.candor").toString(), "--",
                CandorCli.JAVA, src.toString(), "a b", "--include", "-o", "", "*");
        assertThat(r.exitCode).as(r.toString()).isEqualTo(7);
        assertThat(r.stdout).isEqualTo("[a b]\n[--include]\n[-o]\n[]\n[*]\n");
        assertThat(r.stderr).startsWith("candor: wrote ");
    }
}
