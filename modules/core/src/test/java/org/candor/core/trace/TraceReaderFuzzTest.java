package org.candor.core.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterProperty;
import org.candor.core.testing.DamageArbitraries;
import org.candor.core.testing.FuzzBudget;
import org.candor.core.testing.FuzzChecks;
import org.candor.core.testing.Mutant;
import org.candor.core.testing.TempDirs;

/**
 * Damaged traces, made from a trace directory written by core's trace writer and the merged trace made of it, are
 * read as the trace commands and {@code candor report --format chrome-trace} read them: opened, every record read,
 * summed, merged, cut into a snapshot and exported as Chrome JSON. Each damaged per-CPU file, merged trace or meta file
 * must read (with warnings), or be refused with a {@link TraceFormatException} of one line; never any other exception,
 * an Error, a hang, or an allocation sized by a length the file claims. A jqwik property with a fixed seed: the same
 * mutants every run, and a failure shrunk to the smallest damage that still fails.
 */
class TraceReaderFuzzTest {

    private static final long MAX_ALLOCATION = 64L << 20;
    /** Cuts and merges of one mutant in so many. */
    private static final int WRITES_EVERY = 16;

    private final FuzzChecks.Tally tally = FuzzChecks.Tally.oneLine(MAX_ALLOCATION, TraceFormatException.class)
            .expectOver(FuzzChecks.Verdict.REFUSED, 10, "the mutations reach the checks");
    /** The fixture, written by {@link #mutants()}: its files by name, and what each held. */
    private Path tmp;
    private final Map<String, Path> targets = new LinkedHashMap<>();
    private final Map<String, byte[]> seeds = new LinkedHashMap<>();

    /** The budget: 3000 mutants, the same every run ({@link FuzzBudget} for more). */
    @Property(tries = 3000, seed = "20240611", edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzBudget.class)
    void damagedTracesReadOrAreRefusedInOneLine(@ForAll("mutants") Mutant mutant, @ForAll("writes") boolean writes)
            throws IOException {
        Path target = targets.get(mutant.seed);
        Files.write(target, mutant.bytes);
        try {
            boolean directory = !target.getFileName().toString().equals("run.ctrace");
            Path opened = directory ? target.getParent() : target;
            tally.judge(() -> read(opened, writes, directory, tmp));
        } finally {
            Files.write(target, seeds.get(mutant.seed)); // the next mutant's damage is the only one
        }
    }

    /** One of the files damaged: a per-CPU file or the meta of the directory, or the merged trace. */
    @Provide
    Arbitrary<Mutant> mutants() throws IOException {
        tmp = Files.createTempDirectory("candor-trace-fuzz");
        Path dir = TraceFixtures.directory(tmp.resolve("run.trace"), meta(), cpu(0), cpu(1));
        Path merged = tmp.resolve("run.ctrace");
        TraceMerge.merge(dir, merged);
        for (Path p : new Path[] {dir.resolve("cpu-0.ctrace"), dir.resolve("meta"), merged}) {
            targets.put(p.getFileName().toString(), p);
            seeds.put(p.getFileName().toString(), Files.readAllBytes(p));
        }
        return DamageArbitraries.mutants(seeds);
    }

    /** Whether this mutant is also cut and merged (one in {@link #WRITES_EVERY}: both write and sync a file). */
    @Provide
    Arbitrary<Boolean> writes() {
        return Arbitraries.frequency(List.of(Tuple.of(WRITES_EVERY - 1, false), Tuple.of(1, true)));
    }

    @AfterProperty
    void removeFixture() throws IOException {
        TempDirs.delete(tmp);
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
        out.sort(Comparator.comparingLong(TraceRecord::end));
        return out;
    }


}
