package org.candor.core.imports;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.candor.core.model.Snapshot;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.testing.ByteMutator;
import org.candor.core.testing.FuzzChecks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged profiles of other tools, read as {@code candor report x.jfr|x.collapsed|x.pb.gz} reads them: imported, then
 * written as a text report and as pprof. Each mutant must import (and report), or be refused with a {@link
 * ProfileImportException} of one line; never any other exception, an Error, a hang, or an allocation sized by a length
 * the file claims. The seeds: a JFR recording the JDK made in this JVM, collapsed stacks in async-profiler's form, and
 * a pprof profile as Candor exports it, damaged inside its gzip stream (the protobuf itself) as well as outside.
 * Seeded: the same mutants every run.
 */
class ImportReaderFuzzTest {

    /** The budget, the same mutants every run; {@code -Dcandor.fuzz.mutants=N -Dcandor.fuzz.seed=S} explores further. */
    private static final int MUTANTS = Integer.getInteger("candor.fuzz.mutants", 1000);
    private static final long SEED = Long.getLong("candor.fuzz.seed", 20261128L);
    /** A reader may hold what the file really holds, a few times over; not what a damaged length claims. */
    private static final long MAX_ALLOCATION = 256L << 20;
    /** JFR mutants cost the JDK's parser a chunk each: one mutant in so many is a JFR one. */
    private static final int JFR_EVERY = 5;

    @TempDir Path tmp;

    @Test
    @Timeout(value = 600, unit = TimeUnit.SECONDS)
    void damagedImportsReadOrAreRefusedInOneLine() throws Exception {
        byte[] jfr = Files.readAllBytes(BusyRecording.record(tmp.resolve("seed.jfr"), 100_000_000L));
        byte[] collapsed = collapsedSeed();
        byte[] pprofInner = gunzip(pprofSeed());

        Random random = new Random(SEED);
        ByteMutator mutator = new ByteMutator(random);
        FuzzChecks.Tally tally = FuzzChecks.Tally.oneLine(ProfileImportException.class, MAX_ALLOCATION);
        int[] tried = new int[3];
        for (int i = 0; i < MUTANTS; i++) {
            int kind = i % JFR_EVERY == 0 ? 0 : 1 + random.nextInt(2);
            tried[kind]++;
            Path file;
            ByteMutator.Mutant m;
            ProfileFormat format;
            if (kind == 0) {
                m = mutator.mutate(jfr);
                file = Files.write(tmp.resolve("damaged.jfr"), m.bytes);
                format = ProfileFormat.JFR;
            } else if (kind == 1) {
                m = mutator.mutate(collapsed);
                file = Files.write(tmp.resolve("damaged.collapsed"), m.bytes);
                format = ProfileFormat.COLLAPSED;
            } else {
                m = mutator.mutate(pprofInner);
                // half damaged inside the stream (what the parser sees), half outside (what gzip sees)
                byte[] bytes = random.nextBoolean() ? gzip(m.bytes) : mutator.mutate(gzip(pprofInner)).bytes;
                file = Files.write(tmp.resolve("damaged.pb.gz"), bytes);
                format = ProfileFormat.PPROF;
            }
            tally.judge(format + ", " + m, () -> report(ProfileFiles.importSnapshot(file, format)));
        }
        System.out.printf("import fuzz: %d mutants tried (JFR %d, collapsed %d, pprof %d), %s%n", MUTANTS, tried[0],
                tried[1], tried[2], tally.counts());
        assertThat(tally.unexpected()).as("mutants that ended other than read or refused in one line").isEmpty();
        assertThat(tally.rejected()).as("the mutations reach the checks").isGreaterThan(MUTANTS / 10);
        assertThat(tally.accepted()).as("and the readers still read what stays readable").isGreaterThan(MUTANTS / 10);
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

    private static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(bytes);
        }
        return out.toByteArray();
    }

    private static byte[] gunzip(byte[] bytes) throws IOException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(bytes))) {
            return in.readAllBytes();
        }
    }


}
