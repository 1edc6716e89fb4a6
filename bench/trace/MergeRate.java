import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.candor.core.trace.TraceFileWriter;
import org.candor.core.trace.TraceFormat;
import org.candor.core.trace.TraceMerge;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceRecord;

/**
 * How fast `candor trace merge` orders a trace (core's TraceMerge), against the physical floor measured in the same
 * run: copying the same bytes from the per-CPU files into one file with no reading of records at all (what any merge
 * must at least do). The trace is generated as the agent writes one: per CPU, records in the order their periods end,
 * threads interleaved, periods of jittered lengths, so the files are not in start order.
 *
 * With a baseline (another build's candor-core.jar, e.g. the one before a change), each round also merges with that
 * build's TraceMerge, the order of the two merges alternating from round to round, and the ratio of each round's two
 * times is printed: a change judged on one noisy machine in one run.
 *
 *   java -cp candor-core.jar:. MergeRate RECORDS CPUS ROUNDS DIR [BASELINE_JAR]
 */
public final class MergeRate {

    public static void main(String[] args) throws Exception {
        long records = Long.parseLong(args[0]);
        int cpus = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Path dir = Path.of(args[3]);
        Merger baseline = args.length > 4 ? Merger.of(Path.of(args[4])) : null;
        Path trace = dir.resolve("merge-" + records + ".trace");
        if (!Files.isRegularFile(trace.resolve("meta"))) generate(trace, records, cpus);
        long bytes = 0;
        List<Path> files = new ArrayList<>();
        try (var s = Files.list(trace)) {
            for (Path f : (Iterable<Path>) s::iterator) {
                if (f.getFileName().toString().endsWith(".ctrace")) {
                    files.add(f);
                    bytes += Files.size(f);
                }
            }
        }
        System.out.printf(Locale.ROOT, "trace: %,d records on %d CPU files, %,d bytes (%.1f bytes a record)%n", records, cpus,
                bytes, (double) bytes / records);
        double[] merge = new double[rounds];
        double[] floor = new double[rounds];
        double[] base = new double[rounds];
        double[] ratio = new double[rounds];
        Path out = dir.resolve("merged.ctrace");
        Path baseOut = dir.resolve("merged-baseline.ctrace");
        Path copy = dir.resolve("copied.bin");
        for (int r = 0; r < rounds; r++) {
            // alternating, so that all see the same state of the page cache and the machine
            if (baseline != null && r % 2 == 1) base[r] = baseline.time(trace, baseOut, records);
            merge[r] = time(TraceMerge::merge, trace, out, records);
            if (baseline != null && r % 2 == 0) base[r] = baseline.time(trace, baseOut, records);
            long t1 = System.nanoTime();
            concatenate(files, copy);
            floor[r] = (System.nanoTime() - t1) / 1e9;
            System.out.printf(Locale.ROOT, "round %d: merge %.3f s (%.2f M records/s), floor (copy the bytes, synced) %.3f s",
                    r + 1, merge[r], records / merge[r] / 1e6, floor[r]);
            if (baseline != null) {
                ratio[r] = base[r] / merge[r];
                System.out.printf(Locale.ROOT, ", baseline %.3f s (%.2f M records/s), baseline / merge %.2fx%s", base[r],
                        records / base[r] / 1e6, ratio[r], Files.mismatch(out, baseOut) == -1 ? "" : " OUTPUTS DIFFER");
            }
            System.out.println();
        }
        double m = median(merge);
        double f = median(floor);
        System.out.printf(Locale.ROOT, "median: merge %.3f s = %.2f M records/s (goal >= 5 M/s: %s); floor %.3f s = %.2f M records/s;"
                + " merge / floor %.2fx%n", m, records / m / 1e6, records / m >= 5e6 ? "PASS" : "FAIL", f, records / f / 1e6, m / f);
        if (baseline != null) {
            double b = median(base);
            System.out.printf(Locale.ROOT, "median: baseline %.3f s = %.2f M records/s; baseline / merge %.2fx (per round, median)%n",
                    b, records / b / 1e6, median(ratio));
        }
        Files.deleteIfExists(out);
        Files.deleteIfExists(baseOut);
        Files.deleteIfExists(copy);
    }

    /** A TraceMerge.merge. */
    interface Merge {
        Object merge(Path dir, Path out) throws Exception;
    }

    /** Seconds one merge took, its record count checked. */
    static double time(Merge merge, Path trace, Path out, long records) throws Exception {
        long t0 = System.nanoTime();
        Object result = merge.merge(trace, out);
        double seconds = (System.nanoTime() - t0) / 1e9;
        long merged = (long) result.getClass().getMethod("records").invoke(result);
        if (merged != records) throw new IllegalStateException("merged " + merged + " of " + records);
        return seconds;
    }

    /** Another build's TraceMerge, loaded from its candor-core.jar apart from this one's. */
    static final class Merger {
        private final java.lang.reflect.Method merge;

        private Merger(java.lang.reflect.Method merge) { this.merge = merge; }

        static Merger of(Path jar) throws Exception {
            ClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {jar.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            Class<?> c = Class.forName("org.candor.core.trace.TraceMerge", true, loader);
            return new Merger(c.getMethod("merge", Path.class, Path.class));
        }

        double time(Path trace, Path out, long records) throws Exception {
            return MergeRate.time((d, o) -> {
                try {
                    return merge.invoke(null, d, o);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw (Exception) e.getCause();
                }
            }, trace, out, records);
        }
    }

    /** The floor: every byte read and written once, and the result forced to disk as the merge's commit does. */
    static void concatenate(List<Path> files, Path target) throws IOException {
        try (FileChannel out = FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (Path f : files) {
                try (FileChannel in = FileChannel.open(f)) {
                    long pos = 0;
                    long size = in.size();
                    while (pos < size) pos += in.transferTo(pos, size - pos, out);
                }
            }
            out.force(true);
        }
    }

    static void generate(Path trace, long records, int cpus) throws IOException {
        Files.createDirectories(trace);
        int threads = cpus * 4;
        TraceMeta.Builder meta = new TraceMeta.Builder().runId(1).pid(1).clock("monotonic", 1_000_000_000L)
                .interval(1_000_000).cpus(cpus).standardCounters();
        for (int t = 0; t < threads; t++) meta.thread(1000 + t, 0, t + 1, "worker-" + t);
        meta.method(1, "Lbench/Work;", "run", "()V");
        Files.writeString(trace.resolve("meta"), meta.build().toText());
        Random random = new Random(42);
        long[] clock = new long[threads];
        TraceFileWriter[] writers = new TraceFileWriter[cpus];
        for (int c = 0; c < cpus; c++) writers[c] = TraceFileWriter.create(trace.resolve("cpu-" + c + ".ctrace"), c, 4, 1);
        long[] counters = new long[4];
        for (long i = 0; i < records; i++) {
            // the thread whose period ends next writes it: ends ascend per CPU, starts do not
            int t = (int) (i % threads);
            long duration = 500_000 + random.nextInt(1_000_000);
            int cpu = random.nextInt(cpus);
            counters[0] = duration - random.nextInt(100_000);
            writers[cpu].write(TraceRecord.period(TraceFormat.FLAG_TICK, 1000 + t, clock[t], duration, 1, 0, cpu, cpu, counters));
            clock[t] += duration;
        }
        for (TraceFileWriter w : writers) {
            w.commit();
            w.close();
        }
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }
}
