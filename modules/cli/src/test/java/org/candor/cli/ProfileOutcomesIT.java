package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code candor profile} says and returns when a run does not end with its snapshot where {@code -o} asked: an
 * earlier snapshot is never lost to a run that writes none, a program that never loaded the agent keeps its own exit
 * code, a snapshot that went elsewhere is named, and what cannot work (a folder that takes no file, a FIFO for
 * --calstats) is refused before the target starts.
 */
class ProfileOutcomesIT {

    static final Path TEST_CLASSES = Paths.get("target", "test-classes").toAbsolutePath();

    @TempDir Path dir;

    /** {@code candor profile [options] -o out -- java -cp test-classes org.candor.cli.targets.MAIN args}. */
    private static CandorCli profile(Path out, List<String> options, String main, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("profile", "--include", "org.candor.cli.targets.**", "-o", out.toString()));
        cmd.addAll(options);
        cmd.addAll(List.of("--", CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), "org.candor.cli.targets." + main));
        cmd.addAll(List.of(args));
        return CandorCli.runWithin(120, cmd.toArray(new String[0]));
    }

    private static void oneLine(CandorCli r, int exit, String line) {
        assertThat(r.exitCode).as(r.toString()).isEqualTo(exit);
        assertThat(r.stderr.lines()).as(r.toString()).containsExactly(line);
    }

    private static long stepCalls(Path snapshot) throws Exception {
        Snapshot s = SnapshotReader.read(snapshot);
        return s.threads().get(0).root().children().get(0).children().stream()
                .filter(n -> s.methods().get(n.methodId()).name().equals("step"))
                .mapToLong(n -> n.value(s.metricIndex("calls"))).sum();
    }

    @Test
    void anEarlierSnapshotOutlivesARunKilledBeforeItsOwnAndIsReplacedByOneThatEnds() throws Exception {
        Path out = dir.resolve("run.candor");
        CandorCli first = profile(out, List.of(), "Repeats", "100");
        assertThat(first.exitCode).as(first.toString()).isZero();
        byte[] earlier = Files.readAllBytes(out);

        oneLine(profile(out, List.of(), "Halts", "3"), 3, "candor: error: the target exited with code 3 and wrote no"
                + " snapshot to " + out + " (killed, or halted without running shutdown hooks); the file there is an"
                + " earlier run's");
        assertThat(Files.readAllBytes(out)).isEqualTo(earlier);

        CandorCli next = profile(out, List.of(), "Repeats", "300");
        assertThat(next.exitCode).as(next.toString()).isZero();
        assertThat(next.stderr).startsWith("candor: wrote " + out + ": ");
        assertThat(stepCalls(out)).isEqualTo(300);
    }

    @Test
    void aProgramKilledBySigkillLeavesItsLastCheckpointMarkedAsOne() throws Exception {
        Path out = dir.resolve("run.candor");
        CandorCli killed = profile(out, List.of("--checkpoint", "200ms"), "KilledAfterWork", "300", "1500");
        assertThat(killed.exitCode).as(killed.toString()).isEqualTo(137);
        assertThat(killed.stderr).as(killed.toString())
                .contains("candor: error: the target exited with code 137 without its snapshot at exit (killed, or"
                        + " crashed); " + out + " holds its last checkpoint, taken ")
                .contains("candor: kept " + out + ": ")
                .contains("candor: a checkpoint taken at ");
        Snapshot checkpoint = SnapshotReader.read(out);
        assertThat(checkpoint.info().get(SnapshotInfo.CHECKPOINT)).isEqualTo("true");
        assertThat(stepCalls(out)).as("every call made before the checkpoints").isEqualTo(300);
        assertThat(checkpoint.stats().get("checkpoint.written")).as("checkpoints before this one").isPositive();

        // a run that ends replaces it with its snapshot at exit, which is no checkpoint
        CandorCli next = profile(out, List.of("--checkpoint", "200ms"), "Repeats", "100");
        assertThat(next.exitCode).as(next.toString()).isZero();
        assertThat(next.stderr).doesNotContain("checkpoint");
        assertThat(SnapshotReader.read(out).info().get(SnapshotInfo.CHECKPOINT)).isNull();
        assertThat(stepCalls(out)).isEqualTo(100);
    }

    /**
     * A tree too large to rewrite at every checkpoint: between whole checkpoints the agent appends what changed, and
     * a program killed with SIGKILL leaves a file whose parts add up to everything it did before its last part: the
     * calls made after the last whole checkpoint are there, exactly.
     */
    @Test
    void aProgramKilledAfterContinuationsLeavesEveryCallItMadeBeforeTheLastOne() throws Exception {
        Path out = dir.resolve("run.candor");
        CandorCli killed = profile(out, List.of("--checkpoint", "200ms"), "GrowsThenKilled", "777", "2500");
        assertThat(killed.exitCode).as(killed.toString()).isEqualTo(137);
        assertThat(killed.stderr).as(killed.toString()).contains("candor: a checkpoint taken at ");
        Snapshot s = SnapshotReader.read(out);
        assertThat(s.info().get(SnapshotInfo.CHECKPOINT)).isEqualTo("true");
        assertThat(s.stats()).as("continuations written before the last part").containsKey("checkpoint.continuations");
        assertThat(s.info().get(SnapshotInfo.CHECKPOINT_CONTINUATIONS)).as("continuations added up").isNotNull();
        assertThat(Long.parseLong(s.info().get(SnapshotInfo.CHECKPOINT_CONTINUATIONS))).isPositive();
        assertThat(callsOf(s, "late")).as("calls made after the tree grew").isEqualTo(777);
        assertThat(callsOf(s, "walk")).as("every walk: 4^8 paths of 9 calls").isEqualTo(9L << 16);
        assertThat(callsOf(s, "a") + callsOf(s, "b") + callsOf(s, "c") + callsOf(s, "d")).isEqualTo(8L << 16);
        // the exact flat rows, added up part by part as the trees are: each method's calls as its nodes say
        org.candor.core.model.FlatProfile flat = s.threads().get(0).flat();
        assertThat(flat).as("the agent's flat profile").isNotNull();
        for (int row = 0; row < flat.size(); row++) {
            String name = s.methods().get(flat.method(row)).name();
            assertThat(flat.value(row, s.metricIndex("calls"))).as(name).isEqualTo(callsOf(s, name));
        }
        assertThat(flat.size()).as("a row per method called").isGreaterThanOrEqualTo(7);
    }

    /**
     * A sampling session's tree too large to rewrite at every checkpoint: continuations are appended between whole
     * checkpoints, and the file a SIGKILL leaves adds up to trees and flat rows that agree exactly (that the parts add
     * up to a whole snapshot's figures: SampledContinuationsTest).
     */
    @Test
    void aSampledProgramKilledAfterContinuationsLeavesItsLateSamples() throws Exception {
        Path out = dir.resolve("sampled.candor");
        List<String> cmd = new ArrayList<>(List.of("profile", "--mode", "sample", "--interval", "100us",
                "--checkpoint", "100ms", "-o", out.toString(), "--", CandorCli.JAVA, "-cp", TEST_CLASSES.toString(),
                "org.candor.cli.targets.SampledGrowsThenKilled", "1500", "2500"));
        CandorCli killed = CandorCli.runWithin(120, cmd.toArray(new String[0]));
        assertThat(killed.exitCode).as(killed.toString()).isEqualTo(137);
        assertThat(killed.stderr).as(killed.toString()).contains("candor: a checkpoint taken at ");
        Snapshot s = SnapshotReader.read(out);
        assertThat(s.info().get(SnapshotInfo.CHECKPOINT)).isEqualTo("true");
        // continuations were written (whether the last part is one depends on when the kill came)
        assertThat(s.stats().get("checkpoint.continuations")).as("continuations written").isPositive();
        int selfSamples = s.metricIndex("self_samples");
        long late = 0;
        for (org.candor.core.model.ThreadProfile t : s.threads()) {
            java.util.Map<Integer, Long> byMethod = new java.util.HashMap<>();
            java.util.ArrayDeque<org.candor.core.model.CallNode> open = new java.util.ArrayDeque<>(t.root().children());
            while (!open.isEmpty()) {
                org.candor.core.model.CallNode n = open.pop();
                byMethod.merge(n.methodId(), n.value(selfSamples), Long::sum);
                if (s.methods().get(n.methodId()).name().equals("late")) late += n.value(selfSamples);
                open.addAll(n.children());
            }
            // the flat rows, added up part by part as the trees are: each method's self samples as its nodes say
            org.candor.core.model.FlatProfile flat = t.flat();
            assertThat(flat).as(t.name() + "'s flat profile").isNotNull();
            for (int row = 0; row < flat.size(); row++) {
                assertThat(flat.value(row, selfSamples)).as(t.name() + ": " + s.methods().get(flat.method(row)).qualifiedName())
                        .isEqualTo(byMethod.getOrDefault(flat.method(row), 0L));
            }
        }
        // 1.5 s of CPU in late's loop at 100 us (about half of it in late itself, the rest reading the clock)
        assertThat(late).as("samples in late, taken after the tree grew").isGreaterThan(1_500);
    }

    /** Calls of the method of this name, over every node of every thread. */
    private static long callsOf(Snapshot s, String method) {
        int calls = s.metricIndex("calls");
        long sum = 0;
        for (org.candor.core.model.ThreadProfile t : s.threads()) {
            java.util.ArrayDeque<org.candor.core.model.CallNode> open = new java.util.ArrayDeque<>(t.root().children());
            while (!open.isEmpty()) {
                org.candor.core.model.CallNode n = open.pop();
                if (s.methods().get(n.methodId()).name().equals(method)) sum += n.value(calls);
                open.addAll(n.children());
            }
        }
        return sum;
    }

    /**
     * The client killed (SIGKILL, so nothing of it runs on) while the program runs: the program finishes unharmed,
     * its output whole, and writes its whole snapshot at exit; the agent says nothing to a client that is gone.
     */
    @Test
    void aProfilingClientKilledMidRunLeavesTheProgramToFinishWithItsSnapshot() throws Exception {
        Path out = dir.resolve("run.candor");
        Path printed = dir.resolve("printed.txt");
        Path said = dir.resolve("said.txt");
        List<String> cmd = new ArrayList<>(List.of(CandorCli.JAVA, "-cp", CandorCli.HOME.resolve("lib") + "/*",
                "org.candor.cli.Main", "profile", "--include", "org.candor.cli.targets.**", "-o", out.toString(), "--",
                CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), "org.candor.cli.targets.WorksThenWaits", "500", "3000"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(printed.toFile()).redirectError(said.toFile());
        pb.environment().put("XDG_CACHE_HOME", CandorCli.CACHE.toString());
        Process client = pb.start();
        ProcessHandle target = null;
        for (long until = System.nanoTime() + 60_000_000_000L; target == null && System.nanoTime() < until; ) {
            target = client.children().filter(c -> c.info().command().orElse("").endsWith("java")).findFirst().orElse(null);
            Thread.sleep(50);
        }
        assertThat(target).as("the target started").isNotNull();
        Thread.sleep(1000);  // the target is in its wait
        client.destroyForcibly().waitFor();
        assertThat(target.isAlive()).as("the target outlives its client").isTrue();
        assertThat(target.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS).isAlive()).isFalse();

        assertThat(Files.readString(printed)).as("the program's output, whole").isEqualTo("249500\n");
        Snapshot s = SnapshotReader.read(out);
        assertThat(s.info().checkpoint()).as("the snapshot at exit, not a checkpoint").isFalse();
        assertThat(stepCalls(out)).isEqualTo(1000);
        assertThat(Files.readString(said)).as("nothing from the agent after its client went").isEmpty();
    }

    @Test
    void withoutCheckpointsAKilledRunLeavesTheEarlierSnapshotAsItWas() throws Exception {
        Path out = dir.resolve("run.candor");
        assertThat(profile(out, List.of(), "Repeats", "100").exitCode).isZero();
        byte[] earlier = Files.readAllBytes(out);
        oneLine(profile(out, List.of("--checkpoint", "off"), "KilledAfterWork", "300", "800"), 137,
                "candor: error: the target exited with code 137 and wrote no snapshot to " + out + " (killed, or"
                        + " halted without running shutdown hooks); the file there is an earlier run's");
        assertThat(Files.readAllBytes(out)).isEqualTo(earlier);
    }

    @Test
    void aCheckpointPeriodOutOfRangeIsOneLine() throws Exception {
        oneLine(profile(dir.resolve("run.candor"), List.of("--checkpoint", "10ms"), "Repeats", "1"), 2,
                "candor: error: checkpoint period 10ms is outside 100ms .. 24h (or off)");
    }

    @Test
    void aProgramThatIsNotJavaKeepsItsExitCodeAndIsToldSo() throws Exception {
        Path out = dir.resolve("ls.candor");
        String notLoaded = "candor: error: no snapshot written to " + out + ": the program did not load the Candor agent"
                + " (not a Java program?) and exited with code ";
        oneLine(CandorCli.runWithin(60, "profile", "-o", out.toString(), "--", "/bin/sh", "-c", "exit 0"), 0, notLoaded + 0);
        oneLine(CandorCli.runWithin(60, "profile", "-o", out.toString(), "--", "/bin/sh", "-c", "exit 3"), 3, notLoaded + 3);
        assertThat(Files.exists(out)).isFalse();
    }

    @Test
    void aFolderThatTakesNoFileIsRefusedBeforeTheTargetRuns() throws Exception {
        Path missing = dir.resolve("missing");
        CandorCli r = profile(missing.resolve("x.candor"), List.of(), "Repeats", "10");
        oneLine(r, 1, "candor: error: no such file: " + missing);
        assertThat(r.stdout).as("the target never ran").isEmpty();
        // no file can be made in /proc, by root either (a folder without write permission is the same to others)
        r = profile(Path.of("/proc/x.candor"), List.of(), "Repeats", "10");
        oneLine(r, 1, "candor: error: /proc/x.candor: no file can be made in /proc");
        assertThat(r.stdout).isEmpty();
    }

    @Test
    void aSnapshotThatWentToTheTemporaryFolderIsNamed() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("goes-away"));
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path out = folder.resolve("x.candor");
        List<String> cmd = List.of("profile", "--include", "org.candor.cli.targets.**", "-o", out.toString(), "--",
                CandorCli.JAVA, "-Djava.io.tmpdir=" + tmp, "-cp", TEST_CLASSES.toString(),
                "org.candor.cli.targets.RemovesFolder", folder.toString());
        CandorCli r = CandorCli.runWithin(120, cmd.toArray(new String[0]));
        assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
        List<Path> fallback;
        try (var files = Files.list(tmp)) {
            fallback = files.filter(f -> f.getFileName().toString().matches("candor-\\d+\\.candor")).toList();
        }
        assertThat(fallback).as(r.toString()).hasSize(1);
        assertThat(r.stderr.lines()).as(r.toString()).containsExactly(
                "candor: error: cannot write snapshot " + out + ": no such folder " + folder + "; writing " + fallback.get(0)
                        + " instead",
                "candor: error: the snapshot went to " + fallback.get(0) + ", not " + out + " (the agent's error above says why)");
    }

    @Test
    void aCalstatsThatIsNotARegularFileIsRefusedAndNeverHoldsTheTarget() throws Exception {
        Path fifo = dir.resolve("minima.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        Path out = dir.resolve("x.candor");
        CandorCli r = profile(out, List.of("--calstats", fifo.toString()), "Repeats", "10");
        oneLine(r, 2, "candor: error: --calstats " + fifo + " is not a regular file");
        assertThat(r.stdout).as("the target never ran").isEmpty();
        // past the command line's check, the agent's own: it warns and calibrates from the run instead of blocking
        r = profile(out, List.of("--agent-option", "calstats=" + fifo), "Repeats", "10");
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stderr).contains("candor: warning: calibration statistics file " + fifo + " is not a regular file;");
        assertThat(r.stdout).isEqualTo("45\n");
    }

    @Test
    void aFilterFileThatIsNotARegularFileIsRefusedAndNeverHoldsTheCommand() throws Exception {
        Path fifo = dir.resolve("filters.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        CandorCli r = profile(dir.resolve("x.candor"), List.of("--filter-file", fifo.toString()), "Repeats", "10");
        oneLine(r, 2, "candor: error: " + fifo + " is not a regular file");
        assertThat(r.stdout).as("the target never ran").isEmpty();
    }
}
