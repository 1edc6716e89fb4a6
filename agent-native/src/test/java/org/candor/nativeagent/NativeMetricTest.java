package org.candor.nativeagent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.candor.nativeagent.ChildJvm.Child;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * metric=...: what NativeClock.ticks0() measures in a child JVM (the test copy of NativeClock and its driver), the
 * refusals, and the counters listing (the test copy of NativeCounters).
 */
class NativeMetricTest {
    private static final String DRIVER = "org.candor.probe.NativeClockDriver";
    private static final String COUNTERS = "org.candor.agent.counters.NativeCounters";
    private static final double MS = 1e6;
    private static final boolean HUGE_PAGES_ALWAYS = read("/sys/kernel/mm/transparent_hugepage/enabled").contains("[always]");
    private static final boolean NO_CPU_PMU = List.of("cpu", "cpu_core", "cpu_atom").stream()
            .noneMatch(name -> Files.isDirectory(Path.of("/sys/bus/event_source/devices", name)));

    @TempDir
    Path tmp;

    @Test
    void cpuMetricReadsTheThreadsCpuTime() throws Exception {
        Child child = metric(ChildJvm.JDK_HERE, "cpu");

        child.assertCleanExit();
        assertThat(child.intValue("source")).isEqualTo(3);
        assertThat(child.value("metric")).isEqualTo("cpu");
        assertSpinsCountAndSleepsDoNot(child);
        assertThat(child.value("stats")).isEmpty();
    }

    @Test
    void taskClockMetricReadsPerfTaskClock() throws Exception {
        Child child = metric(ChildJvm.JDK_HERE, "task-clock");

        child.assertCleanExit();
        assertThat(child.intValue("source")).isEqualTo(3);
        assertSpinsCountAndSleepsDoNot(child);
        assertThat(child.value("stats")).contains("counters.threads_failed=0");
    }

    @Test
    void pageFaultMetricCountsTheFaultsOfTouchingFreshMemory() throws Exception {
        Child child = metric(ChildJvm.JDK_HERE, "page-faults");

        child.assertCleanExit();
        assertThat(child.intValue("source")).isEqualTo(4);
        assertThat(child.value("metric")).isEqualTo("page-faults");
        long pages = (16 << 20) / 4096;
        assertThat(child.longValue("touchDelta")).isBetween(HUGE_PAGES_ALWAYS ? 8 : pages, pages + 2000);
        assertThat(child.longValue("idleDelta")).isZero();
        assertThat(child.longValue("sleepDelta")).isLessThan(100);
        // The new thread's counter is its own: it starts near 0 while main's count is in the thousands.
        assertThat(child.longValue("otherThreadFirst")).isBetween(0L, 200L);
        assertThat(child.longValue("mainNow")).isGreaterThan(child.longValue("touchDelta"));
        assertThat(child.value("stats")).contains("counters.threads_failed=0").contains("counters.read_failed=0")
                .containsPattern("counters\\.threads=[2-9]");
    }

    @Test
    void jdk25PrintsNoWarningWithACounter() throws Exception {
        assumeThat(ChildJvm.JDK_25).as("JDK 25 at %s", ChildJvm.JDK_25).isExecutable();
        Child child = metric(ChildJvm.JDK_25, "page-faults");

        child.assertCleanExit();
        assertThat(child.intValue("source")).isEqualTo(4);
    }

    @Test
    void anUnknownMetricStopsTheJvmWithOneLineAndExitCode2() throws Exception {
        Child child = run(List.of(ChildJvm.agent("=metric=cycels")), DRIVER, "metric");

        assertThat(child.exit()).isEqualTo(2);
        assertThat(child.err()).containsExactly("candor: native agent option 'metric' has bad value 'cycels' (known metrics: "
                + "wall, cpu, task-clock, page-faults, context-switches, instructions, cycles, cache-misses, branch-misses)");
        assertThat(child.out()).isEmpty();
    }

    @Test
    void aClockWithAPerThreadMetricIsRefused() throws Exception {
        Child child = run(List.of(ChildJvm.agent("=metric=cpu,clock=tsc")), DRIVER, "metric");

        assertThat(child.exit()).isEqualTo(2);
        assertThat(child.err()).containsExactly("candor: native agent option 'clock' only applies to metric=wall, not metric=cpu");
    }

    /** Without a PMU (this VM): one line saying why, exit code 2, the program never runs. With one: cycles count. */
    @Test
    void cyclesAreReadOrRefusedWithOneLine() throws Exception {
        Child child = metric(ChildJvm.JDK_HERE, "cycles");

        if (child.exit() == 0) {
            assertThat(NO_CPU_PMU).as("cycles readable without a CPU PMU under /sys/bus/event_source/devices").isFalse();
            child.assertCleanExit();
            assertThat(child.intValue("source")).isEqualTo(4);
            assertThat(child.longValue("spinDelta")).isGreaterThan(10_000_000L);
            return;
        }
        assertThat(child.exit()).isEqualTo(2);
        assertThat(child.out()).isEmpty();
        assertThat(child.err()).singleElement().asString()
                .startsWith("candor: metric=cycles cannot be read: ")
                .endsWith("; 'candor counters' lists the metrics this machine can read");
        if (NO_CPU_PMU) {
            assertThat(child.err().get(0)).contains("no hardware PMU on this machine (perf_event_open: ENOENT)");
        }
    }

    @Test
    void aPerThreadMetricCannotBeAttachedIntoARefusal() throws Exception {
        // metric= also works on attach; a refused one fails the attach, never the target.
        Child child = run(List.of("-Djdk.attach.allowAttachSelf=true"), DRIVER, "attach", ChildJvm.LIBRARY.toString(),
                "metric=cpu");

        assertThat(child.exit()).as("exit; stderr %s", child.err()).isZero();
        assertThat(child.intValue("source")).isEqualTo(3);
        assertThat(child.value("ticksAdvanced")).isEqualTo("true");
    }

    /** Prints the listing and the cost per read of every metric this machine can read; checks its consistency. */
    @Test
    void countersListEveryMetricAndMeasureTheReadable() throws Exception {
        Child child = run(List.of(ChildJvm.agent("=counters")), COUNTERS);

        child.assertCleanExit();
        List<String[]> rows = child.out().stream().filter(l -> l.startsWith("row="))
                .map(l -> l.substring(4).split("\t", -1)).toList();
        assertThat(rows).extracting(r -> r[0]).containsExactly("wall", "cpu", "task-clock", "page-faults",
                "context-switches", "instructions", "cycles", "cache-misses", "branch-misses");
        for (String[] r : rows) {
            assertThat(r).hasSize(6);
            assertThat(r[1]).isIn("ns", "events");
            boolean available = r[2].equals("available");
            assertThat(child.value("select." + r[0])).isEqualTo(Boolean.toString(available));
            assertThat(available ? r[3] : r[4]).as("read by / reason of %s", r[0]).isNotEmpty();
            if (available) {
                double cost = child.doubleValue("cost." + r[0]);
                assertThat(cost).isPositive().isLessThan(100_000);
                System.out.printf(Locale.ROOT, "[candor-native] metric %-16s %8.1f ns/read through JNI (%s)%n", r[0], cost, r[3]);
            } else {
                System.out.printf(Locale.ROOT, "[candor-native] metric %-16s unavailable: %s%n", r[0], r[4]);
            }
        }
        assertThat(rows.get(0)[2]).isEqualTo("available");
        assertThat(rows.get(1)[2]).isEqualTo("available");
        assertThat(child.longValue("delta.cpu")).as("cpu ns over 20 ms of CPU spinning").isBetween((long) (19 * MS), (long) (40 * MS));
        assertThat(child.longValue("delta.wall")).isPositive();
        if (NO_CPU_PMU) {
            assertThat(rows.subList(5, 9)).allSatisfy(r -> assertThat(r[4]).startsWith("no hardware PMU on this machine"));
        }
    }

    private static void assertSpinsCountAndSleepsDoNot(Child child) {
        assertThat(child.longValue("spinDelta")).as("ns of 50 ms of CPU spinning").isBetween((long) (49 * MS), (long) (70 * MS));
        assertThat(child.longValue("sleepDelta")).as("CPU ns of a 50 ms sleep").isBetween(0L, (long) (10 * MS));
    }

    private Child metric(Path java, String metric) throws Exception {
        return ChildJvm.run(tmp, java, List.of(ChildJvm.agent("=metric=" + metric)), DRIVER, "metric");
    }

    private Child run(List<String> jvmArgs, String mainClass, String... args) throws Exception {
        return ChildJvm.run(tmp, ChildJvm.JDK_HERE, jvmArgs, mainClass, args);
    }

    private static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException e) {
            return "";
        }
    }
}
