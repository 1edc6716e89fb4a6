package org.candor.ui.model.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceFileWriter;
import org.candor.core.trace.TraceFormat;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace as the Threads timeline's lanes, and the timeline's arithmetic and words. */
class TimelineTest {

    @TempDir Path dir;

    static final long MS = 1_000_000;

    static TraceRecord period(int thread, long startMs, long durationMs, long cpuMs, long involuntary, int method) {
        return TraceRecord.period(TraceFormat.FLAG_TICK, thread, startMs * MS, durationMs * MS, method, 0, 0, 0,
                new long[] {cpuMs * MS, 2, 0, involuntary});
    }

    Timeline load() throws Exception {
        TraceMeta meta = new TraceMeta.Builder().runId(5).pid(1).interval(MS).standardCounters()
                .thread(11, 0, 1, "main").thread(22, 0, 2, "worker")
                .method(1, "Lapp/Main;", "spin", "()J").method(2, "Ljava/lang/Thread;", "sleep", "(J)V").build();
        Path t = dir.resolve("t");
        Files.createDirectories(t);
        Files.write(t.resolve("meta"), meta.toText().getBytes(StandardCharsets.UTF_8));
        // written by the periods' ends, out of order across the two files
        write(t.resolve("cpu-0.ctrace"), 0, List.of(period(22, 13, 2, 2, 0, 1), period(11, 10, 1, 1, 0, 1),
                TraceRecord.marker(TraceFormat.MARKER_PHASE_BEGIN, 11, 10 * MS, 0, "load"),
                TraceRecord.marker(TraceFormat.MARKER_GC_BEGIN, 0, 14 * MS, 0, "")));
        write(t.resolve("cpu-1.ctrace"), 1, List.of(period(-11, 11, 5, 1, 0, 2), period(11, 16, 4, 1, 3, 1),
                TraceRecord.marker(TraceFormat.MARKER_PHASE_END, 11, 18 * MS, 1, "load"),
                TraceRecord.marker(TraceFormat.MARKER_POINT, 11, 19 * MS, 1, "tick \"1\""),
                TraceRecord.marker(TraceFormat.MARKER_GC_END, 0, 15 * MS, 1, "")));
        return Timeline.load(TraceDirectory.open(t));
    }

    static void write(Path f, int cpu, List<TraceRecord> records) throws Exception {
        try (TraceFileWriter w = TraceFileWriter.create(f, cpu, 4, 5)) {
            for (TraceRecord r : records) w.write(r);
            w.commit();
        }
    }

    @Test
    void lanesFilteredByNameAndSortedByWhatTheThreadsDid() throws Exception {
        Timeline t = load();
        ThreadLane main = t.lanes().get(0);
        // main ran 1 + 1 + 1 ms, blocked 4 ms in its second period, descheduled 3 ms in its third
        assertThat(main.totalCpuTime()).isEqualTo(3 * MS);
        assertThat(main.totalTime(ThreadLane.BLOCKED)).isEqualTo(4 * MS);
        assertThat(main.totalTime(ThreadLane.DESCHEDULED)).isEqualTo(3 * MS);
        assertThat(LaneOrder.APPEARANCE.apply(t.lanes(), "")).extracting(ThreadLane::name).containsExactly("main", "worker", "GC");
        assertThat(LaneOrder.NAME.apply(t.lanes(), null)).extracting(ThreadLane::name).containsExactly("main", "worker", "GC");
        assertThat(LaneOrder.CPU.apply(t.lanes(), "")).extracting(ThreadLane::name).containsExactly("main", "worker", "GC");
        // worker never blocked: after main; GC stays last whatever the order
        assertThat(LaneOrder.BLOCKED.apply(t.lanes(), "")).extracting(ThreadLane::name).containsExactly("main", "worker", "GC");
        assertThat(LaneOrder.NAME.apply(t.lanes(), "WORK")).extracting(ThreadLane::name).containsExactly("worker");
        assertThat(LaneOrder.NAME.apply(t.lanes(), "22")).extracting(ThreadLane::name).containsExactly("worker");
        assertThat(LaneOrder.NAME.apply(t.lanes(), "nobody")).isEmpty();
        // from any order
        List<ThreadLane> reversed = new java.util.ArrayList<>(t.lanes());
        java.util.Collections.reverse(reversed);
        for (LaneOrder o : LaneOrder.values()) {
            assertThat(o.apply(reversed, "")).as(o.name()).extracting(ThreadLane::name).containsExactly("main", "worker", "GC");
        }
    }

    @Test
    void lanesHoldEachThreadsPeriodsInTimeOrderWithTheirStates() throws Exception {
        Timeline t = load();
        assertThat(t.lanes()).extracting(ThreadLane::name).containsExactly("main", "worker", "GC");
        assertThat(t.start()).isEqualTo(10 * MS);
        assertThat(t.end()).isEqualTo(20 * MS);
        ThreadLane main = t.lanes().get(0);
        assertThat(main.periods()).isEqualTo(3);
        assertThat(main.start(0)).isEqualTo(10 * MS);
        assertThat(main.start(1)).isEqualTo(11 * MS);
        assertThat(main.state(0)).isEqualTo(ThreadLane.RUNNING);
        assertThat(main.state(1)).isEqualTo(ThreadLane.BLOCKED);
        assertThat(main.state(2)).isEqualTo(ThreadLane.DESCHEDULED);
        assertThat(main.cpuTime(1)).isEqualTo(MS);
        assertThat(main.periodAt(12 * MS)).isEqualTo(1);
        assertThat(main.periodAt(16 * MS)).isEqualTo(2);
        assertThat(main.periodAt(25 * MS)).isEqualTo(-1);
        assertThat(main.firstPeriodEndingAfter(11 * MS)).isEqualTo(1);
        // the phase from its markers, which lay in two files
        assertThat(main.phases()).isEqualTo(1);
        assertThat(main.phaseName(0)).isEqualTo("load");
        assertThat(main.phaseBegin(0)).isEqualTo(10 * MS);
        assertThat(main.phaseEnd(0)).isEqualTo(18 * MS);
        ThreadLane gc = t.lanes().get(2);
        assertThat(gc.phases()).isEqualTo(1);
        assertThat(gc.phaseName(0)).isEqualTo("GC");
        assertThat(gc.phaseEnd(0) - gc.phaseBegin(0)).isEqualTo(MS);
    }

    @Test
    void periodsAndMarkersInWords() throws Exception {
        Timeline t = load();
        ThreadLane main = t.lanes().get(0);
        assertThat(TimelineText.period(t, main, 1)).isEqualTo("main: blocked 5.00 ms (ran 1.00 ms) at 1.00 ms, in"
                + " java.lang.Thread.sleep(J)V; page-faults 2, voluntary-switches 0, involuntary-switches 0");
        assertThat(TimelineText.marker(t, main, main.firstMarkerFrom(19 * MS))).isEqualTo("main: marker \"tick \"1\"\" at 9.00 ms");
        assertThat(TimelineText.marker(t, main, 0)).isEqualTo("main: phase load begins at 0 ns");
    }

    @Test
    void aTypedRangeCountsFromTheTracesStart() throws Exception {
        Timeline t = load();
        assertThat(TimelineText.parseRange(t, "1ms-3ms")).containsExactly(11 * MS, 13 * MS);
        assertThat(TimelineText.parseRange(t, " 1ms .. 3.5ms ")).containsExactly(11 * MS, 13_500_000L);
        assertThat(TimelineText.parseRange(t, "1ms to 2ms")).containsExactly(11 * MS, 12 * MS);
        assertThatThrownBy(() -> TimelineText.parseRange(t, "3ms-1ms")).hasMessage("the range ends (1ms) before it begins (3ms)");
        assertThatThrownBy(() -> TimelineText.parseRange(t, "soon")).hasMessageStartingWith("type a range as FROM-TO");
    }

    @Test
    void theViewportZoomsAroundThePointerAndStaysInTheTrace() {
        TimelineViewport v = new TimelineViewport(1_000 * MS, 2_000 * MS);
        v.setWidth(1000);
        assertThat(v.x(1_500 * MS)).isEqualTo(500.0);
        assertThat(v.time(250)).isEqualTo(1_250 * MS);
        v.zoom(4, 250);  // the time under x = 250 stays there
        assertThat(v.span()).isEqualTo(250 * MS);
        assertThat(v.time(250)).isEqualTo(1_250 * MS);
        v.pan(-100_000); // far before the start: held at it
        assertThat(v.from()).isEqualTo(1_000 * MS);
        v.pan(100_000);
        assertThat(v.to()).isEqualTo(2_000 * MS);
        v.zoom(1e12, 0);
        assertThat(v.span()).isEqualTo(TimelineViewport.MIN_SPAN);
        v.zoom(1e-12, 0);
        assertThat(v.from()).isEqualTo(1_000 * MS);
        assertThat(v.to()).isEqualTo(2_000 * MS);
        v.show(1_100 * MS, 1_200 * MS);
        assertThat(v.from()).isEqualTo(1_100 * MS);
        assertThat(v.span()).isEqualTo(100 * MS);
    }
}
