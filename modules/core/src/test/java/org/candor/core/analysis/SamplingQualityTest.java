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
    void instrumentedSnapshotsHaveNone() {
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation"),
                Snapshot.instrumentationMetrics(), new MethodTable());
        assertThat(SamplingQuality.of(s)).isNull();
    }
}
