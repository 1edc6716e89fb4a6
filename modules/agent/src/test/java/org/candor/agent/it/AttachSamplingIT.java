package org.candor.agent.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.tools.attach.VirtualMachine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Sampling by dynamic attach: libcandor.so and the agent are loaded into a running JVM with the Attach API (as
 * {@code -agentpath}/{@code -javaagent} would be with {@code candor profile --mode sample}), and the threads that
 * were busy before the attach are sampled from then on: each gets at least 90 % of the samples its user-mode CPU
 * time after the attach asks for, and no more than it asks for (no thread sampled twice, no other thread's samples
 * in its tree).
 */
class AttachSamplingIT {

    static final String JDK25 = "/usr/lib/jvm/temurin-25-jdk-amd64";

    @TempDir Path dir;

    @Test
    void threadsRunningBeforeTheAttachAreSampled() throws Exception {
        cpuSampling(AgentRun.javaHome(), "sample=cpu,interval=1000000");
    }

    static boolean jdk25Present() {
        return Files.isDirectory(Paths.get(JDK25));
    }

    @Test
    @EnabledIf("jdk25Present")
    void threadsRunningBeforeTheAttachAreSampledOnJdk25() throws Exception {
        cpuSampling(JDK25, "sample=cpu,interval=1000000");
    }

    /** Wall mode: the threads get a bind signal at the attach and join the wall sampler's round-robin. */
    @Test
    void wallClockSamplingAfterTheAttachSeesThemRunning() throws Exception {
        Snapshot s = attachedRun(AgentRun.javaHome(), "sample=wall,interval=5000000");
        int samples = s.metricIndex("samples");
        int waiting = s.metricIndex("waiting_time");
        long interval = s.stat("interval.ns");
        for (String name : List.of("busy-1", "busy-2")) {
            CallNode root = thread(s, name).root();
            long got = root.children().stream().mapToLong(c -> c.value(samples)).sum();
            long waited = root.children().stream().mapToLong(c -> c.value(waiting)).sum();
            System.out.printf("wall: %s: %d samples, %d of them waiting%n", name, got, waited / interval);
            assertThat(got).as(name).isGreaterThan(200);  // 3 s at 5 ms: ~600
            assertThat(waited).as(name + " runs").isLessThan(got * interval / 10);
        }
        assertThat(s.stat("samples.delivered")).as("every wall signal becomes a sample")
                .isGreaterThanOrEqualTo(s.stat("samples.expected") * 99 / 100);
    }

    private void cpuSampling(String javaHome, String nativeOptions) throws Exception {
        Snapshot s = attachedRun(javaHome, nativeOptions);
        long interval = s.stat("interval.ns");
        Matcher m = Pattern.compile("CPU (busy-\\d)=(\\d+)").matcher(stdout);
        int threads = 0;
        while (m.find()) {
            threads++;
            String name = m.group(1);
            double expected = Long.parseLong(m.group(2)) / (double) interval;
            ThreadProfile thread = thread(s, name);
            int samples = s.metricIndex("samples");
            long got = thread.root().children().stream().mapToLong(c -> c.value(samples)).sum();
            long inBusy = samplesUnder(s, thread, "busy");
            System.out.printf("%s %s: %s: %d samples of %.0f expected after the attach (%.1f %%), %d in busy()%n",
                    javaHome, nativeOptions, name, got, expected, 100 * got / expected, inBusy);
            assertThat(expected).as(name + " ran after the attach").isGreaterThan(300);
            assertThat(got / expected).as(name).isGreaterThanOrEqualTo(0.90);
            // the samples from the attach to the target's first reading are extra (milliseconds); twice as many
            // would be a thread sampled by two timers, or another thread's samples in this tree
            assertThat(got / expected).as(name).isLessThanOrEqualTo(1.10);
            assertThat(inBusy).as(name + ": samples in busy()").isGreaterThanOrEqualTo(got * 95 / 100);
        }
        assertThat(threads).isEqualTo(2);

        System.out.println(javaHome + " " + nativeOptions + ": stats " + s.stats());
        assertThat(s.stat("attach.threads")).as("Java threads prepared at the attach").isGreaterThanOrEqualTo(2);
        assertThat(s.stat("attach.threads_unsampled")).isZero();
        assertThat(s.stat("attach.threads_bound")).isGreaterThanOrEqualTo(2);
        assertThat(s.stat("attach.methods_compiled_before")).as("busy threads ran compiled code before the attach")
                .isPositive();
        assertThat(s.stat("samples.delivered")).isEqualTo(s.stat("samples.recorded")
                + failed(s) + s.stat("samples.crash_guard"));
        double total = 100.0 * s.stat("samples.delivered") / s.stat("samples.expected");
        System.out.printf("%s %s: all threads: %d of %d expected samples delivered (%.1f %%)%n", javaHome,
                nativeOptions, s.stat("samples.delivered"), s.stat("samples.expected"), total);
        assertThat(total).isGreaterThanOrEqualTo(90);
    }

    private String stdout;

    /** Runs the target, attaches with these native options, checks its output and exit, reads the snapshot. */
    private Snapshot attachedRun(String javaHome, String nativeOptions) throws Exception {
        Path snapshot = dir.resolve("attached.candor");
        Attached run = Attached.run(javaHome, nativeOptions, "mode=sample,quiet,output=" + snapshot,
                "org.candor.it.targets.AttachedBusyThreads", "3");
        stdout = run.stdout;
        assertThat(run.exitCode).as(run.toString()).isZero();
        // the program's own output, nothing else: the agents print nothing (quiet), and the JVM does not warn that
        // class data sharing stops (it would for a Boot-Class-Path appended late; the attach jar has none)
        assertThat(run.stdout).as(run.toString()).matches("READY\nCPU busy-1=\\d+\nCPU busy-2=\\d+\nDONE\n");
        assertThat(run.stderr).as(run.toString()).isEmpty();
        Snapshot s = SnapshotReader.read(snapshot);
        // no JVM-internal thread (GC, JIT compiler, VM thread) shows up as a Java thread
        for (ThreadProfile t : s.threads()) {
            assertThat(t.name()).doesNotContain("GC", "Compiler", "VM Thread", "G1 ", "VM Periodic");
        }
        return s;
    }

    private static long failed(Snapshot s) {
        return s.stats().entrySet().stream().filter(e -> e.getKey().startsWith("samples.failed."))
                .mapToLong(e -> e.getValue()).sum();
    }

    private static ThreadProfile thread(Snapshot s, String name) {
        return s.threads().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no thread " + name + " in " + s.threads()));
    }

    /** Samples of the subtrees rooted at the outermost frames of the named method. */
    private static long samplesUnder(Snapshot s, ThreadProfile thread, String method) {
        int samples = s.metricIndex("samples");
        long sum = 0;
        ArrayDeque<CallNode> todo = new ArrayDeque<>(thread.root().children());
        while (!todo.isEmpty()) {
            CallNode n = todo.pop();
            if (s.methods().get(n.methodId()).name().equals(method)) {
                sum += n.value(samples);
            } else {
                todo.addAll(n.children());
            }
        }
        return sum;
    }

    /** A target JVM started plain, then given libcandor.so and the agent through the Attach API. */
    static final class Attached {
        final int exitCode;
        final String stdout;
        final String stderr;

        private Attached(int exitCode, String stdout, String stderr) {
            this.exitCode = exitCode;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        static Attached run(String javaHome, String nativeOptions, String agentOptions, String mainClass, String... args)
                throws Exception {
            List<String> cmd = new ArrayList<>();
            cmd.add(Paths.get(javaHome, "bin", "java").toString());
            // JDK 21+ warns about agents loaded into a running VM unless this is given
            if (featureVersion(javaHome) >= 21) cmd.add("-XX:+EnableDynamicAgentLoading");
            cmd.add("-cp");
            cmd.add(AgentRun.TEST_CLASSES.toString());
            cmd.add(mainClass);
            cmd.addAll(List.of(args));
            Path err = Files.createTempFile("candor-it", ".err");
            Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                Writer in = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8);
                StringBuilder stdout = new StringBuilder();
                String ready = out.readLine();
                if (ready == null) throw new AssertionError("no READY: " + Files.readString(err));
                stdout.append(ready).append('\n');
                VirtualMachine vm = VirtualMachine.attach(String.valueOf(p.pid()));
                try {
                    vm.loadAgentPath(AgentRun.AGENT_DIR.resolve("libcandor.so").toString(), nativeOptions);
                    in.write("sampling\n");  // the target measures its threads' CPU time from here
                    in.flush();
                    vm.loadAgent(AgentRun.AGENT_DIR.resolve("candor-agent-attach.jar").toString(), agentOptions);
                } finally {
                    vm.detach();
                }
                in.write("agent loaded\n");  // it may end now: the snapshot is written at its exit
                in.flush();
                for (String line; (line = out.readLine()) != null; ) stdout.append(line).append('\n');
                if (!p.waitFor(2, TimeUnit.MINUTES)) throw new AssertionError("timed out: " + cmd);
                return new Attached(p.exitValue(), stdout.toString(), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                p.destroyForcibly();
                Files.deleteIfExists(err);
            }
        }

        static int featureVersion(String javaHome) throws IOException {
            for (String line : Files.readAllLines(Paths.get(javaHome, "release"))) {
                Matcher m = Pattern.compile("^JAVA_VERSION=\"(\\d+)").matcher(line);
                if (m.find()) return Integer.parseInt(m.group(1));
            }
            return 0;
        }

        @Override public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }
}
