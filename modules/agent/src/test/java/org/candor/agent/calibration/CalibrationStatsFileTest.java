package org.candor.agent.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.candor.probe.Calibration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationStatsFileTest {

    @TempDir Path dir;

    @Test
    void minimaAndFingerprintSurviveTheRoundTrip() throws Exception {
        long[] minima = new long[Calibration.CATEGORIES];
        Arrays.fill(minima, Long.MAX_VALUE);
        minima[3] = 25;
        minima[200] = 77;
        long[] floors = new long[Calibration.CATEGORIES];
        floors[200] = 5;
        long[] counts = new long[Calibration.CATEGORIES];
        counts[3] = 1000;
        Path file = dir.resolve("sub/x.calstats");
        Map<String, String> fingerprint = CalibrationFingerprint.current();
        CalibrationStatsFile.write(file, fingerprint, "trainer", minima, floors, counts, 0.4);

        CalibrationStatsFile.Contents c = CalibrationStatsFile.read(file);
        assertThat(c.fingerprint).isEqualTo(fingerprint);
        assertThat(CalibrationFingerprint.difference(c.fingerprint, fingerprint)).isNull();
        assertThat(c.minima[3]).isEqualTo(25);
        assertThat(c.minima[200]).isEqualTo(77);
        assertThat(c.floors[200]).isEqualTo(5);
        assertThat(c.counts[3]).isEqualTo(1000);
        assertThat(c.minima[4]).isEqualTo(-1);
        assertThat(c.source).isEqualTo("trainer");
    }

    @Test
    void aMissingFileIsNoError() throws Exception {
        assertThat(CalibrationStatsFile.read(dir.resolve("none.calstats"))).isNull();
    }

    @Test
    void foreignCorruptAndFutureFilesGetOneLineNamingTheProblem() throws Exception {
        Path foreign = write("foreign", "<html>not this</html>");
        assertThatThrownBy(() -> CalibrationStatsFile.read(foreign))
                .hasMessageContaining(foreign.toString()).hasMessageContaining("is not a Candor calibration file");
        Path future = write("future", "candor-calibration 9");
        assertThatThrownBy(() -> CalibrationStatsFile.read(future)).hasMessageContaining("format version 9");
        Path corrupt = write("corrupt", "candor-calibration 1", "category 3 wrong-name 1 0 1");
        assertThatThrownBy(() -> CalibrationStatsFile.read(corrupt))
                .hasMessageContaining("is corrupt at line 2").hasMessageContaining(Calibration.categoryName(3));
        Path negative = write("negative", "candor-calibration 1", "category 3 " + Calibration.categoryName(3) + " -4 0 1");
        assertThatThrownBy(() -> CalibrationStatsFile.read(negative)).hasMessageContaining("negative");
        for (Path p : List.of(foreign, future, corrupt, negative)) {
            assertThat(new CalibrationFileException(p, "x").getMessage()).doesNotContain("\n");
        }
    }

    @Test
    void aVersionOneFileWasForProbesMeasuringEveryEvent() throws Exception {
        Map<String, String> here = CalibrationFingerprint.current();
        assertThat(here).containsEntry("measureevery", "16");
        List<String> lines = new java.util.ArrayList<>(List.of("candor-calibration 1"));
        here.forEach((k, v) -> { if (!k.equals("measureevery")) lines.add("fingerprint." + k + "=" + v); });
        lines.add("category 3 " + Calibration.categoryName(3) + " 25 0 100");
        Path old = write("old", lines.toArray(new String[0]));
        CalibrationStatsFile.Contents c = CalibrationStatsFile.read(old);
        assertThat(c.minima[3]).isEqualTo(25);
        assertThat(CalibrationFingerprint.difference(c.fingerprint, here)).isEqualTo("measureevery was '1', is '16'");
    }

    @Test
    void aFileFromAnotherSetupIsToldApartByItsFingerprint() {
        Map<String, String> here = CalibrationFingerprint.current();
        Map<String, String> there = new java.util.LinkedHashMap<>(here);
        there.put("cpu", "Some Other CPU");
        assertThat(CalibrationFingerprint.difference(there, here)).startsWith("cpu was 'Some Other CPU'");
    }

    @Test
    void onlyCodeChangingFlagsAreInTheFingerprint() {
        assertThat(CalibrationFingerprint.codeFlags(List.of("-Xmx2g", "-XX:+UseParallelGC", "-Djava.class.path=x",
                "-javaagent:a.jar", "-XX:CompileCommand=exclude,a::b", "-Xint", "-Xlog:gc")))
                .containsExactly("-XX:+UseParallelGC", "-Xint");
    }

    private Path write(String name, String... lines) throws Exception {
        Path p = dir.resolve(name + ".calstats");
        Files.write(p, List.of(lines), StandardCharsets.UTF_8);
        return p;
    }
}
