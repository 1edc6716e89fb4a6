package org.candor.core.imports;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.statistics.Statistics;
import org.candor.core.model.Snapshot;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.testing.DamageArbitraries;
import org.candor.core.testing.FuzzBudget;
import org.candor.core.testing.FuzzChecks;
import org.candor.core.testing.Mutant;
import org.candor.core.testing.TempDirs;

/**
 * Damaged profiles of other tools, read as {@code candor report x.jfr|x.collapsed|x.pb.gz} reads them: imported, then
 * written as a text report and as pprof. Each mutant must import (and report), or be refused with a {@link
 * ProfileImportException} of one line; never any other exception, an Error, a hang, or an allocation sized by a length
 * the file claims. The seeds: a JFR recording the JDK made in this JVM, collapsed stacks in async-profiler's form, and
 * a pprof profile as Candor exports it, damaged inside its gzip stream (the protobuf itself) as well as outside.
 * A jqwik property with a fixed seed: the same mutants every run, and a failure shrunk to the smallest damage that
 * still fails.
 */
class ImportReaderFuzzTest {

    /** A reader may hold what the file really holds, a few times over; not what a damaged length claims. */
    private static final long MAX_ALLOCATION = 256L << 20;
    /** The seeds' names, which say how a mutant is imported. */
    private static final String JFR = "recording.jfr";
    private static final String COLLAPSED = "stacks.collapsed";
    private static final String PPROF_INSIDE = "pprof, inside its gzip stream";
    private static final String PPROF_OUTSIDE = "pprof.pb.gz";

    private final FuzzChecks.Tally tally = FuzzChecks.Tally.oneLine(MAX_ALLOCATION, ProfileImportException.class)
            .expectOver(FuzzChecks.Verdict.REFUSED, 10, "the mutations reach the checks")
            .expectOver(FuzzChecks.Verdict.READ, 10, "and the readers still read what stays readable");
    private Path tmp;

    /** The budget: 1000 mutants, the same every run ({@link FuzzBudget} for more). */
    @Property(tries = 1000, seed = "20261128", edgeCases = EdgeCasesMode.NONE)
    @AddLifecycleHook(FuzzBudget.class)
    void damagedImportsReadOrAreRefusedInOneLine(@ForAll("mutants") Mutant mutant) throws IOException {
        Path file;
        ProfileFormat format;
        switch (mutant.seed) {
            case JFR:
                file = Files.write(tmp.resolve("damaged.jfr"), mutant.bytes);
                format = ProfileFormat.JFR;
                break;
            case COLLAPSED:
                file = Files.write(tmp.resolve("damaged.collapsed"), mutant.bytes);
                format = ProfileFormat.COLLAPSED;
                break;
            default: // the protobuf damaged is put back into a gzip stream, what the parser sees; else what gzip sees
                file = Files.write(tmp.resolve("damaged.pb.gz"),
                        mutant.seed.equals(PPROF_INSIDE) ? gzip(mutant.bytes) : mutant.bytes);
                format = ProfileFormat.PPROF;
        }
        Statistics.label("format").collect(format);
        tally.judge(() -> report(ProfileFiles.importSnapshot(file, format)));
    }

    /**
     * One of the seeds damaged. JFR mutants cost the JDK's parser a chunk each: one in five is a JFR one, two collapsed
     * stacks, and two pprof (half of them damaged inside the gzip stream, half outside).
     */
    @Provide
    Arbitrary<Mutant> mutants() throws Exception {
        tmp = Files.createTempDirectory("candor-import-fuzz");
        byte[] jfr = Files.readAllBytes(BusyRecording.record(tmp.resolve("seed.jfr"), 100_000_000L));
        byte[] pprofInner = gunzip(pprofSeed());
        return Arbitraries.frequencyOf(List.of(
                Tuple.of(2, DamageArbitraries.mutants(COLLAPSED, collapsedSeed())),
                Tuple.of(1, DamageArbitraries.mutants(PPROF_INSIDE, pprofInner)),
                Tuple.of(1, DamageArbitraries.mutants(PPROF_OUTSIDE, gzip(pprofInner))),
                Tuple.of(1, DamageArbitraries.mutants(JFR, jfr))));
    }

    @AfterProperty
    void removeFiles() throws IOException {
        TempDirs.delete(tmp);
    }

    /** What the report command does with an imported profile: the text report and an export, read in place. */
    private static void report(Snapshot s) throws IOException {
        SnapshotFile file = SnapshotFile.of(s);
        ReportFormat.TEXT.write(file, ReportOptions.defaults(), OutputStream.nullOutputStream());
        ReportFormat.PPROF.write(file, ReportOptions.defaults(), OutputStream.nullOutputStream());
    }

    /** async-profiler's collapsed form: thread frames, native and kernel frames, a lambda, counts large and small. */
    private static byte[] collapsedSeed() {
        return String.join("\n",
                "[main tid=1];java/lang/Thread.run;com/acme/Main.main;com/acme/Main.work_[j];java/lang/Math.sqrt_[i] 120",
                "[main tid=1];java/lang/Thread.run;com/acme/Main.main;com/acme/Main$$Lambda$14.0x0000000800c0b000.apply 7",
                "[worker-1 tid=12];java/lang/Thread.run;com/acme/Pool.loop;__libc_write;[k] ksys_write 3",
                "[worker-1 tid=12];java/lang/Thread.run;com/acme/Pool.loop;Unsafe_Park;[unknown] 9223372036854775",
                "com/acme/Untagged.run;com/acme/Untagged.step 1",
                "").getBytes(StandardCharsets.UTF_8);
    }

    /** Candor's own pprof export of a two-thread sampled profile. */
    private static byte[] pprofSeed() throws IOException {
        Snapshot s = PprofImportTest.sampled();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportFormat.PPROF.write(SnapshotFile.of(s), ReportOptions.defaults(), out);
        return out.toByteArray();
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] gunzip(byte[] bytes) throws IOException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
            return in.readAllBytes();
        }
    }


}
