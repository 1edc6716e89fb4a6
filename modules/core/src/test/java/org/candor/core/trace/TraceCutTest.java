package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The call tree of a range of a trace: which samples a range takes, and the tree they make. */
class TraceCutTest {

    @TempDir Path dir;

    /** main > work > spin (stack 3), main > work > sleep (stack 4), main > idle (stack 5). */
    static TraceMeta meta() {
        return new TraceMeta.Builder().runId(1).pid(7).clock("monotonic", 1_000_000_000L).interval(1_000_000)
                .event("cpu", true).standardCounters()
                .thread(10, 0, 1, "main").thread(20, 0, 2, "worker")
                .method(1, "Lapp/Main;", "main", "([Ljava/lang/String;)V").method(2, "Lapp/Main;", "work", "()V")
                .method(3, "Lapp/Main;", "spin", "()J").method(4, "Ljava/lang/Thread;", "sleep", "(J)V")
                .method(5, "Lapp/Main;", "idle", "()V").method(6, "[vm]", "itable stub", "")
                .stack(1, 0, 1).stack(2, 1, 2).stack(3, 2, 3).stack(4, 2, 4).stack(5, 1, 5).stack(6, 3, 6)
                .build();
    }

    /** A period of thread {@code tid} ending at {@code end} with a sample of {@code stack}. */
    static TraceRecord sample(int tid, long end, int stack) {
        return TraceRecord.period(TraceFormat.FLAG_TICK, tid, end - 1_000_000, 1_000_000, 0, stack, 0, 0, new long[4]);
    }

    Path trace() throws Exception {
        // main: 1-3 ms spin, 4 ms sleep, 10-12 ms idle (inside phase "load" from 9.5 to 11.5 ms); worker: 2 ms spin+stub
        return TraceFixtures.directory(dir.resolve("t"), meta(),
                List.of(sample(10, 1_000_000, 3), sample(10, 2_000_000, 3), sample(10, 3_000_000, 3),
                        sample(20, 2_000_000, 6),
                        TraceRecord.marker(TraceFormat.MARKER_PHASE_BEGIN, 10, 9_500_000, 0, "load")),
                List.of(sample(10, 4_000_000, 4), sample(10, 10_000_000, 5), sample(10, 11_000_000, 5),
                        sample(10, 12_000_000, 5), TraceRecord.marker(TraceFormat.MARKER_PHASE_END, 10, 11_500_000, 1, "load"),
                        // a period without a sample (the thread's end) counts nothing
                        TraceRecord.period(TraceFormat.FLAG_LAST, 10, 12_000_000, 500, 0, 0, 1, 1, new long[4])));
    }

    /** Self samples by method name, over all threads. */
    static Map<String, Long> selfSamples(Snapshot s) {
        Map<String, Long> out = new TreeMap<>();
        for (ThreadProfile t : s.threads()) add(s, t.root(), out);
        return out;
    }

    private static void add(Snapshot s, CallNode n, Map<String, Long> out) {
        if (!n.isRoot() && n.value(3) > 0) out.merge(s.methods().get(n.methodId()).name(), n.value(3), Long::sum);
        for (CallNode c : n.children()) add(s, c, out);
    }

    @Test
    void theWholeTraceIsEverySample() throws Exception {
        Path out = dir.resolve("all.candor");
        TraceCut.Result r = TraceCut.write(TraceDirectory.open(trace()), TraceRange.all(), out);
        assertThat(r.samples()).isEqualTo(8);
        assertThat(r.threads()).isEqualTo(2);
        Snapshot s = SnapshotReader.read(out);
        assertThat(selfSamples(s)).isEqualTo(Map.of("spin", 3L, "sleep", 1L, "idle", 3L, "itable_stub", 1L));
        ThreadProfile main = s.threads().stream().filter(t -> t.name().equals("main")).findFirst().orElseThrow();
        assertThat(main.threadId()).isEqualTo(1);
        CallNode top = main.root().children().get(0);
        assertThat(s.methods().get(top.methodId()).className()).isEqualTo("app.Main");
        assertThat(top.value(2)).isEqualTo(7);            // inclusive samples
        assertThat(top.value(0)).isEqualTo(7_000_000);    // x the interval
        assertThat(s.info().get("trace.cut")).isEqualTo("the whole trace");
        assertThat(s.stats().get("trace.cut.samples")).isEqualTo(8);
    }

    @Test
    void aTimeSpanOfOneThreadTakesOnlyItsSamples() throws Exception {
        Path out = dir.resolve("span.candor");
        // samples at their periods' ends: 2 and 3 ms of main are in [1.5 ms, 4 ms); 4 ms is not
        TraceCut.Result r = TraceCut.write(TraceDirectory.open(trace()),
                new TraceRange(1_500_000, 4_000_000, Set.of(10), null), out);
        assertThat(r.samples()).isEqualTo(2);
        Snapshot s = SnapshotReader.read(out);
        assertThat(selfSamples(s)).isEqualTo(Map.of("spin", 2L));
        assertThat(s.threads()).hasSize(1);
        assertThat(s.info().get("trace.cut")).isEqualTo("1.50 ms .. 4.00 ms, thread main");
    }

    @Test
    void aPhaseTakesTheSamplesInsideItsOwnThreadsPhases() throws Exception {
        Path out = dir.resolve("phase.candor");
        // the phase's markers lie in two files: begin on CPU 0 at 9.5 ms, end on CPU 1 at 11.5 ms
        TraceCut.Result r = TraceCut.write(TraceDirectory.open(trace()), new TraceRange(Long.MIN_VALUE, Long.MAX_VALUE,
                Set.of(), "load"), out);
        assertThat(r.samples()).isEqualTo(2);
        assertThat(selfSamples(SnapshotReader.read(out))).isEqualTo(Map.of("idle", 2L));
    }

    @Test
    void anEmptyRangeWritesAnEmptySnapshot() throws Exception {
        Path out = dir.resolve("none.candor");
        TraceCut.Result r = TraceCut.write(TraceDirectory.open(trace()), new TraceRange(50_000_000, 60_000_000, Set.of(), null), out);
        assertThat(r.samples()).isZero();
        assertThat(SnapshotReader.read(out).threads()).isEmpty();
    }
}
