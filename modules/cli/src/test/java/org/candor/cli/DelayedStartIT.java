package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.cli.LiveControlIT.INCLUDE;
import static org.candor.cli.LiveControlIT.MAIN;
import static org.candor.cli.LiveControlIT.TEST_CLASSES;
import static org.candor.cli.LiveControlIT.calls;
import static org.candor.cli.LiveControlIT.ok;
import static org.candor.cli.LiveControlIT.path;
import static org.candor.cli.LiveControlIT.status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.candor.cli.LiveControlIT.Target;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --delay-start} (JPROF's DELAY_START) end to end: the session begins stopped, the probes calibrate through
 * phase A, {@code candor ctl PID start} begins recording, and the snapshot holds phase B alone.
 */
class DelayedStartIT {

    /** Calls of phase A (20000 alpha and phaseA) times its three runs, an entry and an exit each. */
    private static final long PHASE_A_EVENTS = 3 * 2 * 20_001L;

    @TempDir Path dir;

    @Test
    void recordingBeginsAtStartWithTheCalibrationWarmedUpBeforeIt() throws Exception {
        List<String> input = List.of("a", "a", "a", "b", "quit");
        String expected = plainOutput(input);

        Path atExit = dir.resolve("delayed.candor");
        Path beforeStart = dir.resolve("before-start.candor");
        Path stderr = dir.resolve("profile.stderr");
        List<String> cmd = new ArrayList<>(List.of(CandorCli.JAVA, "-cp", CandorCli.HOME.resolve("lib") + "/*",
                "org.candor.cli.Main", "profile", "--delay-start", "--include", INCLUDE, "-o", atExit.toString(), "--",
                CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN));
        Map<String, String> waiting;
        Map<String, String> started;
        Instant startedAt;
        try (Target t = Target.start(cmd, stderr)) {
            String pid = Long.toString(t.javaChild());
            t.expect("ready");
            for (int i = 0; i < 3; i++) {
                t.send("a");
                t.expectPrefix("A ");
            }
            waiting = status(pid);
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", beforeStart.toString()));
            assertThat(CandorCli.run("list").stdout).containsPattern("(?m)^" + pid + "\\s+stopped\\s+" + MAIN);

            CandorCli start = CandorCli.run("ctl", pid, "start");
            ok(start);
            startedAt = Instant.now();
            assertThat(start.stderr).contains("recording (the delayed start; calibrated since the session began)");
            started = status(pid);
            t.send("b");
            t.expectPrefix("B ");
            t.send("quit");
            t.expect("bye");
            assertThat(t.waitFor()).isZero();
            assertThat(t.stdout()).as("the program's output is what it is without Candor").isEqualTo(expected);
            assertThat(Files.readString(stderr)).contains("candor: recording is stopped until 'candor ctl " + pid + " start'");
        }

        assertThat(waiting).containsEntry("state", "stopped").containsEntry("recording", "off")
                .containsEntry("start", "delayed").containsEntry("recording.start", "waiting")
                .containsEntry("calls", "0").containsEntry("calibration", "runtime");
        assertThat(Long.parseLong(waiting.get("calibration.warmup.events")))
                .as("warm-up events counted before the start").isPositive();
        assertThat(started).containsEntry("state", "recording").containsEntry("start", "delayed")
                .containsEntry("data.start", started.get("recording.start"));
        assertThat(Instant.parse(started.get("recording.start"))).isBefore(startedAt)
                .isAfter(Instant.parse(started.get("session.start")));

        Snapshot empty = SnapshotReader.read(beforeStart);
        assertThat(empty.threads()).as("nothing recorded before the start").isEmpty();
        assertThat(empty.stat(Snapshot.STAT_DROPPED_CALLS)).as("not even as dropped calls").isZero();
        assertThat(empty.info().get("session.start")).isEqualTo("delayed");
        assertThat(empty.info().get("session.recording_start_time")).isNull();

        Map<String, Long> calls = calls(atExit);
        assertThat(calls).as("phase B only; main began before the start, so it is not recorded")
                .containsOnlyKeys(path("phaseB"), path("phaseB", "beta"))
                .containsEntry(path("phaseB"), 1L).containsEntry(path("phaseB", "beta"), 20000L);
        Snapshot s = SnapshotReader.read(atExit);
        assertThat(s.stat(Snapshot.STAT_DROPPED_CALLS)).isZero();
        assertThat(s.info().get("session.start")).isEqualTo("delayed");
        assertThat(s.info().get("session.recording_start_time")).isEqualTo(started.get("recording.start"))
                .isEqualTo(s.info().get("start.time"));
        assertThat(s.stat("calibration.warmup.events"))
                .isGreaterThanOrEqualTo(Long.parseLong(waiting.get("calibration.warmup.events")));
        assertThat(calibratedSections(s)).as("phase A's sections were timed for the calibration too")
                .isGreaterThan(PHASE_A_EVENTS);
    }

    /** {@code candor attach --delay-start}: the attached session waits for its start the same way. */
    @Test
    void anAttachedSessionWaitsForItsStartToo() throws Exception {
        Path snapshot = dir.resolve("attached.candor");
        try (Target t = Target.start(List.of(CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN))) {
            String pid = Long.toString(t.process.pid());
            t.expect("ready");
            CandorCli attach = CandorCli.run("attach", pid, "--delay-start", "--include", INCLUDE,
                    "-o", dir.resolve("exit.candor").toString());
            ok(attach);
            assertThat(attach.stderr).contains("recording is stopped until 'candor ctl " + pid + " start'");
            assertThat(status(pid)).containsEntry("state", "stopped").containsEntry("start", "delayed")
                    .containsEntry("started.by", "attach");
            t.send("a");
            t.expectPrefix("A ");
            ok(CandorCli.run("ctl", pid, "start"));
            t.send("b");
            t.expectPrefix("B ");
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", snapshot.toString()));
            t.send("quit");
            t.expect("bye");
            assertThat(t.waitFor()).isZero();
        }
        assertThat(calls(snapshot)).containsOnlyKeys(path("phaseB"), path("phaseB", "beta"))
                .containsEntry(path("phaseB", "beta"), 20000L);
    }

    private static long calibratedSections(Snapshot s) {
        return s.stats().entrySet().stream()
                .filter(e -> e.getKey().startsWith("calibration.") && e.getKey().endsWith(".count"))
                .mapToLong(Map.Entry::getValue).sum();
    }

    private static String plainOutput(List<String> input) throws Exception {
        try (Target plain = Target.start(List.of(CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN))) {
            for (String line : input) plain.send(line);
            assertThat(plain.waitFor()).isZero();
            return plain.stdout();
        }
    }
}
