package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.candor.core.testing.ByteMutator;
import org.candor.core.testing.FuzzChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged traces, made from a trace directory written by core's trace writer and the merged trace made of it, are
 * read as the trace commands and {@code candor report --format chrome-trace} read them: opened, every record read,
 * summed, merged, cut into a snapshot and exported as Chrome JSON. Each damaged per-CPU file, merged trace or meta file
 * must read (with warnings), or be refused with a {@link TraceFormatException} of one line; never any other exception,
 * an Error, a hang, or an allocation sized by a length the file claims. Seeded: the same mutants every run.
 */
class TraceReaderFuzzTest {

    /** The budget, the same mutants every run; {@code -Dcandor.fuzz.mutants=N -Dcandor.fuzz.seed=S} explores further. */
    private static final int MUTANTS = Integer.getInteger("candor.fuzz.mutants", 3000);
    private static final long SEED = Long.getLong("candor.fuzz.seed", 20240611L);
    private static final long MAX_ALLOCATION = 64L << 20;
    /** Cuts and merges of one mutant in so many. */
    private static final int WRITES_EVERY = 16;

    @TempDir Path tmp;

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void damagedTracesReadOrAreRefusedInOneLine() throws Exception {
        Path dir = TraceFixtures.directory(tmp.resolve("run.trace"), meta(), cpu(0), cpu(1));
        Path merged = tmp.resolve("run.ctrace");
        TraceMerge.merge(dir, merged);
        Path[] targets = {dir.resolve("cpu-0.ctrace"), dir.resolve("meta"), merged};
        byte[][] seeds = new byte[targets.length][];
        for (int i = 0; i < targets.length; i++) seeds[i] = Files.readAllBytes(targets[i]);

        Random random = new Random(SEED);
        ByteMutator mutator = new ByteMutator(random);
        FuzzChecks.Tally tally = FuzzChecks.Tally.oneLine(TraceFormatException.class, MAX_ALLOCATION);
        int damaged = -1; // the one file a mutant is in; put back when the next mutant is in another
        for (int i = 0; i < MUTANTS; i++) {
            int t = random.nextInt(targets.length);
            if (damaged >= 0 && damaged != t) Files.write(targets[damaged], seeds[damaged]);
            ByteMutator.Mutant m = mutator.mutate(seeds[t]);
            Files.write(targets[t], m.bytes);
            damaged = t;
            Path opened = t == 2 ? merged : dir;
            boolean writes = i % WRITES_EVERY == 0;
            boolean directory = t != 2;
            tally.judge(targets[t].getFileName() + ", " + m, () -> read(opened, writes, directory, tmp));
        }
        System.out.printf("trace reader fuzz: %d mutants tried, %s%n", MUTANTS, tally.counts());
        assertThat(tally.unexpected()).as("mutants that ended other than read or refused in one line").isEmpty();
        assertThat(tally.rejected()).as("the mutations reach the checks").isGreaterThan(MUTANTS / 10);
    }

    /**
     * Opens the trace and reads it every way the command line does; with {@code writes}, also cuts it into a snapshot
     * and merges a directory (both write a file to the disk and sync it, so only every few mutants: the budget).
     */
    private static void read(Path trace, boolean writes, boolean directory, Path tmp) throws Exception {
        TraceSource source = TraceDirectory.open(trace);
        source.forEach(r -> r.end());
        source.firstTime();
        TraceStats.of(source);
        ChromeTraceExporter.export(source, OutputStream.nullOutputStream());
        if (writes) {
            TraceCut.write(source, TraceRange.all(), tmp.resolve("cut.candor"));
            if (directory) {
                TraceMerge.merge(trace, tmp.resolve("remerged.ctrace"));
                TraceDirectory.open(tmp.resolve("remerged.ctrace")).forEach(r -> r.end());
            }
        }
        source.warnings().forEach(w -> {
            if (w.contains("\n")) throw new AssertionError("a warning of more than one line: " + w);
        });
    }

    /** The fixtures' meta with stacks, so that cuts and timelines have call paths to build. */
    private static TraceMeta meta() {
        return new TraceMeta.Builder().runId(TraceFixtures.RUN).pid(4242).clock("monotonic", 1_000_000_000L)
                .interval(1_000_000).cpus(2).standardCounters()
                .thread(100, 0, 1, "main").thread(200, 0, 12, "worker-1").thread(200, 5_000, 12, "worker-renamed")
                .method(7, "Lcom/acme/Foo;", "run", "()V").method(8, "Lcom/acme/Foo;", "step", "(I)J")
                .method(9, "[vm]", "Interpreter", "").stack(1, 0, 7).stack(2, 1, 8).stack(3, 2, 9)
                .dropped(3).end(1_000_000).build();
    }

    /** Periods of two threads with stacks, phase and GC markers, a point marker, ordered by end as a writer leaves them. */
    private static List<TraceRecord> cpu(int cpu) {
        List<TraceRecord> out = new ArrayList<>();
        int tid = cpu == 0 ? 100 : 200;
        out.add(TraceRecord.marker(TraceFormat.MARKER_PHASE_BEGIN, tid, 1_000 + cpu, cpu, "load"));
        for (int i = 0; i < 12; i++) {
            int flags = TraceFormat.FLAG_TICK | (i == 0 ? TraceFormat.FLAG_FIRST : 0) | (i == 11 ? TraceFormat.FLAG_LAST : 0);
            out.add(TraceRecord.period(flags, i % 3 == 0 ? -tid : tid, 2_000 + i * 10_000L, 9_000, 7 + i % 3, 1 + i % 3,
                    cpu, cpu, new long[] {8_000, i % 2, 1, 0}));
        }
        out.add(TraceRecord.marker(TraceFormat.MARKER_GC_BEGIN, 0, 50_000, cpu, ""));
        out.add(TraceRecord.marker(TraceFormat.MARKER_GC_END, 0, 52_000, cpu, ""));
        out.add(TraceRecord.marker(TraceFormat.MARKER_POINT, tid, 60_000, cpu, "checkpoint \"a\""));
        out.add(TraceRecord.marker(TraceFormat.MARKER_PHASE_END, tid, 130_000, cpu, "load"));
        out.sort(java.util.Comparator.comparingLong(TraceRecord::end));
        return out;
    }


}
