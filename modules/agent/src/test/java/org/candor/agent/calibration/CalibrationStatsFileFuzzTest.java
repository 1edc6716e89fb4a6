package org.candor.agent.calibration;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterProperty;
import org.candor.core.testing.Damage;
import org.candor.core.testing.DamageArbitraries;
import org.candor.core.testing.FuzzBudget;
import org.candor.core.testing.FuzzChecks;
import org.candor.core.testing.Mutant;
import org.candor.core.testing.TempDirs;
import org.candor.probe.Calibration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged calibration statistics files, made from one the agent writes: each must load, or be refused with a {@link
 * CalibrationFileException} of one line (which the agent prints as a warning before it calibrates from the run
 * alone); never another exception or an Error in the target's JVM as the agent starts. Half the mutants are the
 * bytes damaged ({@link DamageArbitraries}), half one field of one line set to a value at the edge of what the reader
 * checks. A jqwik property with a fixed seed: the same mutants every run, and a failure shrunk to the smallest damage
 * that still fails.
 */
class CalibrationStatsFileFuzzTest {

    private static final String[] EDGE_FIELDS = {"-1", "0", "255", "256", "2147483648", "9223372036854775807",
        "9223372036854775808", "99999999999999999999", "0x10", "1e3", "", "\u0000", "\u00FF", "category", "=",
        "int-En-int-Ex-int", "\uFFFD"};
    /** The reader reads at most 1 MiB; what it builds of that is a few times over, at most. */
    private static final long MAX_ALLOCATION = 64L << 20;

    /** Where the property's mutants are written, one after the other, by {@link #mutants()}. */
    private Path dir;
    private Path file;
    private final FuzzChecks.Tally tally = new FuzzChecks.Tally(
            msg -> msg.startsWith("calibration statistics file " + file + " ") && !msg.contains("\n") && !msg.contains("\r"),
            "that is not one line naming the file", MAX_ALLOCATION, CalibrationFileException.class)
            .expectOver(FuzzChecks.Verdict.REFUSED, 25, "the mutations reach the checks");

    /** The budget: 3000 mutants, the same every run ({@link FuzzBudget} for more). */
    @Property(tries = 3000, seed = "20240611", edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzBudget.class)
    void damagedFilesLoadOrAreRefusedInOneLine(@ForAll("mutants") Mutant mutant) throws IOException {
        Files.write(file, mutant.bytes);
        tally.judge(() -> CalibrationStatsFile.read(file));
    }

    /** A file the agent wrote, its bytes damaged or one field of one line set to an edge value. */
    @Provide
    Arbitrary<Mutant> mutants() throws IOException {
        dir = Files.createTempDirectory("candor-calstats-fuzz");
        file = dir.resolve("x.calstats");
        long[] minima = new long[Calibration.CATEGORIES];
        Arrays.fill(minima, Long.MAX_VALUE);
        long[] floors = new long[Calibration.CATEGORIES];
        long[] counts = new long[Calibration.CATEGORIES];
        for (int i : new int[] {3, 41, 109, 200, 255}) {
            minima[i] = 20 + i;
            floors[i] = i % 7;
            counts[i] = 1000L * i;
        }
        CalibrationStatsFile.write(file, CalibrationFingerprint.current(), "trainer", minima, floors, counts, 0.4);
        byte[] seed = Files.readAllBytes(file);
        return Arbitraries.oneOf(DamageArbitraries.mutants("written", seed), oneField(seed));
    }

    @AfterProperty
    void removeFiles() throws IOException {
        TempDirs.delete(dir);
    }

    /** One space-separated field (or the value after its '=') of one line replaced by an edge value. */
    private static Arbitrary<Mutant> oneField(byte[] seed) {
        List<String> lines = Arrays.asList(new String(seed, StandardCharsets.UTF_8).split("\n", -1));
        return Combinators.combine(DamageArbitraries.places(), DamageArbitraries.places(),
                DamageArbitraries.indices(EDGE_FIELDS.length), Arbitraries.of(false, true))
                .as((linePlace, fieldPlace, edge, afterEq) -> {
                    List<String> changed = new ArrayList<>(lines);
                    int l = Damage.offset(linePlace, lines.size());
                    String value = EDGE_FIELDS[edge];
                    String[] fields = lines.get(l).split(" ", -1);
                    int f = Damage.offset(fieldPlace, fields.length);
                    int eq = fields[f].indexOf('=');
                    fields[f] = eq >= 0 && afterEq ? fields[f].substring(0, eq + 1) + value : value;
                    changed.set(l, String.join(" ", fields));
                    return new Mutant("written", String.join("\n", changed).getBytes(StandardCharsets.UTF_8),
                            "line " + (l + 1) + " field " + f + " set to '" + Mutant.printable(value) + "'");
                });
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS) // it read a line of /dev/zero to an OutOfMemoryError at the agent's start
    void aDeviceOrALargeFileIsReadOnlyAsFarAsAFileCanBe(@TempDir Path dir) throws Exception {
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            // a device is refused before it is opened (a FIFO would block the program's start)
            assertThatThrownBy(() -> CalibrationStatsFile.read(zero)).isInstanceOf(CalibrationFileException.class)
                    .hasMessage("calibration statistics file /dev/zero is not a regular file");
        }
        Path large = dir.resolve("large.calstats");
        byte[] b = new byte[CalibrationStatsFile.MAX_BYTES + 10];
        Arrays.fill(b, (byte) '#');
        byte[] head = "candor-calibration 2\n".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(head, 0, b, 0, head.length);
        Files.write(large, b);
        assertThatThrownBy(() -> CalibrationStatsFile.read(large)).isInstanceOf(CalibrationFileException.class)
                .hasMessage("calibration statistics file " + large + " is corrupt: larger than 1 MiB, which no calibration"
                        + " statistics file is");
        Path latin1 = Files.write(dir.resolve("latin1.calstats"), "candor-calibration 2\nsource=trainer\u00E9\n"
                .getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> CalibrationStatsFile.read(latin1)).isInstanceOf(CalibrationFileException.class)
                .hasMessage("calibration statistics file " + latin1 + " is corrupt: not UTF-8 text");
    }
}
