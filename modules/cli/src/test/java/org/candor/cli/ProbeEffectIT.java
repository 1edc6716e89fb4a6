package org.candor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probes' effect measured in the program itself (core's ProbeEffect): a real run whose only trivial method is
 * {@code Repeats.step} ({@code sum += i}: six instructions, no calls), its calls and self time counted by the agent,
 * and each hot spot's estimate beside its self time in the report.
 */
class ProbeEffectIT {

    @TempDir Path dir;

    @Test
    void theTrivialMethodsCallsAreCountedAndEveryHotSpotShowsItsEstimate() throws Exception {
        Path out = dir.resolve("repeats.candor");
        CandorCli r = CandorCli.run("profile", "--include", "org.candor.cli.targets.**", "-o", out.toString(), "--",
                CandorCli.JAVA, "-cp", CompareIT.TEST_CLASSES.toString(), CompareIT.MAIN, "200000");
        assertThat(r.exitCode).as(r.toString()).isZero();
        CandorCli report = CandorCli.run("report", out.toString());
        assertThat(report.exitCode).as(report.toString()).isZero();
        List<String> lines = report.stdout.lines().toList();
        assertThat(lines).contains("  probe_effect.trivial_methods   1", "  probe_effect.trivial_calls     200000");
        assertThat(lines).anyMatch(l -> l.matches("  probe_effect\\.trivial_self\\s+[1-9]\\d*"));

        List<String> hotSpots = lines.subList(lines.indexOf(lines.stream().filter(l -> l.startsWith("Hot spots:"))
                .findFirst().orElseThrow()) + 1, lines.size());
        List<String> header = List.of(hotSpots.get(0).trim().split("\\s{2,}"));
        assertThat(header).containsExactly("Self time", "Percent", "Total time", "Calls", "Probe effect (est.)", "Method");
        String[] step = row(hotSpots, CompareIT.MAIN + ".step(int)");
        // the trivial method's own time is all effect: its calls times what its calls showed
        assertThat(step[4]).isEqualTo(step[0]);
        assertThat(step[3]).isEqualTo("200000");
        String[] main = row(hotSpots, CompareIT.MAIN + ".main(String[])");
        assertThat(main[4]).as("one call's worth").matches("\\d+ ns");
    }

    private static String[] row(List<String> hotSpots, String method) {
        String line = hotSpots.stream().filter(l -> l.endsWith("  " + method)).findFirst().orElseThrow();
        return line.trim().split("\\s{2,}");
    }
}
