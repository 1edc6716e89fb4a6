package org.candor.agent.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.candor.core.testing.ByteMutator;
import org.candor.probe.Calibration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged calibration statistics files, made from one the agent writes: each must load, or be refused with a {@link
 * CalibrationFileException} of one line (which the agent prints as a warning before it calibrates from the run
 * alone); never another exception or an Error in the target's JVM as the agent starts. Half the mutants are the
 * bytes damaged ({@link ByteMutator}), half one field of one line set to a value at the edge of what the reader checks.
 * Seeded: the same mutants every run.
 */
class CalibrationStatsFileFuzzTest {

    /** The budget, the same mutants every run; {@code -Dcandor.fuzz.mutants=N -Dcandor.fuzz.seed=S} explores further. */
    private static final int MUTANTS = Integer.getInteger("candor.fuzz.mutants", 3000);
    private static final long SEED = Long.getLong("candor.fuzz.seed", 20240611L);

    private static final String[] EDGE_FIELDS = {"-1", "0", "255", "256", "2147483648", "9223372036854775807",
        "9223372036854775808", "99999999999999999999", "0x10", "1e3", "", "\u0000", "\u00FF", "category", "=",
        "int-En-int-Ex-int", "\uFFFD"};

    @TempDir Path dir;

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void damagedFilesLoadOrAreRefusedInOneLine() throws Exception {
        Path file = dir.resolve("x.calstats");
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

        Random random = new Random(SEED);
        ByteMutator mutator = new ByteMutator(random);
        int accepted = 0;
        int rejected = 0;
        List<String> unexpected = new ArrayList<>();
        for (int i = 0; i < MUTANTS; i++) {
            ByteMutator.Mutant m = random.nextBoolean() ? mutator.mutate(seed) : oneField(seed, random);
            Files.write(file, m.bytes);
            try {
                CalibrationStatsFile.read(file);
                accepted++;
            } catch (CalibrationFileException e) {
                rejected++;
                String msg = e.getMessage();
                if (!msg.startsWith("calibration statistics file " + file + " ") || msg.contains("\n") || msg.contains("\r")) {
                    unexpected.add(m + ": a message that is not one line naming the file: " + msg);
                }
            } catch (Throwable t) {
                unexpected.add(m + ": " + t + " at " + (t.getStackTrace().length > 0 ? t.getStackTrace()[0] : "?"));
            }
        }
        System.out.printf("calibration statistics file fuzz: %d mutants tried, %d accepted, %d rejected, %d unexpected%n",
                MUTANTS, accepted, rejected, unexpected.size());
        assertThat(unexpected).as("mutants that ended other than loaded or refused in one line").isEmpty();
        assertThat(rejected).as("the mutations reach the checks").isGreaterThan(MUTANTS / 4);
    }

    /** One whitespace-separated field (or the value after '=') of one line replaced by an edge value. */
    private static ByteMutator.Mutant oneField(byte[] seed, Random random) {
        List<String> lines = new ArrayList<>(Arrays.asList(new String(seed, StandardCharsets.UTF_8).split("\n", -1)));
        int l = random.nextInt(lines.size());
        String value = EDGE_FIELDS[random.nextInt(EDGE_FIELDS.length)];
        String line = lines.get(l);
        String[] fields = line.split(" ", -1);
        int f = random.nextInt(fields.length);
        int eq = fields[f].indexOf('=');
        fields[f] = eq >= 0 && random.nextBoolean() ? fields[f].substring(0, eq + 1) + value : value;
        lines.set(l, String.join(" ", fields));
        return new ByteMutator.Mutant(String.join("\n", lines).getBytes(StandardCharsets.UTF_8),
                "line " + (l + 1) + " field " + f + " set to '" + value + "'");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS) // it read a line of /dev/zero to an OutOfMemoryError at the agent's start
    void aDeviceOrALargeFileIsReadOnlyAsFarAsAFileCanBe() throws Exception {
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
