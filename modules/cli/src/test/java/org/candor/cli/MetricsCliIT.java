package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.candor.client.ProfileSettings;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** candor counters, and candor profile --metric: CPU time, page faults, and a counter this machine may not have. */
class MetricsCliIT {

    private static final String WORK = String.join("\n",
            "import java.nio.ByteBuffer;",
            "public class Work {",
            "    static long sink;",
            "    public static void main(String[] args) throws Exception {",
            "        for (int round = 0; round < 3; round++) { spin(60); sleepy(40); touchPages(32); small(); }",
            "        System.out.println(\"done\");",
            "    }",
            "    /** ms milliseconds of CPU time by the JVM's thread clock, however busy the machine; no new memory. */",
            "    static void spin(int ms) {",
            "        java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();",
            "        long until = t.getCurrentThreadCpuTime() + ms * 1_000_000L; long x = 0;",
            "        while (t.getCurrentThreadCpuTime() < until) x += x * 31 + 7;",
            "        sink += x;",
            "    }",
            "    static void sleepy(int ms) throws InterruptedException { Thread.sleep(ms); }",
            "    /** mib MiB of fresh memory, touched page by page. */",
            "    static void touchPages(int mib) {",
            "        ByteBuffer b = ByteBuffer.allocateDirect(mib << 20);",
            "        for (int i = 0; i < b.capacity(); i += 4096) b.put(i, (byte) 1);",
            "        sink += b.get(4096);",
            "    }",
            "    static void small() { for (int i = 0; i < 1000; i++) sink += Integer.toString(i).length(); }",
            "}", "");
    private static final long PAGES_TOUCHED = 3L * (32 << 20) / 4096;
    private static final boolean HUGE_PAGES_ALWAYS = read("/sys/kernel/mm/transparent_hugepage/enabled").contains("[always]");

    @TempDir static Path dir;
    static Path work;
    static CandorCli counters;

    @BeforeAll
    static void setUp() throws Exception {
        work = Files.writeString(dir.resolve("Work.java"), WORK);
        counters = CandorCli.run("counters");
    }

    @Test
    void countersListEveryMetricWithItsCostOrWhyNot() {
        assertThat(counters.exitCode).as(counters.toString()).isZero();
        assertThat(counters.stderr).isEmpty();
        List<String> lines = counters.stdout.lines().toList();
        assertThat(lines.get(0)).matches("metric +unit +ns/read +read by / why not");
        assertThat(lines.subList(1, lines.size())).extracting(l -> l.split(" +")[0])
                .containsExactlyElementsOf(ProfileSettings.METRICS);
        assertThat(row("wall")).matches("wall +ns +\\d+ +(rdtsc|clock_gettime\\(CLOCK_MONOTONIC\\))");
        assertThat(row("cpu")).matches("cpu +ns +\\d+ +clock_gettime\\(CLOCK_THREAD_CPUTIME_ID\\)");
        assertThat(row("page-faults")).matches("page-faults +events +(\\d+ +perf_event read\\(\\)|- +unavailable: .+)");
        for (String line : lines.subList(1, lines.size())) {
            assertThat(line).matches("[a-z-]+ +(ns|events) +(\\d+ +(rdtsc|clock_gettime|perf_event).*|- +unavailable: .+\\))");
        }
        System.out.print("[candor counters]\n" + counters.stdout);
    }

    @Test
    void cpuMetricMeasuresCpuTimeNotSleep() throws Exception {
        Path out = dir.resolve("cpu.candor");
        CandorCli r = profile("cpu", out);
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat(r.stdout).isEqualTo("done\n");
        Snapshot s = SnapshotReader.read(out);
        assertThat(s.info().get(SnapshotInfo.METRIC)).isEqualTo("cpu");
        assertThat(s.info().get(SnapshotInfo.METRIC_UNIT)).isEqualTo("ns");
        assertThat(s.metrics()).extracting(m -> m.key() + "/" + m.label() + "/" + m.unit())
                .containsExactly("calls/Calls/COUNT", "total_time/Total CPU time/NANOS", "self_time/Self CPU time/NANOS",
                        "raw_total_time/Raw total CPU time/NANOS", "raw_self_time/Raw self CPU time/NANOS");
        // 3 x 60 ms of CPU time by the JVM's clock (plus the first calls' class loading); 3 x 40 ms of sleep is not.
        assertThat(self(s, "spin")).isBetween(180_000_000L, 400_000_000L);
        assertThat(self(s, "sleepy")).isBetween(0L, 20_000_000L);
        CandorCli text = CandorCli.run("report", out.toString());
        assertThat(text.stdout).contains("Metric:     cpu (ns)").contains("Total CPU time").contains("Self CPU time");
    }

    @Test
    void pageFaultMetricCountsTheMethodThatTouchesMemory() throws Exception {
        assumeAvailable("page-faults");
        Path out = dir.resolve("faults.candor");
        CandorCli r = profile("page-faults", out);
        assertThat(r.exitCode).as(r.toString()).isZero();
        Snapshot s = SnapshotReader.read(out);
        assertThat(s.info().get(SnapshotInfo.METRIC)).isEqualTo("page-faults");
        assertThat(s.info().get(SnapshotInfo.METRIC_UNIT)).isEqualTo("events");
        assertThat(s.metrics()).extracting(m -> m.key() + "/" + m.label() + "/" + m.unit()).containsExactly(
                "calls/Calls/COUNT", "total_page_faults/Total page faults/COUNT", "self_page_faults/Self page faults/COUNT",
                "raw_total_page_faults/Raw total page faults/COUNT", "raw_self_page_faults/Raw self page faults/COUNT");
        long touch = self(s, "touchPages");
        long all = total(s, "main");
        assertThat(touch).isBetween(HUGE_PAGES_ALWAYS ? 3L * 16 : PAGES_TOUCHED, PAGES_TOUCHED + 5_000);
        assertThat(touch).as("touchPages' share of all faults under main").isGreaterThan(all * 9 / 10);
        assertThat(self(s, "spin")).isLessThan(100);
        assertThat(self(s, "sleepy")).isLessThan(100);
        assertThat(s.stat("counters.threads_failed")).isZero();
        assertThat(s.stat("counters.threads")).isPositive();

        CandorCli text = CandorCli.run("report", out.toString(), "--min-percent", "0");
        assertThat(text.exitCode).as(text.toString()).isZero();
        assertThat(text.stdout).contains("Metric:     page-faults (events)").contains("Hot spots: top 5 of 5 methods by Self page faults")
                .containsPattern("Total page faults +Self page faults +Calls +Method")
                .containsPattern(" " + touch + " +3 +Work\\.touchPages\\(int\\)")
                .doesNotContain(" ms ").doesNotContain(" µs ");
        CandorCli csv = CandorCli.run("report", out.toString(), "--format", "csv");
        assertThat(csv.stdout.lines().findFirst().orElseThrow())
                .isEqualTo("thread,thread_id,depth,path,class,method,descriptor,calls,total_page_faults,self_page_faults");
        CandorCli folded = CandorCli.run("report", out.toString(), "--format", "collapsed");
        assertThat(folded.stdout).contains("Work.main;Work.touchPages " + touch + "\n");
        CandorCli byTotal = CandorCli.run("report", out.toString(), "--value", "self");
        assertThat(byTotal.exitCode).as(byTotal.toString()).isZero();
    }

    /** Without a PMU (this VM): one clear line and exit code 2, nothing runs. With one: cycles are counted. */
    @Test
    void cyclesAreCountedOrRefusedWithOneLine() throws Exception {
        Path out = dir.resolve("cycles.candor");
        CandorCli r = profile("cycles", out);
        String row = row("cycles");
        if (row.contains(" unavailable: ")) {
            String reason = row.substring(row.indexOf("unavailable: ") + "unavailable: ".length());
            assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
            assertThat(r.stdout).isEmpty();
            assertThat(r.stderr).isEqualTo("candor: error: metric cycles cannot be read: " + reason
                    + "; 'candor counters' lists the metrics this machine can read\n");
            assertThat(Files.exists(out)).isFalse();
        } else {
            assertThat(r.exitCode).as(r.toString()).isZero();
            Snapshot s = SnapshotReader.read(out);
            assertThat(s.info().get(SnapshotInfo.METRIC_UNIT)).isEqualTo("events");
            assertThat(self(s, "spin")).isGreaterThan(10_000_000L);
        }
    }

    @Test
    void anUnknownMetricIsOneLine() throws Exception {
        CandorCli r = CandorCli.run("profile", "--metric", "cycels", "-o", dir.resolve("x.candor").toString(), "--",
                CandorCli.JAVA, "-version");
        assertThat(r.exitCode).isEqualTo(2);
        assertThat(r.stderr).isEqualTo("candor: error: unknown metric 'cycels' (known: "
                + String.join(", ", ProfileSettings.METRICS) + ")\n");
    }

    @Test
    void wallTimeCanBeTakenFromClockMonotonic() throws Exception {
        Path out = dir.resolve("monotonic.candor");
        CandorCli r = CandorCli.run("profile", "--metric", "wall", "--clock", "monotonic", "--include", "Work", "-o",
                out.toString(), "--", CandorCli.JAVA, work.toString());
        assertThat(r.exitCode).as(r.toString()).isZero();
        Snapshot s = SnapshotReader.read(out);
        assertThat(s.info().get(SnapshotInfo.CLOCK)).isEqualTo("monotonic");
        assertThat(s.info().get(SnapshotInfo.METRIC)).isEqualTo("wall");
        assertThat(self(s, "sleepy")).as("wall time of 3 x 40 ms of sleep").isGreaterThan(120_000_000L);
        CandorCli both = CandorCli.run("profile", "--metric", "cpu", "--clock", "tsc", "-o", out.toString(), "--",
                CandorCli.JAVA, "-version");
        assertThat(both.exitCode).isEqualTo(2);
        assertThat(both.stderr).isEqualTo("candor: error: --clock applies to --metric wall in --mode instrument\n");
    }

    private static CandorCli profile(String metric, Path out) throws Exception {
        return CandorCli.run("profile", "--metric", metric, "--include", "Work", "-o", out.toString(), "--",
                CandorCli.JAVA, work.toString());
    }

    private static String row(String metric) {
        return counters.stdout.lines().filter(l -> l.startsWith(metric + " ")).findFirst().orElseThrow();
    }

    private static void assumeAvailable(String metric) {
        org.assertj.core.api.Assumptions.assumeThat(row(metric)).as("%s readable here", metric).doesNotContain("unavailable");
    }

    private static long self(Snapshot s, String method) {
        return sum(s, method, s.metricIndex(s.metrics().get(2).key()));
    }

    private static long total(Snapshot s, String method) {
        return sum(s, method, s.metricIndex(s.metrics().get(1).key()));
    }

    /** The value summed over the method's nodes in the main thread. */
    private static long sum(Snapshot s, String method, int metric) {
        ThreadProfile main = s.threads().stream().filter(t -> t.name().equals("main")).findFirst().orElseThrow();
        long sum = 0;
        java.util.ArrayDeque<CallNode> todo = new java.util.ArrayDeque<>(main.root().children());
        while (!todo.isEmpty()) {
            CallNode n = todo.pop();
            if (s.methods().get(n.methodId()).name().equals(method)) sum += n.value(metric);
            todo.addAll(n.children());
        }
        return sum;
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
