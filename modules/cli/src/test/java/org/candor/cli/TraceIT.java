package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.candor.core.trace.ChromeTraceJson;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceRecord;
import org.candor.core.trace.TraceSource;
import org.candor.core.trace.TraceStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code candor profile --trace DIR} end to end on TracedPhases (two threads alternating 40 ms of CPU and 30 ms of
 * sleep, markers through org.candor.api.Candor): the trace's files as libcandor.so wrote them, merged and read back.
 */
class TraceIT {

    static final Path TEST_CLASSES = Paths.get("target", "test-classes").toAbsolutePath();
    static final String MAIN = "org.candor.cli.targets.TracedPhases";
    static final int ROUNDS = 5;

    @TempDir Path dir;

    @Test
    void aTracedRunHoldsEachThreadsPeriodsAndMarkersInTimeOrder() throws Exception {
        Path traceDir = dir.resolve("run1");
        Path snapshot = dir.resolve("run1.candor");
        String classpath = TEST_CLASSES + ":" + CandorCli.HOME.resolve("api/candor-api.jar");
        CandorCli plain = CandorCli.exec(List.of(CandorCli.JAVA, "-cp", classpath, MAIN, "" + ROUNDS));
        CandorCli run = CandorCli.run("profile", "--mode", "sample", "--interval", "1ms", "--trace", traceDir.toString(),
                "-o", snapshot.toString(), "--", CandorCli.JAVA, "-cp", classpath, MAIN, "" + ROUNDS);
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(run.stdout).isEqualTo(plain.stdout);
        assertThat(run.stderr).contains("wrote trace " + traceDir);
        assertThat(Files.list(traceDir).map(p -> p.getFileName().toString())).contains("meta")
                .anyMatch(n -> n.matches("cpu-\\d+\\.ctrace"));

        Path merged = dir.resolve("run1.ctrace");
        CandorCli merge = CandorCli.run("trace", "merge", traceDir.toString(), "-o", merged.toString());
        assertThat(merge.exitCode).as(merge.toString()).isZero();

        List<TraceRecord> records = new ArrayList<>();
        TraceSource source = TraceDirectory.open(merged);
        source.forEach(records::add);
        assertThat(source.warnings()).isEmpty();
        assertThat(source.meta().dropped()).isEqualTo(0L);
        Map<String, Integer> tids = new HashMap<>();
        for (TraceRecord r : records) {
            if (r.tid() != 0) tids.putIfAbsent(source.meta().nameAt(r.tid(), r.time()), r.tid());
        }
        assertThat(tids).containsKeys("main", "ping", "pong");

        // in time order, as merged
        for (int i = 1; i < records.size(); i++) assertThat(records.get(i).time()).isGreaterThanOrEqualTo(records.get(i - 1).time());

        for (String name : List.of("ping", "pong")) {
            int tid = tids.get(name);
            List<TraceRecord> periods = new ArrayList<>();
            List<TraceRecord> markers = new ArrayList<>();
            for (TraceRecord r : records) {
                if (r.tid() != tid) continue;
                (r.isPeriod() ? periods : markers).add(r);
            }
            // each period begins where the last ended: a thread's periods tile its life
            for (int i = 1; i < periods.size(); i++) {
                assertThat(periods.get(i).start()).as(name + " period " + i).isEqualTo(periods.get(i - 1).end());
            }
            assertThat(periods.get(0).isFirst()).isTrue();
            assertThat(periods.get(periods.size() - 1).isLast()).isTrue();
            // it slept once a round: at least that many periods say it blocked
            assertThat(periods.stream().filter(TraceRecord::yielded).count()).as(name + " blocked periods").isGreaterThanOrEqualTo(ROUNDS);
            if ("kernel".equals(source.meta().switches())) {
                // the kernel's switches cut each 30 ms sleep out as a period off the CPU, blocked
                assertThat(periods.stream().filter(p -> p.isOffCpu() && p.yielded() && p.duration() >= 25_000_000L).count())
                        .as(name + " sleeps as periods off the CPU").isGreaterThanOrEqualTo(ROUNDS);
                long[] unswitched = source.meta().unswitched();
                if (unswitched == null || unswitched[0] + unswitched[1] == 0) {
                    // and no period on a CPU spans two
                    for (TraceRecord p : periods) {
                        if (!p.isOffCpu()) assertThat(p.startCpu()).as(name + " " + p).isEqualTo(p.cpu());
                    }
                }
            }
            // begin, end, rested N: in order, each inside the thread's life
            List<String> texts = new ArrayList<>();
            for (TraceRecord m : markers) {
                texts.add(m.markerKind() + " " + m.text());
                assertThat(m.time()).isBetween(periods.get(0).start(), periods.get(periods.size() - 1).end());
            }
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < ROUNDS; i++) expected.addAll(List.of("2 work", "3 work", "1 rested " + i));
            assertThat(texts).isEqualTo(expected);
            // a phase's 40 ms of CPU lie between its begin and end markers
            TraceRecord begin = markers.get(0);
            TraceRecord end = markers.get(1);
            long cpuInside = periods.stream().filter(p -> p.start() >= begin.time() && p.end() <= end.time())
                    .mapToLong(p -> p.counter(source.counterIndex("task-clock"))).sum();
            assertThat(cpuInside).as(name + "'s CPU inside its first phase").isBetween(30_000_000L, 45_000_000L);
        }
        // main's markers around the threads' lives
        List<String> mainMarkers = new ArrayList<>();
        for (TraceRecord r : records) if (r.isMarker() && r.tid() == tids.get("main")) mainMarkers.add(r.text());
        assertThat(mainMarkers).containsExactly("start", "done");

        // each thread's CPU time as the trace counts it, against the JVM's own figure (ThreadMXBean, printed by the target)
        TraceStats stats = TraceStats.of(TraceDirectory.open(traceDir));
        Matcher cpu = Pattern.compile("cpu (\\w+) (\\d+)").matcher(run.stderr);
        int compared = 0;
        while (cpu.find()) {
            long jvm = Long.parseLong(cpu.group(2));
            TraceStats.Totals thread = stats.threads().stream().filter(t -> t.name().equals(cpu.group(1))).findFirst().orElseThrow();
            assertThat((double) thread.cpuTime()).as(cpu.group(1) + " CPU ns, trace vs ThreadMXBean " + jvm)
                    .isBetween(jvm * 0.95, jvm * 1.05);
            compared++;
        }
        assertThat(compared).isEqualTo(2);

        // the call tree of ping's "work" phases: the samples inside them, ping's methods alone
        Path cut = dir.resolve("ping-work.candor");
        CandorCli cutRun = CandorCli.run("trace", "cut", merged.toString(), "--thread", "ping", "--phase", "work", "-o", cut.toString());
        assertThat(cutRun.exitCode).as(cutRun.toString()).isZero();
        CandorCli cutReport = CandorCli.run("report", cut.toString(), "--format", "collapsed", "--value", "self_samples");
        assertThat(cutReport.exitCode).as(cutReport.toString()).isZero();
        long inPing = 0;
        long all = 0;
        long oneFrameSamples = 0;
        for (String line : cutReport.stdout.split("\n")) {
            long n = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            all += n;
            if (line.contains("TracedPhases.ping;")) inPing += n;
            // inside the phase: the phase's loop, ping or the markers' calls (or a walk that failed, a VM frame such
            // as [deopt] first, which collapsed stacks name bare); never pong or the sleep between phases
            String first = line.substring(0, line.indexOf(';') >= 0 ? line.indexOf(';') : line.lastIndexOf(' '));
            boolean vmFrame = first.startsWith("[vm].") || !first.contains(".");
            // or a walk that stopped at its first frame: AGCT in ping's native CPU-time call, now and then
            boolean oneFrame = line.indexOf(';') < 0;
            if (oneFrame) oneFrameSamples += n;
            if (!vmFrame && !oneFrame) assertThat(line).contains("TracedPhases.run");
            assertThat(line).doesNotContain("pong").doesNotContain("Thread.sleep");
        }
        // five phases of ~40 ms of CPU at 1 ms: ~200 samples, nearly all under ping()
        assertThat(all).as(cutReport.stdout).isBetween(150L, 230L);
        assertThat(inPing).as(cutReport.stdout).isGreaterThanOrEqualTo(all - 5);
        assertThat(oneFrameSamples).as(cutReport.stdout).isLessThanOrEqualTo(5);
        CandorCli cutText = CandorCli.run("report", cut.toString());
        assertThat(cutText.stdout).contains("Cut:        thread ping, phase work").contains("samples of a range of a traced run");

        CandorCli text = CandorCli.run("trace", "stats", traceDir.toString());
        assertThat(text.exitCode).as(text.toString()).isZero();
        assertThat(text.stdout).contains("ping").contains("pong").contains("main").contains(source.meta().switchesText());
        CandorCli dump = CandorCli.run("trace", "dump", merged.toString(), "--limit", "20");
        assertThat(dump.exitCode).as(dump.toString()).isZero();
        assertThat(dump.stdout.lines().count()).isBetween(10L, 25L);
    }

    @Test
    void aTraceIsRefusedWhereItCannotBeWritten() throws Exception {
        Path traceDir = dir.resolve("taken");
        Files.createDirectories(traceDir);
        Files.writeString(traceDir.resolve("meta"), "candor-trace\t1\t0\n");
        CandorCli taken = CandorCli.run("profile", "--mode", "sample", "--trace", traceDir.toString(), "-o",
                dir.resolve("x.candor").toString(), "--", CandorCli.JAVA, "-version");
        assertThat(taken.exitCode).isEqualTo(2);
        assertThat(taken.stderr.trim()).isEqualTo("candor: error: " + traceDir + " holds a trace already; choose another"
                + " directory for --trace");
    }

    /** A thread renamed while it runs: its periods before the rename carry its first name, those after its new one. */
    @Test
    void aThreadRenamedWhileItRunsHasBothNamesInTheTrace() throws Exception {
        Path traceDir = dir.resolve("renamed");
        CandorCli run = CandorCli.run("profile", "--mode", "sample", "--trace", traceDir.toString(), "-o",
                dir.resolve("renamed.candor").toString(), "--", CandorCli.JAVA, "-cp", TEST_CLASSES.toString(),
                "org.candor.cli.targets.RenamedThread");
        assertThat(run.exitCode).as(run.toString()).isZero();
        TraceSource source = TraceDirectory.open(traceDir);
        List<TraceRecord> records = new ArrayList<>();
        source.forEach(records::add);
        TraceRecord first = records.stream().filter(r -> r.isPeriod() && "loader".equals(source.meta().nameAt(r.tid(), r.time())))
                .findFirst().orElseThrow(() -> new AssertionError("no period named loader"));
        int tid = first.tid();
        long loader = 0;
        long server = 0;
        for (TraceRecord r : records) {
            if (!r.isPeriod() || r.tid() != tid) continue;
            String name = source.meta().nameAt(tid, r.time());
            if ("loader".equals(name)) loader += r.duration();
            else if ("server".equals(name)) server += r.duration();
        }
        // about 0.4 s as loader and 1.6 s as server; renames are looked for once a second, so up to 1 s more as loader
        assertThat(loader).as("time as loader").isBetween(300_000_000L, 1_600_000_000L);
        assertThat(server).as("time as server").isGreaterThan(400_000_000L);
        assertThat(source.meta().lastName(tid)).isEqualTo("server");
    }

    /** Instrumentation with a trace: the sampler runs beside the probes, so the trace has its ticks and stacks. */
    @Test
    void anInstrumentedRunWritesATraceToo() throws Exception {
        Path traceDir = dir.resolve("instrumented");
        Path snapshot = dir.resolve("instrumented.candor");
        String classpath = TEST_CLASSES + ":" + CandorCli.HOME.resolve("api/candor-api.jar");
        CandorCli plain = CandorCli.exec(List.of(CandorCli.JAVA, "-cp", classpath, MAIN, "" + ROUNDS));
        CandorCli run = CandorCli.run("profile", "--include", "org.candor.cli.targets", "--trace", traceDir.toString(),
                "-o", snapshot.toString(), "--", CandorCli.JAVA, "-cp", classpath, MAIN, "" + ROUNDS);
        assertThat(run.exitCode).as(run.toString()).isZero();
        assertThat(run.stdout).isEqualTo(plain.stdout);
        assertThat(run.stderr).contains("wrote trace " + traceDir);
        CandorCli report = CandorCli.run("report", snapshot.toString());
        assertThat(report.stdout).contains("Mode:       instrumentation").contains("Trace:      " + traceDir);

        TraceSource source = TraceDirectory.open(traceDir);
        List<TraceRecord> records = new ArrayList<>();
        source.forEach(records::add);
        long pingTicks = records.stream().filter(r -> r.isTick() && r.stackId() != 0
                && "ping".equals(source.meta().nameAt(r.tid(), r.time()))).count();
        long pingMarkers = records.stream().filter(r -> r.isMarker()
                && "ping".equals(source.meta().nameAt(r.tid(), r.time()))).count();
        // five phases of ~40 ms of CPU at 1 ms; begin, end and a marker a round
        assertThat(pingTicks).as("ping's ticks with their stacks").isBetween(150L, 260L);
        assertThat(pingMarkers).isEqualTo(3L * ROUNDS);
        Path cut = dir.resolve("instrumented-work.candor");
        CandorCli cutRun = CandorCli.run("trace", "cut", traceDir.toString(), "--thread", "ping", "--phase", "work",
                "-o", cut.toString());
        assertThat(cutRun.exitCode).as(cutRun.toString()).isZero();
        CandorCli cutReport = CandorCli.run("report", cut.toString(), "--format", "collapsed", "--value", "self_samples");
        assertThat(cutReport.stdout).contains("TracedPhases.ping").doesNotContain("pong");
    }

    @Test
    void aTracedRunsSnapshotReportsAsChromeTraceJson() throws Exception {
        Path traceDir = dir.resolve("chrome");
        Path snapshot = dir.resolve("chrome.candor");
        String classpath = TEST_CLASSES + ":" + CandorCli.HOME.resolve("api/candor-api.jar");
        CandorCli run = CandorCli.run("profile", "--mode", "sample", "--interval", "1ms", "--trace", traceDir.toString(),
                "-o", snapshot.toString(), "--", CandorCli.JAVA, "-cp", classpath, MAIN, "3");
        assertThat(run.exitCode).as(run.toString()).isZero();

        Path out = dir.resolve("chrome.json");
        CandorCli report = CandorCli.run("report", snapshot.toString(), "--format", "chrome-trace", "-o", out.toString());
        assertThat(report.exitCode).as(report.toString()).isZero();
        assertThat(report.stdout).isEmpty();
        // strict JSON, the schema, B and E balanced and every thread's duration events nested
        ChromeTraceJson json = ChromeTraceJson.check(Files.readAllBytes(out));
        Map<Long, String> names = json.threadNames();
        for (String name : List.of("ping", "pong")) {
            long tid = names.entrySet().stream().filter(e -> e.getValue().equals(name)).mapToLong(Map.Entry::getKey)
                    .findFirst().orElseThrow(() -> new AssertionError("no thread_name " + name + " in " + names));
            long markers = tid + org.candor.core.trace.ChromeTraceExporter.MARKER_TRACK;
            assertThat(names.get(markers)).isEqualTo(name + " (markers)");
            List<com.fasterxml.jackson.databind.JsonNode> periods = new ArrayList<>();
            List<String> phases = new ArrayList<>();
            List<com.fasterxml.jackson.databind.JsonNode> instants = new ArrayList<>();
            for (com.fasterxml.jackson.databind.JsonNode e : json.events) {
                String ph = e.get("ph").asText();
                long t = e.get("tid").asLong();
                if (t == tid && ph.equals("X")) periods.add(e);
                if (t == markers && (ph.equals("B") || ph.equals("E"))) phases.add(ph + " " + e.get("name").asText());
                if (t == markers && ph.equals("i")) instants.add(e);
            }
            assertThat(periods).as(name + "'s periods").hasSizeGreaterThan(30);
            assertThat(periods).anyMatch(e -> e.get("cat").asText().equals("blocked"))
                    .anyMatch(e -> !e.get("name").asText().equals(org.candor.core.trace.ChromeTraceExporter.NO_JAVA_FRAME));
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 3; i++) expected.addAll(List.of("B work", "E work"));
            assertThat(phases).as(name + "'s phases").isEqualTo(expected);
            // a directory's files are read one after the other: the events' order is not time order, their times are
            instants.sort(java.util.Comparator.comparing(e -> e.get("ts").decimalValue()));
            assertThat(instants).as(name + "'s markers").extracting(e -> e.get("name").asText())
                    .containsExactly("rested 0", "rested 1", "rested 2");
        }
        com.fasterxml.jackson.databind.JsonNode other = json.root.get("otherData");
        assertThat(other.get("unmatchedEnds").asLong()).isZero();
        assertThat(other.get("unclosedPhases").asLong()).isZero();
        assertThat(other.get("warnings").size()).isZero();
    }

    /**
     * More busy threads than CPUs (three on one, under taskset): the kernel takes turns, and the trace says each
     * thread was runnable but descheduled for about two thirds of its time; one busy thread alone on that CPU only as
     * long as other work on the machine takes that CPU (compared, not bounded: the machine may be busy).
     */
    @Test
    void anOversubscribedRunIsFlaggedDescheduledWhereTheKernelSaysItWas() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/taskset")), "needs taskset (util-linux)");
        double[] least = new double[4];
        for (int threads : new int[] {1, 3}) {
            Path traceDir = dir.resolve("busy" + threads);
            List<String> cmd = new ArrayList<>(List.of("/usr/bin/taskset", "-c", "0", CandorCli.JAVA, "-cp",
                    CandorCli.HOME.resolve("lib") + "/*", "org.candor.cli.Main", "profile", "--mode", "sample", "--interval",
                    "1ms", "--trace", traceDir.toString(), "-o", dir.resolve("busy" + threads + ".candor").toString(), "--",
                    CandorCli.JAVA, "-cp", TEST_CLASSES.toString(), "org.candor.cli.targets.Oversubscribed", "" + threads, "300"));
            CandorCli run = CandorCli.exec(cmd);
            assertThat(run.exitCode).as(run.toString()).isZero();
            TraceStats stats = TraceStats.of(TraceDirectory.open(traceDir));
            int busy = 0;
            least[threads] = 1;
            for (TraceStats.Totals t : stats.threads()) {
                if (!t.name().startsWith("busy-")) continue;
                busy++;
                assertThat(t.cpuTime()).as(t.name() + " CPU").isBetween(280_000_000L, 340_000_000L);
                least[threads] = Math.min(least[threads], (double) t.descheduledTime() / t.realTime());
            }
            assertThat(busy).isEqualTo(threads);
        }
        // three threads taking turns on a CPU wait two thirds of the time (more when other work shares it too)
        assertThat(least[3]).as("descheduled share of each of 3 threads on 1 CPU").isGreaterThan(0.4);
        assertThat(least[3] - least[1]).as("3 threads on 1 CPU against 1 alone (%.2f, %.2f)", least[3], least[1])
                .isGreaterThan(0.25);
    }
}
