package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.candor.client.ClientException;
import org.candor.client.ControlClient;
import org.candor.client.SessionFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live control through the assembled distribution: {@code candor ctl} on a session {@code candor profile} started
 * (reset between two phases), {@code candor attach} to a program started without any agent (snapshot, detach; its
 * output stays what it is without Candor and it runs on), and the control channel's refusals.
 */
class LiveControlIT {

    static final Path TEST_CLASSES = Paths.get("target", "test-classes").toAbsolutePath();
    static final String MAIN = "org.candor.cli.targets.Phases";
    static final String INCLUDE = "org.candor.cli.targets.**";

    @TempDir Path dir;

    @Test
    void aResetBetweenTwoPhasesLeavesOnlyTheSecondInTheSnapshotsAndStoppedCallsAreNotRecorded() throws Exception {
        Path atExit = dir.resolve("exit.candor");
        Path afterReset = dir.resolve("after-reset.candor");
        List<String> cmd = new ArrayList<>(List.of(CandorCli.JAVA, "-cp", CandorCli.HOME.resolve("lib") + "/*",
                "org.candor.cli.Main", "profile", "--include", INCLUDE, "-o", atExit.toString(), "--",
                CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN));
        try (Target t = Target.start(cmd)) {
            long pid = t.javaChild();
            t.expect("ready");
            t.send("a");
            t.expectPrefix("A ");
            ok(CandorCli.run("ctl", Long.toString(pid), "reset"));
            t.send("b");
            t.expectPrefix("B ");
            ok(CandorCli.run("ctl", Long.toString(pid), "stop"));
            t.send("a");  // not recorded
            t.expectPrefix("A ");
            ok(CandorCli.run("ctl", Long.toString(pid), "start"));
            ok(CandorCli.run("ctl", Long.toString(pid), "snapshot", "-o", afterReset.toString()));
            t.send("quit");
            t.expect("bye");
            assertThat(t.waitFor()).isZero();
        }
        for (Path snapshot : List.of(afterReset, atExit)) {
            Map<String, Long> calls = calls(snapshot);
            assertThat(calls).as(snapshot.toString()).containsEntry(path("main", "phaseB"), 1L)
                    .containsEntry(path("main", "phaseB", "beta"), 20000L);
            assertThat(calls.keySet()).as(snapshot + ": nothing of phase A, before the reset or while stopped").noneMatch(k -> k.contains("alpha") || k.contains("phaseA"));
        }
    }

    /**
     * {@code ctl snapshot --paths N} (the control channel's {@code live}, what the app's Live Results ask for): the
     * tree keeps its heaviest N nodes, the rest summed under one synthetic node, every call still counted, and the
     * report says so; a count below 2 is refused.
     */
    @Test
    void aLiveViewsSnapshotKeepsTheHeaviestPathsAndCountsEveryCall() throws Exception {
        Path whole = dir.resolve("whole.candor");
        Path live = dir.resolve("live.candor");
        List<String> cmd = new ArrayList<>(List.of(CandorCli.JAVA, "-cp", CandorCli.HOME.resolve("lib") + "/*",
                "org.candor.cli.Main", "profile", "--include", INCLUDE, "-o", dir.resolve("exit.candor").toString(), "--",
                CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN));
        try (Target t = Target.start(cmd)) {
            String pid = Long.toString(t.javaChild());
            t.expect("ready");
            for (String phase : List.of("a", "b", "c")) {
                t.send(phase);
                t.expectPrefix(phase.toUpperCase(java.util.Locale.ROOT) + " ");
            }
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", whole.toString()));
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", live.toString(), "--paths", "4"));
            CandorCli refused = CandorCli.run("ctl", pid, "snapshot", "-o", live.toString(), "--paths", "1");
            assertThat(refused.exitCode).isEqualTo(2);
            assertThat(refused.stderr.trim()).isEqualTo("candor: error: ctl: option --paths needs a whole number >= 2, not '1'");
            t.send("quit");
            t.expect("bye");
            assertThat(t.waitFor()).isZero();
        }
        Map<String, Long> all = calls(whole);
        Map<String, Long> cut = calls(live);
        assertThat(all).as("main, three phases, alpha and beta twice").hasSize(7);
        assertThat(cut.size()).as("at most 3 nodes beside the root").isLessThanOrEqualTo(3);
        assertThat(cut.keySet()).anyMatch(k -> k.endsWith("[candor].smaller paths (live view)"));
        assertThat(cut.values().stream().mapToLong(Long::longValue).sum()).as("every call counted")
                .isEqualTo(all.values().stream().mapToLong(Long::longValue).sum());
        CandorCli report = CandorCli.run("report", live.toString());
        ok(report);
        long synthetic = cut.keySet().stream().filter(k -> k.endsWith("[candor].smaller paths (live view)")).count();
        assertThat(report.stdout).contains("live view: " + (7 - (cut.size() - synthetic)) + " smaller call paths of 1 thread are summed"
                + " under [candor] smaller paths (live view) (each thread shows its heaviest 4)");
    }

    /**
     * {@code set} on a running session: Total to Lazy with a root (calls outside it stop being recorded, even under
     * {@code main}, whose Total frame stays open), Lazy to Eager, back to Total; a bad change is refused whole.
     */
    @Test
    void settingsChangeWhileTheProgramRuns() throws Exception {
        Path lazy = dir.resolve("lazy.candor");
        Path eager = dir.resolve("eager.candor");
        Path total = dir.resolve("total.candor");
        List<String> cmd = new ArrayList<>(List.of(CandorCli.JAVA, "-cp", CandorCli.HOME.resolve("lib") + "/*",
                "org.candor.cli.Main", "profile", "--scheme", "total", "--include", INCLUDE,
                "-o", dir.resolve("exit.candor").toString(), "--", CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN));
        List<String> answers = new ArrayList<>();
        try (Target t = Target.start(cmd)) {
            String pid = Long.toString(t.javaChild());
            t.expect("ready");
            t.send("a");
            answers.add(t.line());
            CandorCli toLazy = CandorCli.run("ctl", pid, "set", "--root", MAIN + ".phaseB");
            ok(toLazy);
            assertThat(toLazy.stderr).contains("settings changed; collected results cleared").contains("scheme lazy (roots " + MAIN + ".phaseB)");
            for (String phase : List.of("a", "b", "c")) {
                t.send(phase);
                answers.add(t.line());
            }
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", lazy.toString()));
            assertThat(status(pid)).containsEntry("scheme", "lazy").containsEntry("roots", MAIN + ".phaseB");

            ok(CandorCli.run("ctl", pid, "set", "--scheme", "eager"));
            t.send("b");
            answers.add(t.line());
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", eager.toString()));

            CandorCli refused = CandorCli.run("ctl", pid, "set", "--root", "not a pattern(");
            assertThat(refused.exitCode).isEqualTo(1);
            assertThat(refused.stderr).contains("nothing changed");
            assertThat(status(pid)).containsEntry("scheme", "eager");

            ok(CandorCli.run("ctl", pid, "set", "--scheme", "total"));
            t.send("a");
            answers.add(t.line());
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", total.toString()));
            assertThat(status(pid)).containsEntry("scheme", "total").containsEntry("roots", "");
            t.send("quit");
            t.expect("bye");
            assertThat(t.waitFor()).isZero();
        }
        assertThat(answers).as("the program's answers do not change").containsExactly("A 6200026640", "A 6200026640",
                "B 3399889997", "C 763347", "B 3399889997", "A 6200026640");

        Map<String, Long> lazyCalls = calls(lazy);
        assertThat(lazyCalls).as("lazy: phase B under main, whose frame stays open since the Total part")
                .containsEntry(path("main", "phaseB"), 1L).containsEntry(path("main", "phaseB", "beta"), 20000L);
        assertThat(lazyCalls.keySet()).as("lazy: nothing outside the root (phase A, beta from phase C), nothing before the change")
                .allMatch(k -> k.equals("main") || k.startsWith(path("main", "phaseB")));
        assertThat(calls(eager)).as("eager: the same root, after a reset")
                .containsOnlyKeys(path("main", "phaseB"), path("main", "phaseB", "beta"))
                .containsEntry(path("main", "phaseB", "beta"), 20000L);
        assertThat(calls(total)).as("total again: every call, nothing of before")
                .containsEntry(path("main", "phaseA", "alpha"), 20000L)
                .allSatisfy((k, v) -> assertThat(k).doesNotContain("phaseB"));
    }

    @Test
    void anAttachedSessionIsControlledAndDetachedWithoutChangingTheProgram() throws Exception {
        List<String> plainCmd = List.of(CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN);
        String expected;
        try (Target plain = Target.start(plainCmd)) {
            for (String line : List.of("a", "b", "a", "b", "quit")) plain.send(line);
            assertThat(plain.waitFor()).isZero();
            expected = plain.stdout();
        }
        Path atExit = dir.resolve("attached.candor");
        Path secondSession = dir.resolve("second-session.candor");
        Path snapshot = dir.resolve("while-attached.candor");
        Path stderr = dir.resolve("attached.stderr");
        try (Target t = Target.start(plainCmd, stderr)) {
            String pid = Long.toString(t.process.pid());
            t.expect("ready");
            t.send("a");
            t.expectPrefix("A ");

            CandorCli attach = CandorCli.run("attach", pid, "--include", INCLUDE, "-o", atExit.toString());
            ok(attach);
            assertThat(attach.stderr).contains("attached to " + pid + ": instrumentation")
                    .contains("snapshot at its exit: " + atExit);
            Map<String, String> status = status(pid);
            assertThat(status).containsEntry("state", "recording").containsEntry("started.by", "attach")
                    .doesNotContainKey("warning.1");
            assertThat(status.get("clock")).as("libcandor.so's clock in an attached session").isNotEqualTo("nanotime");
            assertThat(Long.parseLong(status.get("classes.instrumented"))).isPositive();
            assertThat(CandorCli.run("list").stdout).containsPattern("(?m)^" + pid + "\\s+recording\\s+" + MAIN);

            CandorCli second = CandorCli.run("attach", pid, "--include", INCLUDE);
            assertThat(second.exitCode).as(second.toString()).isEqualTo(1);
            assertThat(second.stderr).contains("a Candor session is already running in process " + pid + " (recording)");
            refusesWrongSecretsAndListensOnLoopbackOnly(Long.parseLong(pid));
            refusesOtherUsers(Long.parseLong(pid));
            try (ControlClient c = ControlClient.connect(Long.parseLong(pid), 5000)) {
                ControlClient.Reply set = c.command("set mode=sample");
                assertThat(set.ok).isFalse();
                assertThat(set.text).contains("'mode' cannot change in a running session").endsWith("nothing changed");
            }

            t.send("b");
            t.expectPrefix("B ");
            ok(CandorCli.run("ctl", pid, "snapshot", "-o", snapshot.toString()));
            CandorCli detach = CandorCli.run("ctl", pid, "detach");
            ok(detach);
            assertThat(detach.stderr).contains("original bytecode restored");

            t.send("a");  // runs on, with the original code
            t.expectPrefix("A ");
            status = status(pid);
            assertThat(status).containsEntry("state", "detached").containsEntry("classes.failed", "0")
                    .containsEntry("probe.events_after_detach", "0");
            assertThat(Long.parseLong(status.get("classes.restored"))).isPositive();
            CandorCli again = CandorCli.run("ctl", pid, "reset");
            assertThat(again.exitCode).isEqualTo(1);
            assertThat(again.stderr).contains("detached");

            // a new session in the same JVM, without a restart: over the channel the detached agent keeps
            CandorCli reattach = CandorCli.run("attach", pid, "--include", INCLUDE, "-o", secondSession.toString());
            ok(reattach);
            status = status(pid);
            assertThat(status).containsEntry("state", "recording").containsEntry("started.by", "attach")
                    .containsEntry("resets", "0").containsEntry("output", secondSession.toString());
            assertThat(Long.parseLong(status.get("classes.instrumented"))).isPositive();
            t.send("b");
            t.expectPrefix("B ");

            t.send("quit");
            assertThat(t.waitFor()).isZero();
            assertThat(t.stdout()).isEqualTo(expected);
        }
        assertThat(Files.readString(stderr)).as("no JVM warning on the program's stderr (class data sharing stays on)")
                .doesNotContain("warning");
        assertThat(atExit).as("no snapshot at exit after a detach").doesNotExist();
        Map<String, Long> second = calls(secondSession);
        assertThat(second).as("the second session holds what ran after it began").containsEntry(path("phaseB", "beta"), 20000L);
        assertThat(second.keySet()).noneMatch(k -> k.contains("alpha"));
        Map<String, Long> calls = calls(snapshot);
        assertThat(calls).containsEntry(path("phaseB", "beta"), 20000L);
        assertThat(calls.keySet()).as("phase A ran before the attach").noneMatch(k -> k.contains("alpha"));
    }

    @Test
    void anAttachWithARootThatMatchesNothingLoadedSaysSoInItsStatusAtOnce() throws Exception {
        String typo = MAIN + ".phaseZ";
        try (Target t = Target.start(List.of(CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), MAIN))) {
            String pid = Long.toString(t.process.pid());
            t.expect("ready");
            t.send("a");
            t.expectPrefix("A ");
            ok(CandorCli.run("attach", pid, "--root", typo + "," + MAIN + ".phaseB", "--include", INCLUDE));
            // the root browser's view: the loaded classes by a piece of their name, and a class's methods
            CandorCli classes = CandorCli.run("ctl", pid, "classes", "targets.phas");
            ok(classes);
            assertThat(classes.stdout.lines()).contains(MAIN);
            // pages: every loaded class, 200 at a time, the second page the next 200 (read again while the first
            // page changed meanwhile: classes loaded between the two calls, by the session's first checkpoint say,
            // move the pages' bounds, as they would for a user paging on)
            CandorCli first;
            CandorCli second;
            for (int attempt = 1; ; attempt++) {
                first = CandorCli.run("ctl", pid, "classes");
                second = CandorCli.run("ctl", pid, "classes", "--from", "200");
                if (CandorCli.run("ctl", pid, "classes").stdout.equals(first.stdout) || attempt == 5) break;
            }
            ok(first);
            ok(second);
            assertThat(first.stdout.lines()).hasSize(200);
            assertThat(first.stderr).contains("classes 1 to 200 of ").contains("--from 200 for the next");
            assertThat(second.stdout.lines()).isNotEmpty().doesNotContainAnyElementsOf(first.stdout.lines().toList());
            assertThat(second.stderr).contains("classes 201 to ");
            assertThat(CandorCli.run("ctl", pid, "classes", "--from", "-3").stderr.trim())
                    .isEqualTo("candor: error: ctl: option --from needs a whole number >= 0, not '-3'");
            CandorCli methods = CandorCli.run("ctl", pid, "methods", MAIN);
            ok(methods);
            assertThat(methods.stdout.lines()).contains("phaseB()", "main(String[])");
            Map<String, String> status = status(pid);
            assertThat(status).containsEntry("warning.1", "candor: warning: --root '" + typo
                    + "' matched no method the program loaded that the filters let through")
                    .doesNotContainKey("warning.2");
            t.send("quit");
            assertThat(t.waitFor()).isZero();
        }
    }

    /** The channel of any session: its files, a wrong secret, an endless line, no address but loopback. */
    static void refusesWrongSecretsAndListensOnLoopbackOnly(long pid) throws Exception {
        SessionFiles.Session session = SessionFiles.find(pid);
        assertThat(session).isNotNull();
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(session.file)))
                .isEqualTo("rw-------");
        assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(session.file.getParent())))
                .isEqualTo("rwx------");
        assertThatThrownBy(() -> ControlClient.connect(session.port, "0123456789abcdef", 5000, pid))
                .isInstanceOf(ClientException.class).hasMessageContaining("refused: wrong secret");
        // a line without end, before any secret: refused once it passes the bound, the channel answers on
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), session.port)) {
            s.setSoTimeout(20_000);
            Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            char[] chunk = new char[64 * 1024];
            java.util.Arrays.fill(chunk, 'x');
            try {
                for (int i = 0; i < 16; i++) w.write(chunk);  // 1 MiB, no newline
                w.flush();
            } catch (java.io.IOException closedByTheAgent) {
                // it may close before all of it arrived: the answer below is what counts
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            assertThat(r.readLine()).isEqualTo("error refused: a line longer than 65536 bytes");
        }
        try (ControlClient c = ControlClient.connect(session.port, session.secret, 5000, pid)) {
            assertThat(c.command("status").ok).isTrue();
        }
        // the listening socket is bound to 127.0.0.1, so no other address of this machine reaches it
        String port = String.format("%04X", session.port);
        List<String> listening = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Files.readAllLines(Paths.get(table)).stream().skip(1).map(l -> l.trim().split("\\s+"))
                    .filter(f -> f[1].endsWith(":" + port) && f[3].equals("0A")).forEach(f -> listening.add(f[1]));
        }
        // IPv4 127.0.0.1, or the same as an IPv4-mapped address on a dual-stack socket
        assertThat(listening).hasSize(1);
        assertThat(listening.get(0)).isIn("0100007F:" + port, "0000000000000000FFFF00000100007F:" + port);
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                if (a.isLoopbackAddress() || a.isLinkLocalAddress()) continue;
                try (Socket s = new Socket()) {
                    assertThatThrownBy(() -> s.connect(new InetSocketAddress(a, session.port), 2000))
                            .as("connect to " + a).isInstanceOf(java.io.IOException.class);
                }
            }
        }
    }

    /** Another user (nobody, by setpriv, where this test runs as root) is refused before it could try a secret. */
    static void refusesOtherUsers(long pid) throws Exception {
        if (!Files.isExecutable(Paths.get("/usr/bin/setpriv")) || !System.getProperty("user.name").equals("root")) return;
        SessionFiles.Session session = SessionFiles.find(pid);
        Process p = new ProcessBuilder("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                "bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/" + session.port + "; head -1 <&3").redirectErrorStream(true).start();
        String answer = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(answer).startsWith("error refused: connection from another user (uid 65534)");

        Process other = new ProcessBuilder("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                "sleep", "30").start();
        try {
            CandorCli r = CandorCli.run("attach", Long.toString(other.pid()));
            assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
            assertThat(r.stderr).contains("belongs to another user (uid 65534");
        } finally {
            other.destroyForcibly();
        }
    }

    static Map<String, String> status(String pid) throws Exception {
        CandorCli r = CandorCli.run("ctl", pid, "status");
        ok(r);
        return Arrays.stream(r.stdout.split("\n")).map(l -> l.split("\\s+", 2))
                .collect(Collectors.toMap(f -> f[0], f -> f.length > 1 ? f[1] : ""));
    }

    static void ok(CandorCli r) {
        assertThat(r.exitCode).as(r.toString()).isZero();
    }

    /** Calls per call path, from the collapsed report (paths of the Phases methods' simple names). */
    static Map<String, Long> calls(Path snapshot) throws Exception {
        CandorCli r = CandorCli.run("report", snapshot.toString(), "--format", "collapsed", "--value", "calls");
        ok(r);
        return Arrays.stream(r.stdout.split("\n")).filter(l -> !l.isBlank())
                .collect(Collectors.toMap(l -> l.substring(0, l.lastIndexOf(' ')).replace(MAIN + ".", ""),
                        l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)), Long::sum));
    }

    static String path(String... methods) {
        return String.join(";", methods);
    }

    /** A program driven through stdin, its stdout read line by line. */
    static final class Target implements AutoCloseable {
        final Process process;
        private final BufferedReader out;
        private final Writer in;
        private final StringBuilder stdout = new StringBuilder();

        private Target(Process process) {
            this.process = process;
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        }

        static Target start(List<String> cmd) throws Exception {
            return start(cmd, null);
        }

        /** With the program's stderr into {@code stderr} (null: inherited). */
        static Target start(List<String> cmd, Path stderr) throws Exception {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(stderr == null ? ProcessBuilder.Redirect.INHERIT
                    : ProcessBuilder.Redirect.to(stderr.toFile()));
            pb.environment().put("XDG_CACHE_HOME", CandorCli.CACHE.toString());
            return new Target(pb.start());
        }

        /** The JVM {@code candor profile} started. */
        long javaChild() throws InterruptedException {
            for (int i = 0; i < 200; i++) {
                java.util.Optional<ProcessHandle> child = process.children().findFirst();
                if (child.isPresent()) return child.get().pid();
                Thread.sleep(50);
            }
            throw new AssertionError("candor profile started no JVM");
        }

        void send(String line) throws Exception {
            in.write(line + "\n");
            in.flush();
        }

        String line() throws Exception {
            String line = out.readLine();
            if (line == null) throw new AssertionError("the target ended; its output: " + stdout);
            stdout.append(line).append('\n');
            return line;
        }

        void expect(String line) throws Exception {
            assertThat(line()).isEqualTo(line);
        }

        void expectPrefix(String prefix) throws Exception {
            assertThat(line()).startsWith(prefix);
        }

        int waitFor() throws Exception {
            for (String line; (line = out.readLine()) != null; ) stdout.append(line).append('\n');
            if (!process.waitFor(1, TimeUnit.MINUTES)) throw new AssertionError("the target did not end");
            return process.exitValue();
        }

        String stdout() { return stdout.toString(); }

        @Override public void close() {
            process.destroyForcibly();
        }
    }
}
