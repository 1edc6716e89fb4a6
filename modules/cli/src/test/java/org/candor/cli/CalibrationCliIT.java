package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runtime calibration end to end: the trainer, a statistics file, calibrated and raw times, bad files. */
class CalibrationCliIT {

    @TempDir Path dir;

    private CandorCli profileDemo(Path out, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("profile", "--include", "org.candor.demo.**", "-o", out.toString()));
        args.addAll(List.of(options));
        args.addAll(List.of("--", CandorCli.JAVA, "-jar", CandorCli.demoJar(), "20000"));
        return CandorCli.run(args.toArray(new String[0]));
    }

    @Test
    void theTrainerWritesMinimaThatAProfileReadsAndCalibratedTimesNeverExceedRawOnes() throws Exception {
        Path stats = dir.resolve("x.calstats");
        CandorCli cal = CandorCli.run("calibrate", "--calstats", stats.toString(), "--rounds", "60000");
        assertThat(cal.exitCode).as(cal.toString()).isZero();
        assertThat(cal.stdout).contains("Calibration (sections between two probe events")
                .contains("jit-En-jit-Ex-jit").contains("int-En-int-Ex-int").contains("int-Ex-jit-En-int");
        assertThat(cal.stderr).contains("candor: calibration minima written to " + stats);
        List<String> lines = Files.readAllLines(stats, StandardCharsets.UTF_8);
        assertThat(lines.get(0)).isEqualTo("candor-calibration 2");
        assertThat(lines).contains("fingerprint.measureevery=16").anyMatch(l -> l.startsWith("fingerprint.cpu="))
                .anyMatch(l -> l.startsWith("category ") && l.contains(" jit-En-jit-Ex-jit "));

        Path out = dir.resolve("demo.candor");
        CandorCli run = profileDemo(out, "--calstats", stats.toString());
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(run.stderr).doesNotContain("calibrated from this run alone").doesNotContain("warning");

        Snapshot s = SnapshotReader.read(out);
        assertThat(s.info().get("calibration")).isEqualTo("runtime");
        assertThat(s.info().get("calibration.minima")).isEqualTo("file");
        int total = s.metricIndex(Metric.TOTAL_TIME.key());
        int raw = s.metricIndex(Metric.RAW_TOTAL_TIME.key());
        assertThat(raw).isPositive();
        long nodes = 0;
        long corrected = 0;
        for (ThreadProfile t : s.threads()) {
            List<CallNode> todo = new ArrayList<>(t.root().children());
            while (!todo.isEmpty()) {
                CallNode n = todo.remove(todo.size() - 1);
                todo.addAll(n.children());
                assertThat(n.value(total)).isBetween(0L, n.value(raw));
                nodes++;
                if (n.value(total) < n.value(raw)) corrected++;
            }
        }
        assertThat(nodes).isGreaterThan(10);
        assertThat(corrected).isGreaterThan(nodes / 2);

        CandorCli calibrated = CandorCli.run("report", out.toString());
        CandorCli asMeasured = CandorCli.run("report", out.toString(), "--raw");
        assertThat(calibrated.stdout).contains("Times:      calibrated (runtime; --raw for the times as measured)")
                .contains("Calibration (sections between two probe events");
        assertThat(asMeasured.stdout).contains("Times:      raw (as measured; calibration runtime not applied)");
        assertThat(calibrated.stdout).isNotEqualTo(asMeasured.stdout);
        assertThat(s.stat("calibration.measure_every")).isEqualTo(16);
        assertThat(s.stat("calibration.leaving_read_ps")).as("the second reading's cost, measured at start").isPositive();

        // minima are per measureevery: a file trained for probes measuring every event is not this profile's
        Path every = dir.resolve("every.calstats");
        CandorCli cal1 = CandorCli.run("calibrate", "--calstats", every.toString(), "--rounds", "60000", "--measure-every", "1");
        assertThat(cal1.exitCode).as(cal1.toString()).isZero();
        assertThat(Files.readAllLines(every, StandardCharsets.UTF_8)).contains("fingerprint.measureevery=1");
        CandorCli mismatched = profileDemo(dir.resolve("m.candor"), "--calstats", every.toString());
        assertThat(mismatched.stderr).contains("was written for another setup (measureevery was '1', is '16')");
        CandorCli matched = profileDemo(dir.resolve("e.candor"), "--calstats", every.toString(), "--agent-option", "measureevery=1");
        assertThat(matched.stderr).doesNotContain("warning");
        assertThat(SnapshotReader.read(dir.resolve("e.candor")).stat("calibration.measure_every")).isEqualTo(1);
        assertThat(CandorCli.run("calibrate", "--measure-every", "0").stderr.trim())
                .isEqualTo("candor: error: calibrate: option --measure-every needs a whole number >= 1, not '0'");
    }

    @Test
    void aCorruptOrForeignStatisticsFileGetsOneLineIsLeftAloneAndTheRunGoesOn() throws Exception {
        Path garbage = dir.resolve("garbage.calstats");
        Files.writeString(garbage, "PK\u0003\u0004 this is a zip file\n");
        Path out = dir.resolve("a.candor");
        CandorCli run = profileDemo(out, "--calstats", garbage.toString());
        assertThat(run.exitCode).as(run.toString()).isZero();
        List<String> warnings = run.stderr.lines().filter(l -> l.contains("warning")).toList();
        assertThat(warnings).hasSize(1);
        assertThat(warnings.get(0)).startsWith("candor: warning: calibration statistics file " + garbage
                + " is not a Candor calibration file").contains("not used and not overwritten");
        assertThat(Files.readString(garbage)).startsWith("PK");
        assertThat(SnapshotReader.read(out).threads()).isNotEmpty();

        // a real file, but from another machine
        Path other = dir.resolve("other.calstats");
        CandorCli first = profileDemo(dir.resolve("b.candor"), "--calstats", other.toString());
        assertThat(first.exitCode).as(first.toString()).isZero();
        String text = Files.readString(other).replaceAll("(?m)^fingerprint\\.cpu=.*$", "fingerprint.cpu=Elsewhere 9000");
        Files.writeString(other, text);
        CandorCli second = profileDemo(dir.resolve("c.candor"), "--calstats", other.toString());
        assertThat(second.exitCode).as(second.toString()).isZero();
        assertThat(second.stderr).contains("was written for another setup (cpu was 'Elsewhere 9000'");
        assertThat(Files.readString(other)).isEqualTo(text);
    }

    @Test
    void withoutStatisticsTheRunCalibratesItselfAndSaysSo_andOffMeansRaw() throws Exception {
        Path out = dir.resolve("self.candor");
        CandorCli run = profileDemo(out);
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(run.stderr).contains("times calibrated from this run alone");
        assertThat(SnapshotReader.read(out).info().get("calibration.minima")).isEqualTo("run");

        Path off = dir.resolve("off.candor");
        CandorCli raw = profileDemo(off, "--calibration", "off");
        assertThat(raw.exitCode).as(raw.toString()).isZero();
        Snapshot s = SnapshotReader.read(off);
        assertThat(s.metrics()).containsExactly(Metric.CALLS, Metric.TOTAL_TIME, Metric.SELF_TIME);
        assertThat(s.info().get("calibration")).isEqualTo("off");

        Path frozen = dir.resolve("frozen.candor");
        CandorCli fr = profileDemo(frozen, "--calibration", "frozen");
        assertThat(fr.exitCode).as(fr.toString()).isZero();
        Snapshot f = SnapshotReader.read(frozen);
        assertThat(f.info().get("calibration")).isEqualTo("frozen");
        assertThat(f.stat("calibration.warmup.phase")).as("warm-up done").isEqualTo(2);
        assertThat(f.stat("calibration.warmup.events")).isGreaterThanOrEqualTo(1_000_000);

        CandorCli bad = profileDemo(dir.resolve("x.candor"), "--calibration", "sometimes");
        assertThat(bad.exitCode).isEqualTo(2);
        assertThat(bad.stderr.trim()).isEqualTo("candor: error: --calibration must be runtime, frozen or off, not 'sometimes'");
    }
}
