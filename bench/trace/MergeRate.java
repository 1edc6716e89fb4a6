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
 *   java -cp candor-core.jar:. MergeRate RECORDS CPUS ROUNDS DIR
 */
public final class MergeRate {

    public static void main(String[] args) throws Exception {
        long records = Long.parseLong(args[0]);
        int cpus = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        Path dir = Path.of(args[3]);
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
        Path out = dir.resolve("merged.ctrace");
        Path copy = dir.resolve("copied.bin");
        for (int r = 0; r < rounds; r++) {
            // alternating, so that both see the same state of the page cache and the machine
            long t0 = System.nanoTime();
            TraceMerge.Result result = TraceMerge.merge(trace, out);
            merge[r] = (System.nanoTime() - t0) / 1e9;
            if (result.records() != records) throw new IllegalStateException("merged " + result.records() + " of " + records);
            long t1 = System.nanoTime();
            concatenate(files, copy);
            floor[r] = (System.nanoTime() - t1) / 1e9;
            System.out.printf(Locale.ROOT, "round %d: merge %.3f s (%.2f M records/s), floor (copy the bytes, synced) %.3f s%n",
                    r + 1, merge[r], records / merge[r] / 1e6, floor[r]);
        }
        double m = median(merge);
        double f = median(floor);
        System.out.printf(Locale.ROOT, "median: merge %.3f s = %.2f M records/s (goal >= 5 M/s: %s); floor %.3f s = %.2f M records/s;"
                + " merge / floor %.2fx%n", m, records / m / 1e6, records / m >= 5e6 ? "PASS" : "FAIL", f, records / f / 1e6, m / f);
        Files.deleteIfExists(out);
        Files.deleteIfExists(copy);
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
