package org.candor.nativeagent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.candor.nativeagent.ChildJvm.Child;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts child JVMs with libcandor.so and checks what the test copy of org.candor.probe.NativeClock
 * reports there. The library path and the test classes come from surefire's system properties.
 */
class NativeAgentTest {
    private static final Path LIBRARY = ChildJvm.LIBRARY;
    private static final Path TEST_CLASSES = ChildJvm.TEST_CLASSES;
    private static final Path JDK_HERE = ChildJvm.JDK_HERE;
    private static final Path JDK_25 = ChildJvm.JDK_25;
    private static final String CLOCK = "org.candor.probe.NativeClock";
    private static final String DRIVER = "org.candor.probe.NativeClockDriver";
    private static final double MS = 1e6;
    static final String KNOWN_KEYS = "clock, verbose, metric, counters, sample, interval, depth, maxnodes, timer, perfsignal, wallthreads, session, trace";

    @TempDir
    Path tmp;

    @Test
    void defaultClockMatchesTheMachineAndMeasuresASleep() throws Exception {
        Child child = run(JDK_HERE, List.of(agent("")), CLOCK);

        child.assertCleanExit();
        assertExpectedAutoSource(child.intValue("source"));
        assertSleepMeasured(child);
        assertThat(child.value("orderedReadsInOrder")).isEqualTo("true");
    }

    @Test
    void jdk25PrintsNoWarning() throws Exception {
        assumeThat(JDK_25).as("JDK 25 at %s", JDK_25).isExecutable();
        Child child = run(JDK_25, List.of(agent("")), CLOCK);

        child.assertCleanExit();
        assertExpectedAutoSource(child.intValue("source"));
        assertSleepMeasured(child);
    }

    @Test
    void monotonicOptionSelectsClockMonotonic() throws Exception {
        Child child = run(JDK_HERE, List.of(agent("=clock=monotonic")), CLOCK);

        child.assertCleanExit();
        assertThat(child.intValue("source")).isEqualTo(2);
        assertSleepMeasured(child);
    }

    @Test
    void tscOptionUsesTheTscWhenInvariantAndWarnsOnceOtherwise() throws Exception {
        Child child = run(JDK_HERE, List.of(agent("=clock=tsc")), CLOCK);

        assertThat(child.exit()).isZero();
        if (Machine.X86 && Machine.CPUINFO_INVARIANT_TSC) {
            assertThat(child.err()).isEmpty();
            assertThat(child.intValue("source")).isEqualTo(1);
        } else if (!Machine.X86) {
            assertThat(child.err()).singleElement().asString().startsWith("candor: ").contains("clock=tsc");
            assertThat(child.intValue("source")).isEqualTo(2);
        }
        assertSleepMeasured(child);
    }

    @Test
    void verbosePrintsOneLineNamingTheClock() throws Exception {
        Child child = run(JDK_HERE, List.of(agent("=clock=auto,verbose")), CLOCK);

        assertThat(child.exit()).isZero();
        String name = child.intValue("source") == 1 ? "clock tsc (source 1): " : "clock monotonic (source 2): ";
        assertThat(child.err()).singleElement().asString().startsWith("candor: " + name);
    }

    @Test
    void unknownOptionStopsTheJvmWithOneLine() throws Exception {
        Child child = run(JDK_HERE, List.of(agent("=clock=auto,frobnicate=3")), CLOCK);

        assertThat(child.exit()).isNotZero();
        assertThat(child.err()).containsExactly(
                "candor: native agent option 'frobnicate' is unknown (known: " + KNOWN_KEYS + ")");
        assertThat(child.out()).noneMatch(line -> line.startsWith("source="));
    }

    @Test
    void badClockValueStopsTheJvmWithOneLine() throws Exception {
        Child child = run(JDK_HERE, List.of(agent("=clock=fast")), CLOCK);

        assertThat(child.exit()).isNotZero();
        assertThat(child.err()).singleElement().asString()
                .startsWith("candor: ").contains("'clock'").contains("'fast'");
    }

    @Test
    void bindsTheCopyOnTheBootClassPath() throws Exception {
        Child child = run(JDK_HERE, List.of(agent(""), "-Xbootclasspath/a:" + TEST_CLASSES), CLOCK);

        child.assertCleanExit();
        assertExpectedAutoSource(child.intValue("source"));
        assertSleepMeasured(child);
    }

    @Test
    void bindsEveryCopyWhileNoneIsInTheBootLoader() throws Exception {
        Child child = run(JDK_HERE, List.of(agent("=clock=monotonic")), DRIVER, "loaders", TEST_CLASSES.toString());

        child.assertCleanExit();
        assertThat(child.value("distinctCopy")).isEqualTo("true");
        assertThat(child.intValue("appSource")).isEqualTo(2);
        assertThat(child.intValue("copySource")).isEqualTo(2);
        assertThat(child.value("copyTicksNotBeforeApp")).isEqualTo("true");
    }

    @Test
    void dynamicAttachBindsAnAlreadyLoadedClass() throws Exception {
        assertAttachWorks(JDK_HERE, List.of("-Djdk.attach.allowAttachSelf=true"));
    }

    @Test
    void dynamicAttachOnJdk25() throws Exception {
        assumeThat(JDK_25).as("JDK 25 at %s", JDK_25).isExecutable();
        assertAttachWorks(JDK_25, List.of("-Djdk.attach.allowAttachSelf=true", "-XX:+EnableDynamicAgentLoading"));
    }

    @Test
    void exportsOnlyTheAgentEntryPointsAndTheCApi() throws Exception {
        ProcessBuilder nm = new ProcessBuilder("nm", "-D", "--defined-only", LIBRARY.toString());
        Child child = run(nm);
        assumeThat(child.exit()).as("nm available").isZero();

        assertThat(child.out().stream().map(line -> line.substring(line.lastIndexOf(' ') + 1)))
                .containsExactlyInAnyOrder("Agent_OnLoad", "Agent_OnAttach", "Agent_OnUnload", "candor_api_version",
                        "candor_metric_count", "candor_metric_name", "candor_metric_unit", "candor_metric_description",
                        "candor_metric_kind", "candor_metric_check", "candor_metric_read_cost", "candor_cpu_pmu",
                        "candor_wall_clock");
    }

    /** Prints, does not assert: the JNI cost of one ticks0() call, measured over 10M calls after warm-up. */
    @Test
    void measureTicksCallCost() throws Exception {
        for (Path java : List.of(JDK_HERE, JDK_25)) {
            if (!Files.isExecutable(java)) {
                continue;
            }
            Child child = run(java, List.of(agent("")), DRIVER, "bench");
            child.assertCleanExit();
            System.out.printf(Locale.ROOT,
                    "[candor-native] %s: ticks0() %.1f ns/call (min %.1f), System.nanoTime() %.1f ns/call, 10M calls, source %s%n",
                    java, child.doubleValue("ticksNsPerCallMedian"), child.doubleValue("ticksNsPerCallMin"),
                    child.doubleValue("nanoTimeNsPerCallMedian"), Machine.expectedAutoSource());
        }
    }

    private void assertAttachWorks(Path java, List<String> jvmArgs) throws Exception {
        Child child = run(java, jvmArgs, DRIVER, "attach", LIBRARY.toString(), "clock=auto");

        assertThat(child.exit()).as("exit; stderr %s", child.err()).isZero();
        assertThat(child.value("beforeAttach")).isEqualTo("unbound");
        assertThat(child.value("badOptions")).isEqualTo("rejected");
        // The rejected attach prints its one line; nothing else (no JVM warning) may appear.
        assertThat(child.err()).containsExactly("candor: native agent option 'bogus' is unknown (known: " + KNOWN_KEYS + ")");
        assertExpectedAutoSource(child.intValue("source"));
        assertThat(child.value("ticksAdvanced")).isEqualTo("true");
    }

    private static void assertExpectedAutoSource(int source) {
        assertThat(source).isIn(1, 2);
        Integer expected = Machine.expectedAutoSource();
        if (expected != null) {
            assertThat(source).as("source for %s", Machine.describe()).isEqualTo(expected);
        }
    }

    /** The 50 ms sleep, converted from ticks to ns with the rate the child measured, is ~50 ms and agrees with nanoTime. */
    private static void assertSleepMeasured(Child child) {
        int source = child.intValue("source");
        double ticksPerSecond = child.doubleValue("ticksPerSecond");
        long sleepTicks = child.longValue("sleepTicks");
        long sleepNanos = child.longValue("sleepNanos");

        if (source == 2) {
            assertThat(ticksPerSecond).as("CLOCK_MONOTONIC ticks are ns").isBetween(0.998e9, 1.002e9);
        } else {
            assertThat(ticksPerSecond).as("TSC rate").isBetween(2e8, 1e10);
        }
        double sleptNs = sleepTicks * 1e9 / ticksPerSecond;
        assertThat(sleepNanos).as("System.nanoTime around Thread.sleep(50)").isBetween(50_000_000L, 2_000_000_000L);
        assertThat(sleptNs).as("ticks of Thread.sleep(50) in ns").isBetween(49.5 * MS, 2000 * MS);
        // The ticks are read just outside the nanoTime pair, so they may only be a little longer.
        assertThat(sleptNs - sleepNanos).as("ticks vs nanoTime, ns").isBetween(-0.003 * sleepNanos, 0.003 * sleepNanos + 2 * MS);
    }

    private static String agent(String options) {
        return ChildJvm.agent(options);
    }

    private Child run(Path java, List<String> jvmArgs, String mainClass, String... args) throws Exception {
        return ChildJvm.run(tmp, java, jvmArgs, mainClass, args);
    }

    private Child run(ProcessBuilder builder) throws Exception {
        return ChildJvm.run(tmp, builder);
    }

    /** What this machine implies for the clock choice, from the same sources the library reads. */
    private static final class Machine {
        static final boolean X86 = Stream.of("amd64", "x86_64", "x86", "i386", "i686")
                .anyMatch(System.getProperty("os.arch")::equals);
        static final boolean CPUINFO_INVARIANT_TSC = cpuinfoInvariantTsc();
        static final String CLOCKSOURCE = read("/sys/devices/system/clocksource/clocksource0/current_clocksource").trim();

        /** 1 or 2, or null when only cpuid (which the test cannot read) can decide. */
        static Integer expectedAutoSource() {
            if (!X86 || !(CLOCKSOURCE.equals("tsc") || CLOCKSOURCE.equals("kvm-clock"))) {
                return 2;
            }
            return CPUINFO_INVARIANT_TSC ? 1 : null;
        }

        static String describe() {
            return "x86=" + X86 + ", cpuinfo invariant TSC=" + CPUINFO_INVARIANT_TSC + ", clocksource=" + CLOCKSOURCE;
        }

        private static boolean cpuinfoInvariantTsc() {
            return read("/proc/cpuinfo").lines()
                    .filter(line -> line.startsWith("flags"))
                    .findFirst()
                    .map(line -> List.of(line.substring(line.indexOf(':') + 1).trim().split("\\s+")))
                    .map(flags -> flags.contains("constant_tsc") && flags.contains("nonstop_tsc"))
                    .orElse(false);
        }

        private static String read(String path) {
            try {
                return Files.readString(Path.of(path));
            } catch (IOException e) {
                return "";
            }
        }
    }
}
