package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceStatsTest {

    @TempDir Path tmp;

    /** counters: task-clock, page-faults, voluntary-switches, involuntary-switches, cycles, instructions */
    private static TraceMeta meta() {
        return new TraceMeta.Builder().runId(5).standardCounters().counter(4, "cycles", "count")
                .counter(5, "instructions", "count").thread(100, 0, 1, "main").thread(100, 500, 1, "main-2")
                .thread(200, 0, 2, "worker").dropped(4).build();
    }

    private static TraceRecord p(int thread, long start, long duration, long task, long voluntary, long involuntary,
            long cycles, long instructions) {
        return TraceRecord.period(TraceFormat.FLAG_TICK, thread, start, duration, 7, 0, 0,
                new long[] {task, 1, voluntary, involuntary, cycles, instructions});
    }

    @Test
    void blockedDescheduledAndCountersPerThread() throws Exception {
        Path dir = TraceFixtures.directory(tmp.resolve("t"), meta(),
                List.of(p(100, 0, 1_000, 1_000, 0, 0, 2_000, 3_000),      // ran throughout
                        p(-100, 1_000, 1_000, 400, 1, 0, 800, 400),       // blocked 600
                        p(100, 2_000, 1_000, 700, 0, 2, 1_400, 1_400),    // descheduled 300
                        p(100, 3_000, 1_000, 900, 0, 0, 1_800, 1_800),    // 100 off-CPU, no switch: neither
                        p(-100, 4_000, 1_000, 1_200, 1, 3, 0, 0),        // task-clock beyond real time: nothing off-CPU
                        TraceRecord.marker(TraceFormat.MARKER_POINT, 100, 4_500, 0, "x")),
                List.of(p(200, 0, 2_000, 500, 0, 1, 1_000, 500),         // descheduled 1,500
                        TraceRecord.marker(TraceFormat.MARKER_GC_BEGIN, 0, 100, 1, ""),
                        TraceRecord.marker(TraceFormat.MARKER_GC_END, 0, 200, 1, "")));
        TraceStats s = TraceStats.of(TraceDirectory.open(dir));

        assertThat(s.counterNames()).containsExactly("task-clock", "page-faults", "voluntary-switches",
                "involuntary-switches", "cycles", "instructions");
        assertThat(s.knowsCpuTime()).isTrue();
        assertThat(s.knowsIpc()).isTrue();
        assertThat(s.dropped()).isEqualTo(4);
        assertThat(s.threads()).extracting(TraceStats.Totals::tid).containsExactly(0, 100, 200);

        TraceStats.Totals agent = s.threads().get(0);
        assertThat(agent.name()).isNull();
        assertThat(agent.markers()).isEqualTo(2);
        assertThat(agent.periods()).isZero();

        TraceStats.Totals main = s.threads().get(1);
        assertThat(main.name()).isEqualTo("main-2");
        assertThat(main.periods()).isEqualTo(5);
        assertThat(main.markers()).isEqualTo(1);
        assertThat(main.realTime()).isEqualTo(5_000);
        assertThat(main.cpuTime()).isEqualTo(4_200);
        assertThat(main.blockedTime()).isEqualTo(600);
        assertThat(main.descheduledTime()).isEqualTo(300);
        assertThat(main.counters()).containsExactly(4_200, 5, 2, 5, 6_000, 6_600);
        assertThat(main.ipc()).isEqualTo(1.1);
        assertThat(main.firstTime()).isZero();
        assertThat(main.lastTime()).isEqualTo(5_000);

        TraceStats.Totals worker = s.threads().get(2);
        assertThat(worker.descheduledTime()).isEqualTo(1_500);
        assertThat(worker.blockedTime()).isZero();
        assertThat(worker.ipc()).isEqualTo(0.5);

        TraceStats.Totals total = s.total();
        assertThat(total.tid()).isEqualTo(-1);
        assertThat(total.periods()).isEqualTo(6);
        assertThat(total.markers()).isEqualTo(3);
        assertThat(total.realTime()).isEqualTo(7_000);
        assertThat(total.cpuTime()).isEqualTo(4_700);
        assertThat(total.blockedTime()).isEqualTo(600);
        assertThat(total.descheduledTime()).isEqualTo(1_800);
        assertThat(total.ipc()).isEqualTo(7_100.0 / 7_000);
        assertThat(s.warnings()).isEmpty();
    }

    @Test
    void theJudgementsRule() {
        TraceJudgement j = new TraceJudgement(meta(), 6);
        assertThat(j.state(p(-1, 0, 10, 10, 1, 5, 0, 0))).isEqualTo(TraceJudgement.State.BLOCKED); // yielded wins
        assertThat(j.state(p(1, 0, 10, 4, 0, 1, 0, 0))).isEqualTo(TraceJudgement.State.DESCHEDULED);
        assertThat(j.descheduled(p(1, 0, 10, 4, 0, 1, 0, 0))).isEqualTo(6);
        assertThat(j.state(p(1, 0, 10, 4, 0, 0, 0, 0))).isEqualTo(TraceJudgement.State.RUNNING);
        assertThat(j.offCpu(p(1, 0, 10, 4, 0, 0, 0, 0))).isEqualTo(6);
        assertThat(j.blocked(p(1, 0, 10, 4, 0, 0, 0, 0))).isZero();
        assertThat(j.descheduled(p(1, 0, 10, 4, 0, 0, 0, 0))).isZero();
    }

    @Test
    void periodsCutAtTheKernelsSwitchesAreJudgedByThePeriodOffTheCpu() {
        TraceJudgement j = new TraceJudgement(meta(), 6);
        long[] ran = {10, 0, 0, 0, 0, 0};
        // ran 10 ns into a sleep: negated, yet it ran all of it
        TraceRecord into = TraceRecord.period(TraceFormat.FLAG_SWITCH, -1, 0, 10, 0, 0, 0, ran);
        assertThat(j.state(into)).isEqualTo(TraceJudgement.State.RUNNING);
        assertThat(j.blocked(into)).isZero();
        // the sleep: off the CPU, blocked all of it
        TraceRecord sleep = TraceRecord.period(TraceFormat.FLAG_OFF_CPU, -1, 10, 30, 0, 0, 0, new long[] {0, 0, 1, 0, 0, 0});
        assertThat(sleep.isOffCpu()).isTrue();
        assertThat(j.blocked(sleep)).isEqualTo(30);
        // preempted: off the CPU, descheduled all of it
        TraceRecord waited = TraceRecord.period(TraceFormat.FLAG_OFF_CPU, 1, 40, 7, 0, 0, 0, new long[] {0, 0, 0, 1, 0, 0});
        assertThat(j.descheduled(waited)).isEqualTo(7);
        assertThat(j.blocked(waited)).isZero();
    }

    @Test
    void withoutTaskClockNoTimesBeyondRealTime() {
        TraceMeta meta = new TraceMeta.Builder().runId(1).counter(0, "page-faults", "count").build();
        TraceStats.Builder b = new TraceStats.Builder(meta, 1);
        b.accept(TraceRecord.period(0, -7, 0, 100, 0, 0, 0, new long[] {3}));
        TraceStats s = b.build(List.of("w"));
        assertThat(s.knowsCpuTime()).isFalse();
        assertThat(s.knowsIpc()).isFalse();
        assertThat(s.dropped()).isNull();
        assertThat(s.total().realTime()).isEqualTo(100);
        assertThat(s.total().blockedTime()).isZero();
        assertThat(s.total().ipc()).isNaN();
        assertThat(s.warnings()).containsExactly("w");
    }
}
