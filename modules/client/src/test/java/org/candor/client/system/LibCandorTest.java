package org.candor.client.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.jna.Native;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.candor.client.ClientException;
import org.candor.client.ProfileSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** libcandor.so's C API through JNA in a plain JVM: the built library, no agent loaded. */
class LibCandorTest {

    static final Path LIBRARY = Path.of(System.getProperty("candor.native.lib", "target/native/libcandor.so"));

    @Test
    void listsEveryMetricTheOptionsKnowInTheirOrder() throws Exception {
        List<MetricStatus> metrics = LibCandor.load(LIBRARY).metrics();
        assertThat(metrics).extracting(MetricStatus::name).containsExactlyElementsOf(ProfileSettings.METRICS);
        assertThat(metrics).extracting(MetricStatus::kind).containsExactly("clock", "clock", "software", "software",
                "software", "hardware", "hardware", "hardware", "hardware");
        assertThat(metrics).allSatisfy(m -> {
            assertThat(m.unit()).isIn("ns", "events");
            assertThat(m.description()).isNotEmpty();
            assertThat(m.nanosPerRead()).as("not measured").isNull();
            assertThat(m.available() ? m.readBy() : m.reason()).isNotEmpty();
            assertThat(m.available() ? m.reason() : m.readBy()).isEmpty();
        });
        assertThat(metrics.get(1).readBy()).isEqualTo("clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    }

    @Test
    void theWallClockAndThePmuAgreeWithTheMetrics() throws Exception {
        LibCandor lib = LibCandor.load(LIBRARY);
        WallClock clock = lib.wallClock();
        assertThat(clock.reason()).isNotEmpty();
        assertThat(lib.metric("wall").readBy()).isEqualTo(clock.tsc() ? "rdtsc" : "clock_gettime(CLOCK_MONOTONIC)");
        assertThat(lib.cpuPmu()).isEqualTo(cpuPmuListed());
        if (!lib.cpuPmu()) {
            assertThat(lib.metric("cycles").available()).isFalse();
            assertThat(lib.metric("cycles").reason()).startsWith("no hardware PMU on this machine");
        }
        assertThat(lib.metric("cycels")).isNull();
    }

    @Test
    void measuresTheReadableMetricsOnTheCallingThread() throws Exception {
        List<MetricStatus> metrics = LibCandor.load(LIBRARY).measuredMetrics();
        for (MetricStatus m : metrics) {
            if (m.available()) {
                assertThat(m.nanosPerRead()).as(m.name()).isPositive().isLessThan(100_000.0);
            } else {
                assertThat(m.nanosPerRead()).as(m.name()).isNull();
            }
            System.out.printf("[LibCandorTest] %-16s %s%n", m.name(), m.available() ? m.nanosPerRead() + " ns/read by " + m.readBy()
                    : "unavailable: " + m.reason());
        }
        assertThat(metrics.get(0).nanosPerRead()).as("wall: rdtsc or the vDSO").isLessThan(1000.0);
    }

    @Test
    void loadsTheLibraryOnceWhateverItIsAskedHowOften() throws Exception {
        LibCandor a = LibCandor.load(LIBRARY);
        LibCandor b = LibCandor.load(LIBRARY);
        assertThat(a.metrics()).isEqualTo(b.metrics());
        long mapped;
        String real = LIBRARY.toRealPath().toString();
        try (Stream<String> maps = Files.lines(Path.of("/proc/self/maps"))) {
            mapped = maps.filter(l -> l.endsWith(real)).map(l -> l.split("\\s+")[4]).distinct().count();
        }
        assertThat(mapped).as("inodes of libcandor.so mapped into this JVM").isEqualTo(1);
        assertThat(Native.class.getProtectionDomain().getCodeSource().getLocation().getPath()).contains("jna");
    }

    @Test
    void aMissingOrForeignLibraryIsOneLine(@TempDir Path dir) throws Exception {
        Path none = dir.resolve("libcandor.so");
        assertThatThrownBy(() -> LibCandor.load(none)).isInstanceOf(ClientException.class)
                .hasMessage("there is no libcandor.so at " + none);
        Path notElf = Files.writeString(dir.resolve("libbroken.so"), "not a library");
        assertThatThrownBy(() -> LibCandor.load(notElf)).isInstanceOf(ClientException.class)
                .hasMessage("cannot load " + notElf + ": file too short");
        Path libm = Stream.of("/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6", "/lib64/libm.so.6")
                .map(Path::of).filter(Files::isRegularFile).findFirst().orElseThrow();
        assertThatThrownBy(() -> LibCandor.load(libm)).isInstanceOf(ClientException.class)
                .hasMessage("cannot load " + libm + ": it has no C API (built before it; rebuild agent-native)");
    }

    private static boolean cpuPmuListed() throws IOException {
        Path devices = Path.of("/sys/bus/event_source/devices");
        if (!Files.isDirectory(devices)) return false;
        try (Stream<Path> s = Files.list(devices)) {
            return s.map(p -> p.getFileName().toString())
                    .anyMatch(n -> n.equals("cpu") || n.startsWith("cpu_") || n.startsWith("armv") || n.startsWith("arm_cortex"));
        }
    }
}
