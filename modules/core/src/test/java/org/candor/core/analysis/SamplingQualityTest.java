package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.junit.jupiter.api.Test;

class SamplingQualityTest {

    @Test
    void summarisesDeliveryFailuresAndDrops() {
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "sampling"), Snapshot.samplingMetrics(false),
                new MethodTable())
                .putStat("samples.expected", 10_000).putStat("samples.delivered", 9_870)
                .putStat("samples.failed.-5", 100).putStat("samples.failed.-9", 30)
                .putStat("samples.attributed_by_pc", 96).putStat("samples.dropped.buffer_full", 2);
        SamplingQuality q = SamplingQuality.of(s);
        assertThat(q.deliveredPercent()).isEqualTo(98.7);
        assertThat(q.failed()).isEqualTo(130);
        assertThat(q.summary()).isEqualTo("9,870 of 10,000 expected samples delivered (98.7 %); 130 stack walks failed, "
                + "96 of them attributed by address; 2 dropped");
    }

    @Test
    void theEventSaysWhetherSystemTimeIsInTheSamples() {
        SnapshotInfo cpu = new SnapshotInfo().put(SnapshotInfo.MODE, "sampling").put(SnapshotInfo.EVENT, "cpu");
        Snapshot kernel = sampled(cpu).putStat("mode.cpu", 1).putStat("timer.perf_sigtrap", 1).putStat(SamplingQuality.COUNTS_KERNEL, 1);
        Snapshot user = sampled(cpu).putStat("mode.cpu", 1).putStat("timer.perf_sigtrap", 1).putStat(SamplingQuality.COUNTS_KERNEL, 0);
        assertThat(SamplingQuality.event(cpu, kernel.stats())).isEqualTo("cpu (user + system CPU time)");
        assertThat(SamplingQuality.event(cpu, user.stats()))
                .isEqualTo("cpu (user CPU time only: time in system calls is not sampled)");
        assertThat(SamplingQuality.of(kernel).userTimeOnly()).isFalse();
        assertThat(SamplingQuality.of(user).userTimeOnly()).isTrue();
        assertThat(SnapshotWarnings.of(user)).anyMatch(w -> w.startsWith("cpu mode sampled user time only"));
        assertThat(SnapshotWarnings.of(kernel)).noneMatch(w -> w.contains("user time only"));
        Snapshot attached = sampled(cpu).putStat("mode.cpu", 1).putStat(SamplingQuality.COMPILED_BEFORE_ATTACH, 1234);
        assertThat(SnapshotWarnings.of(attached)).anyMatch(w -> w.startsWith("1,234 methods were compiled before the"
                + " sampler attached"));
        assertThat(SnapshotWarnings.of(kernel)).noneMatch(w -> w.contains("compiled before the sampler attached"));
        // before the statistic existed: perf sampled user time only, thread CPU timers both
        Snapshot oldPerf = sampled(cpu).putStat("mode.cpu", 1).putStat("timer.perf_fasync", 1);
        Snapshot oldTimer = sampled(cpu).putStat("mode.cpu", 1).putStat("timer.ctimer", 1);
        assertThat(SamplingQuality.event(cpu, oldPerf.stats())).contains("user CPU time only");
        assertThat(SamplingQuality.event(cpu, oldTimer.stats())).isEqualTo("cpu (user + system CPU time)");
        SnapshotInfo wall = new SnapshotInfo().put(SnapshotInfo.MODE, "sampling").put(SnapshotInfo.EVENT, "wall");
        assertThat(SamplingQuality.event(wall, sampled(wall).stats())).isEqualTo("wall (elapsed time)");
    }

    private static Snapshot sampled(SnapshotInfo info) {
        return new Snapshot(info, Snapshot.samplingMetrics(false), new MethodTable());
    }

    @Test
    void instrumentedSnapshotsHaveNone() {
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation"),
                Snapshot.instrumentationMetrics(), new MethodTable());
        assertThat(SamplingQuality.of(s)).isNull();
    }
}
