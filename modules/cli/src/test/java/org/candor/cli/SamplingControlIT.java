package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.cli.LiveControlIT.ok;
import static org.candor.cli.LiveControlIT.status;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.candor.cli.LiveControlIT.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sampling sessions over their control channel, through the assembled distribution: {@code candor ctl} on a
 * session {@code candor profile --mode sample} launched (stop, start, reset, snapshots while it samples), and on one
 * {@code candor attach --mode sample} started in a program that runs without any agent (detach, then a new session
 * in the same JVM); the program's output stays what it is without Candor, and the channel refuses as it does for
 * instrumentation.
 */
class SamplingControlIT {

    static final String MAIN = "org.candor.cli.targets.BusyPhases";
    @TempDir Path dir;

    @Test
    void aLaunchedSamplingSessionStopsStartsResetsAndSnapshotsWhileItSamples() throws Exception {
        String expected = plainOutput("a", "a", "b", "bg", "a", "quit");
        Path atExit = dir.resolve("exit.candor");
        Path afterReset = dir.resolve("after-reset.candor");
        Path running = dir.resolve("running.candor");
        List<String> cmd = new ArrayList<>(List.of(CandorCli.JAVA, "-cp", CandorCli.HOME.resolve("lib") + "/*",
                "org.candor.cli.Main", "profile", "--mode", "sample", "--interval", "1ms", "-o", atExit.toString(), "--",
                CandorCli.JAVA, "-cp", LiveControlIT.TEST_CLASSES.toString(), MAIN));
        try (Target t = Target.start(cmd)) {
            String pid = Long.toString(t.javaChild());
            t.expect("ready");
            awaitChannel(Long.parseLong(pid));
            Map<String, String> status = status(pid);
            assertThat(status).containsEntry("mode", "sample").containsEntry("event", "cpu")
                    .containsEntry("interval.ns", "1000000").containsEntry("state", "recording")
                    .containsEntry("started.by", "launch").containsEntry("resets", "0")
                    .containsEntry("output", atExit.toString()).containsKey("jvm.heap.used").containsKey("timer");
            assertThat(CandorCli.run("list").stdout).containsPattern("(?m)^" + pid + "\\s+recording\\s+" + MAIN);

            t.send("a");
            t.expectPrefix("A ");
            assertThat(count(status(pid), "samples")).as("phase A at 1 ms").isGreaterThan(50);

            ok(CandorCli.run("ctl", pid, "stop"));
            Map<String, String> stopped = status(pid);
            assertThat(stopped).containsEntry("state", "stopped").containsEntry("recording", "off");
            assertThat(CandorCli.run("list").stdout).containsPattern("(?m)^" + pid + "\\s+stopped\\s+" + MAIN);
            t.send("a");  // not sampled
            t.expectPrefix("A ");
            Map<String, String> stillStopped = status(pid);
            assertThat(count(stillStopped, "samples.delivered")).as("no sampling signal while stopped")
                    .isEqualTo(count(stopped, "samples.delivered"));
            assertThat(count(stillStopped, "samples")).isLessThanOrEqualTo(count(stopped, "samples.delivered"));

            ok(CandorCli.run("ctl", pid, "start"));
            assertThat(status(pid)).containsEntry("state", "recording");
            CandorCli reset = CandorCli.run("ctl", pid, "reset");
            ok(reset);
            assertThat(reset.stderr).contains("collected results cleared");
            Map<String, String> afterTheReset = status(pid);
            assertThat(afterTheReset).containsEntry("resets", "1");
            assertThat(afterTheReset.get("data.start")).isNotEqualTo(status.get("data.start"));
            t.send("b");
            t.expectPrefix("B ");
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", afterReset.toString()));

            t.send("bg");  // a thread that works until the end
            t.expect("bg");
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", running.toString()));
            t.send("a");
            t.expectPrefix("A ");
            t.send("quit");
            t.expect("bye");
            assertThat(t.waitFor()).isZero();
            assertThat(t.stdout()).isEqualTo(expected);
        }
        Map<String, Long> reset = samples(afterReset);
        assertThat(reset.keySet()).as("after the reset: phase B only").anyMatch(k -> k.contains("beta"))
                .noneMatch(k -> k.contains("alpha"));
        String report = report(running);
        assertThat(report).contains("Mode:       sampling").contains("session.reset_time")
                .containsPattern("background \\(#\\d+\\)").containsPattern("main \\(#1\\)").doesNotContain("candor-control");
        assertThat(samples(running).keySet()).as("sampled while the snapshot was taken").anyMatch(k -> k.contains("gamma"));
        Map<String, Long> exit = samples(atExit);
        assertThat(exit.keySet()).as("at exit: from the reset on").anyMatch(k -> k.contains("beta"))
                .anyMatch(k -> k.contains("gamma")).anyMatch(k -> k.contains("alpha"));
        assertThat(report(atExit)).doesNotContain("candor-control");
    }

    /**
     * Wall clock sampling attached to a program started without an agent: stop and start, a detach (sampling ends,
     * no snapshot at exit), then a new session in the same JVM, which a different event or a mode change cannot be.
     */
    @Test
    void anAttachedSamplingSessionIsDetachedAndStartedAgain() throws Exception {
        String expected = plainOutput("a", "b", "a", "b", "bg", "a", "quit");
        Path first = dir.resolve("first.candor");
        Path second = dir.resolve("second.candor");
        Path snapshot = dir.resolve("while-attached.candor");
        Path stderr = dir.resolve("attached.stderr");
        List<String> plainCmd = List.of(CandorCli.JAVA, "-cp", LiveControlIT.TEST_CLASSES.toString(), MAIN);
        try (Target t = Target.start(plainCmd, stderr)) {
            String pid = Long.toString(t.process.pid());
            t.expect("ready");
            t.send("a");
            t.expectPrefix("A ");

            CandorCli attach = CandorCli.run("attach", pid, "--mode", "sample", "--event", "wall", "--interval", "5ms",
                    "-o", first.toString());
            ok(attach);
            assertThat(attach.stderr).contains("attached to " + pid + ": sample, wall time every 5ms")
                    .contains("snapshot at its exit: " + first);
            assertThat(status(pid)).containsEntry("state", "recording").containsEntry("event", "wall")
                    .containsEntry("started.by", "attach").containsEntry("timer", "wall");
            LiveControlIT.refusesWrongSecretsAndListensOnLoopbackOnly(Long.parseLong(pid));
            LiveControlIT.refusesOtherUsers(Long.parseLong(pid));
            CandorCli set = CandorCli.run("ctl", pid, "set", "--root", MAIN + ".alpha");
            assertThat(set.exitCode).isEqualTo(1);
            assertThat(set.stderr.trim()).startsWith("candor: error: set changes the roots, scheme and filters of"
                    + " instrumentation").doesNotContain("\n");
            CandorCli second2 = CandorCli.run("attach", pid, "--mode", "sample");
            assertThat(second2.exitCode).isEqualTo(1);
            assertThat(second2.stderr).contains("a Candor session is already running in process " + pid + " (recording)");

            ok(CandorCli.run("ctl", pid, "stop"));
            Map<String, String> stopped = status(pid);
            t.send("b");
            t.expectPrefix("B ");
            assertThat(count(status(pid), "samples.delivered")).as("the wall sampler sends nothing while stopped")
                    .isEqualTo(count(stopped, "samples.delivered"));
            ok(CandorCli.run("ctl", pid, "start"));
            t.send("a");
            t.expectPrefix("A ");
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", snapshot.toString()));

            CandorCli detach = CandorCli.run("ctl", pid, "detach");
            ok(detach);
            assertThat(detach.stderr).contains("detached: sampling stopped");
            Map<String, String> detached = status(pid);
            assertThat(detached).containsEntry("state", "detached").containsEntry("output", "none (detached)");
            assertThat(CandorCli.run("list").stdout).containsPattern("(?m)^" + pid + "\\s+detached\\s+" + MAIN);
            CandorCli reset = CandorCli.run("ctl", pid, "reset");
            assertThat(reset.exitCode).isEqualTo(1);
            assertThat(reset.stderr).contains("detached");
            t.send("b");  // runs on, not sampled
            t.expectPrefix("B ");
            assertThat(count(status(pid), "samples.delivered")).isEqualTo(count(detached, "samples.delivered"));

            CandorCli instrument = CandorCli.run("attach", pid, "--include", "org.candor.**");
            assertThat(instrument.exitCode).isEqualTo(1);
            assertThat(instrument.stderr.trim()).contains("this JVM's session sampled stacks").contains("restart the program")
                    .doesNotContain("\n");
            CandorCli cpu = CandorCli.run("attach", pid, "--mode", "sample", "--event", "cpu");
            assertThat(cpu.exitCode).isEqualTo(1);
            assertThat(cpu.stderr).contains("libcandor.so samples wall time in this JVM");

            ok(CandorCli.run("attach", pid, "--mode", "sample", "--event", "wall", "--interval", "5ms", "-o", second.toString()));
            assertThat(status(pid)).containsEntry("state", "recording").containsEntry("started.by", "attach")
                    .containsEntry("resets", "0").containsEntry("output", second.toString());
            t.send("bg");
            t.expect("bg");
            t.send("a");
            t.expectPrefix("A ");
            t.send("quit");
            t.expect("bye");
            assertThat(t.waitFor()).isZero();
            assertThat(t.stdout()).isEqualTo(expected);
        }
        assertThat(Files.readString(stderr)).as("the program's stderr").isEmpty();
        assertThat(first).as("no snapshot at exit after a detach").doesNotExist();
        assertThat(report(snapshot)).contains("Event:      wall").containsPattern("main \\(#1\\)")
                .doesNotContain("candor-control");
        Map<String, Long> later = samples(second);
        assertThat(later.keySet()).as("the second session: what ran after it began").anyMatch(k -> k.contains("gamma"))
                .anyMatch(k -> k.contains("alpha")).noneMatch(k -> k.contains("beta"));
        assertThat(report(second)).doesNotContain("candor-control");
    }

    /** A launched sampling session opens its channel beside main, not before it: its session file comes soon after. */
    private static void awaitChannel(long pid) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (org.candor.client.SessionFiles.find(pid) == null) {
            if (System.nanoTime() > deadline) throw new AssertionError("no session file for " + pid + " after 30 s");
            Thread.sleep(20);
        }
    }

    /** What the program answers to these lines without Candor. */
    private static String plainOutput(String... input) throws Exception {
        try (Target plain = Target.start(List.of(CandorCli.JAVA, "-cp", LiveControlIT.TEST_CLASSES.toString(), MAIN))) {
            for (String line : input) plain.send(line);
            assertThat(plain.waitFor()).isZero();
            return plain.stdout();
        }
    }

    private static long count(Map<String, String> status, String key) {
        assertThat(status).containsKey(key);
        return Long.parseLong(status.get(key));
    }

    private static String report(Path snapshot) throws Exception {
        CandorCli r = CandorCli.run("report", snapshot.toString(), "--min-percent", "0");
        ok(r);
        return r.stdout;
    }

    /** Self samples per call path (collapsed stacks of all threads). */
    private static Map<String, Long> samples(Path snapshot) throws Exception {
        CandorCli r = CandorCli.run("report", snapshot.toString(), "--format", "collapsed", "--value", "self_samples");
        ok(r);
        return Arrays.stream(r.stdout.split("\n")).filter(l -> !l.isBlank())
                .collect(Collectors.toMap(l -> l.substring(0, l.lastIndexOf(' ')),
                        l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)), Long::sum));
    }
}
