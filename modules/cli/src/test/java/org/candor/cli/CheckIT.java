package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * candor check, run for real: this machine's readiness, agreeing with the files it is read from and with
 * {@code candor counters}; a running JVM's, whose words an attach then proves (JDK 25 warns on the program's stderr
 * exactly when the check says it will); bad input in one line with exit code 2; the launcher on JDK 25 prints nothing
 * on stderr for JNA.
 */
class CheckIT {

    static final Path JDK_25 = Path.of(System.getProperty("candor.jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
    private static final String LINE = "  [a-zA-Z0-9 .]+: (available|limited|unavailable): .+";

    @TempDir Path dir;

    @Test
    void thisMachineOneLinePerCheckAsItsFilesAndCandorCountersSay() throws Exception {
        CandorCli r = CandorCli.run("check");
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stderr).isEmpty();
        List<String> lines = r.stdout.lines().toList();
        assertThat(lines.get(0)).isEqualTo("this machine:");
        assertThat(lines.subList(1, lines.size())).hasSize(9).allMatch(l -> l.matches(LINE));
        assertThat(lines.subList(1, lines.size())).extracting(l -> l.substring(2, l.indexOf(':')))
                .containsExactly("operating system", "libcandor.so", "wall clock", "perf events", "software perf events",
                        "sampling below the 4 ms tick", "hardware counters", "ptrace scope", "attach API");
        assertThat(line(r, "libcandor.so")).startsWith("libcandor.so: available: answers from " + CandorCli.HOME.resolve("agent/libcandor.so"));
        assertThat(line(r, "operating system")).contains(Files.readString(Path.of("/proc/sys/kernel/osrelease")).trim());
        String paranoid = Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim();
        assertThat(line(r, "perf events")).containsPattern("kernel.perf_event_paranoid (is " + paranoid + "|\\(" + paranoid + "\\))");

        // what candor counters says about the same counters
        CandorCli counters = CandorCli.run("counters");
        String cycles = counters.stdout.lines().filter(l -> l.startsWith("cycles ")).findFirst().orElseThrow();
        String taskClock = counters.stdout.lines().filter(l -> l.startsWith("task-clock ")).findFirst().orElseThrow();
        if (cycles.contains("no hardware PMU on this machine")) {
            assertThat(line(r, "hardware counters")).startsWith("hardware counters: unavailable: this machine has no PMU");
        } else if (!cycles.contains("unavailable")) {
            assertThat(line(r, "hardware counters")).startsWith("hardware counters: available").contains("cycles");
        }
        assertThat(line(r, "software perf events")).startsWith("software perf events: "
                + (taskClock.contains("unavailable") ? "unavailable" : "available"));
        assertThat(line(r, "sampling below the 4 ms tick")).startsWith("sampling below the 4 ms tick: "
                + (taskClock.contains("unavailable") ? "unavailable" : "available: through perf task-clock"));
        String ptrace = Files.exists(Path.of("/proc/sys/kernel/yama/ptrace_scope"))
                ? "kernel.yama.ptrace_scope is " + Files.readString(Path.of("/proc/sys/kernel/yama/ptrace_scope")).trim()
                : "no Yama ptrace limits here";
        assertThat(line(r, "ptrace scope")).startsWith("ptrace scope: available: " + ptrace);
        System.out.print("[candor check]\n" + r.stdout);
    }

    @Test
    void aJdk25ProgramWithoutTheFlagIsWarnedAboutAndTheAttachProvesIt() throws Exception {
        assumeThat(JDK_25.resolve("bin/java")).as("JDK 25 at %s", JDK_25).isExecutable();
        Path stderr = dir.resolve("plain.stderr");
        try (LiveControlIT.Target t = target(JDK_25, List.of(), stderr)) {
            String pid = Long.toString(t.process.pid());
            CandorCli r = CandorCli.run("check", pid);
            assertThat(r.exitCode).as(r.toString()).isZero();
            assertThat(r.stdout).contains("process " + pid + " (" + LiveControlIT.MAIN + "):\n");
            assertThat(line(r, "Java version")).startsWith("Java version: available: JDK 25 (");
            assertThat(line(r, "attach")).isEqualTo("attach: available: process " + pid + " takes an attach (no -XX:+DisableAttachMechanism)");
            assertThat(line(r, "dynamic agent loading")).isEqualTo("dynamic agent loading: limited: process " + pid + " runs JDK 25"
                    + " without -XX:+EnableDynamicAgentLoading: when Candor attaches, the JVM prints a warning about a"
                    + " dynamically loaded agent on the program's stderr (start it with -XX:+EnableDynamicAgentLoading, or"
                    + " with candor profile, to avoid the warning)");
            attachAndDetach(pid);
            t.send("quit");
            t.expect("bye");
        }
        assertThat(Files.readString(stderr, StandardCharsets.UTF_8)).as("the warning the check announced")
                .contains("WARNING: A ").contains("agent has been loaded dynamically");
    }

    @Test
    void aJdk25ProgramWithTheFlagTakesTheAttachSilently() throws Exception {
        assumeThat(JDK_25.resolve("bin/java")).as("JDK 25 at %s", JDK_25).isExecutable();
        Path stderr = dir.resolve("allowed.stderr");
        try (LiveControlIT.Target t = target(JDK_25, List.of("-XX:+EnableDynamicAgentLoading"), stderr)) {
            String pid = Long.toString(t.process.pid());
            CandorCli r = CandorCli.run("check", pid);
            assertThat(r.exitCode).as(r.toString()).isZero();
            assertThat(line(r, "dynamic agent loading")).isEqualTo("dynamic agent loading: available: process " + pid
                    + " was started with -XX:+EnableDynamicAgentLoading: Candor attaches without a warning");
            attachAndDetach(pid);
            t.send("quit");
            t.expect("bye");
        }
        assertThat(Files.readString(stderr, StandardCharsets.UTF_8)).as("the program's stderr").doesNotContain("WARNING");
    }

    @Test
    void aJdk17ProgramAndOneThatRefusesAttach() throws Exception {
        Path jdk = Path.of(CandorCli.JAVA).getParent().getParent().toRealPath();
        try (LiveControlIT.Target t = target(jdk, List.of(), null);
             LiveControlIT.Target closed = target(jdk, List.of("-XX:+DisableAttachMechanism"), null)) {
            String pid = Long.toString(t.process.pid());
            CandorCli r = CandorCli.run("check", pid);
            assertThat(r.exitCode).as(r.toString()).isZero();
            int feature = Runtime.version().feature();
            assertThat(line(r, "Java version")).startsWith("Java version: available: JDK " + feature + " (").endsWith(" at " + jdk + ")");
            assertThat(line(r, "owner")).isEqualTo("owner: available: process " + pid + " runs as uid "
                    + Files.getAttribute(Path.of("/proc/self"), "unix:uid") + ", as you do");
            if (feature < 21) {
                assertThat(line(r, "dynamic agent loading")).isEqualTo("dynamic agent loading: available: JDK " + feature
                        + " loads agents at run time without a warning");
            }
            assertThat(r.stdout.lines().filter(l -> l.startsWith("  "))).hasSize(9 + 6).allMatch(l -> l.matches(LINE));

            String closedPid = Long.toString(closed.process.pid());
            CandorCli refused = CandorCli.run("check", closedPid);
            assertThat(line(refused, "attach")).isEqualTo("attach: unavailable: process " + closedPid + " was started with"
                    + " -XX:+DisableAttachMechanism, so it takes no attach (restart it without that option, or start it"
                    + " with candor profile)");
            CandorCli attach = CandorCli.run("attach", closedPid, "--include", LiveControlIT.INCLUDE);
            assertThat(attach.exitCode).as("the attach the check said would fail: " + attach).isEqualTo(1);
            t.send("quit");
            t.expect("bye");
            closed.send("quit");
            closed.expect("bye");
        }
    }

    @Test
    void badInputIsOneLineAndExitCode2() throws Exception {
        oneLine(CandorCli.run("check", "abc"), "candor: error: check: 'abc' is not a process id (a whole number; 'candor list' shows your JVMs)");
        oneLine(CandorCli.run("check", "0"), "candor: error: check: '0' is not a process id (a whole number; 'candor list' shows your JVMs)");
        oneLine(CandorCli.run("check", "99999999999"), "candor: error: check: '99999999999' is not a process id (a whole number; 'candor list' shows your JVMs)");
        oneLine(CandorCli.run("check", "--colour"), "candor: error: check: unknown option '--colour' (see 'candor help check')");
        oneLine(CandorCli.run("check", "1", "2"), "candor: error: check: unexpected '2'");
        oneLine(CandorCli.run("check", "999999999"), "candor: error: no process 999999999");
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            oneLine(CandorCli.run("check", Long.toString(sleep.pid())), "candor: error: process " + sleep.pid()
                    + " (sleep) is not a Java VM (no libjvm.so in its memory); 'candor list' shows your JVMs");
        } finally {
            sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        // another user's JVM-less process: refused before anything of it is read (root only: setpriv to nobody)
        if (Files.isExecutable(Path.of("/usr/bin/setpriv")) && System.getProperty("user.name").equals("root")) {
            Process other = new ProcessBuilder("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                    "sleep", "60").start();
            try {
                CandorCli r = CandorCli.run("check", Long.toString(other.pid()));
                assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
                assertThat(r.stderr).startsWith("candor: error: process " + other.pid() + " belongs to another user (uid 65534")
                        .hasLineCount(1);
                assertThat(r.stdout).isEmpty();
            } finally {
                other.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void helpListsCheck() throws Exception {
        CandorCli help = CandorCli.run("help");
        assertThat(help.stdout).contains("  check        say what works here");
        CandorCli usage = CandorCli.run("help", "check");
        assertThat(usage.exitCode).isZero();
        assertThat(usage.stdout).startsWith("usage: candor check [PID]\n");
    }

    /** The launcher a user runs, on JDK 25: JNA may load its native part without the JDK's restricted-method warning. */
    @Test
    void theLauncherOnJdk25PrintsNoWarning() throws Exception {
        assumeThat(JDK_25.resolve("bin/java")).as("JDK 25 at %s", JDK_25).isExecutable();
        Path launcher = CandorCli.HOME.resolve("../../../../candor").normalize();
        assumeThat(launcher).as("the launcher of the source tree").isExecutable();
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "check");
        pb.environment().put("JAVA_HOME", JDK_25.toString());
        pb.environment().put("XDG_CACHE_HOME", CandorCli.CACHE.toString());
        Path out = dir.resolve("launcher.out");
        Path err = dir.resolve("launcher.err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(Files.readString(err)).isEmpty();
        assertThat(p.exitValue()).isZero();
        assertThat(Files.readString(out)).startsWith("this machine:\n").contains("attach API: available: this Java runtime (25");
    }

    private static void attachAndDetach(String pid) throws Exception {
        CandorCli attach = CandorCli.run("attach", pid, "--include", LiveControlIT.INCLUDE);
        assertThat(attach.exitCode).as(attach.toString()).isZero();
        CandorCli detach = CandorCli.run("ctl", pid, "detach");
        assertThat(detach.exitCode).as(detach.toString()).isZero();
    }

    private static LiveControlIT.Target target(Path jdk, List<String> jvmOptions, Path stderr) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(jdk.resolve("bin/java").toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", LiveControlIT.TEST_CLASSES.toString(), LiveControlIT.MAIN));
        LiveControlIT.Target t = LiveControlIT.Target.start(cmd, stderr);
        t.expect("ready");
        return t;
    }

    /** The line of the named check, without its indent. */
    private static String line(CandorCli r, String name) {
        return r.stdout.lines().filter(l -> l.startsWith("  " + name + ": ")).map(String::strip).findFirst()
                .orElseThrow(() -> new AssertionError("no line '" + name + "' in\n" + r.stdout));
    }

    private static void oneLine(CandorCli r, String line) {
        assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
        assertThat(r.stdout).isEmpty();
        assertThat(r.stderr).isEqualTo(line + "\n");
    }
}
