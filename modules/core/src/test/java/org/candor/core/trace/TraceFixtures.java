package org.candor.core.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Trace directories and files for tests, written by the Java writer. */
final class TraceFixtures {

    static final long RUN = 0x9E3779B97F4A7C15L; // above Long.MAX_VALUE: the run id is a u64

    private TraceFixtures() {}

    /** The 1.0 counters, two threads, two methods. */
    static TraceMeta meta() {
        return new TraceMeta.Builder().runId(RUN).pid(4242).clock("monotonic", 1_000_000_000L).interval(1_000_000)
                .cpus(4).standardCounters()
                .thread(100, 0, 1, "main").thread(200, 0, 12, "worker-1").thread(200, 5_000, 12, "worker-renamed")
                .method(7, "Lcom/acme/Foo;", "run", "()V").method(9, "[vm]", "Interpreter", "")
                .dropped(3).end(1_000_000).build();
    }

    static TraceRecord period(int thread, long start, long duration, int cpu, long... counters) {
        return TraceRecord.period(TraceFormat.FLAG_TICK, thread, start, duration, 7, cpu, cpu, counters);
    }

    /** Writes one file of records. */
    static Path file(Path path, int cpu, int k, long run, List<TraceRecord> records) throws IOException {
        try (TraceFileWriter w = TraceFileWriter.create(path, cpu, k, run)) {
            for (TraceRecord r : records) w.write(r);
            w.commit();
        }
        return path;
    }

    /** A trace directory: the meta and {@code cpu-i.ctrace} for each list of records. */
    @SafeVarargs
    static Path directory(Path dir, TraceMeta meta, List<TraceRecord>... perCpu) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve("meta"), meta.toText().getBytes(StandardCharsets.UTF_8));
        for (int cpu = 0; cpu < perCpu.length; cpu++) {
            file(dir.resolve("cpu-" + cpu + ".ctrace"), cpu, meta.counters().size(), meta.runId(), perCpu[cpu]);
        }
        return dir;
    }
}
