package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HotSpotRowsTest {

    @Test
    void methodsComeLargestSelfTimeFirstWithSharesOfTheThreadsShown() throws Exception {
        SnapshotSource s = SnapshotSource.of(TestSnapshots.shop());
        HotSpotRows rows = HotSpotRows.of(s, s.select(s.threadChoices().get(0)));

        // merged self times: findByCustomer 1.48 s, parse 830 ms, <init> 519 ms, handle 420 ms, main 50 ms, run 1 ms
        assertThat(rows.rowCount()).isEqualTo(6);
        assertThat(rows.columnName(0)).isEqualTo("Method");
        assertThat(rows.columnName(1)).isEqualTo("Self time");
        assertThat(rows.method(0).name()).isEqualTo("findByCustomer");
        assertThat(rows.cell(0, 1).toString()).isEqualTo("1.48 s  44.8%");
        assertThat(rows.cell(0, 2).toString()).isEqualTo("2.00 s  60.6%");
        assertThat(rows.cell(0, 3)).isEqualTo(4_200L);
        assertThat(rows.method(5).name()).isEqualTo("run");
        assertThat(rows.rowOf(rows.method(3).id())).isEqualTo(3);
        assertThat(rows.rowOf(999)).isEqualTo(-1);
    }

    @Test
    void oneThreadsHotSpotsAreItsOwnAndSharesAreOfItsTotal() throws Exception {
        SnapshotSource s = SnapshotSource.of(TestSnapshots.shop());
        HotSpotRows rows = HotSpotRows.of(s, s.select(s.threadChoices().get(2)));  // main, 900 ms

        assertThat(rows.rowCount()).isEqualTo(5);
        assertThat(rows.method(0).name()).isEqualTo("findByCustomer");
        assertThat(rows.cell(0, 1).toString()).isEqualTo("380 ms  42.2%");
    }

    @Test
    void whereTheAgentMeasuredTheProbesEffectEachMethodShowsItsEstimateLast() throws Exception {
        org.candor.core.model.Snapshot shop = TestSnapshots.shop();
        shop.info().put("mode", "instrumentation");
        // 1 ms a trivial call (core's ProbeEffect)
        shop.putStat(org.candor.core.analysis.ProbeEffect.TRIVIAL_METHODS, 4);
        shop.putStat(org.candor.core.analysis.ProbeEffect.TRIVIAL_CALLS, 20_000);
        shop.putStat(org.candor.core.analysis.ProbeEffect.TRIVIAL_SELF, 20_000_000_000L);
        SnapshotSource s = SnapshotSource.of(shop);
        HotSpotRows rows = HotSpotRows.of(s, s.select(s.threadChoices().get(0)));

        int effect = rows.effectColumn();
        assertThat(effect).isEqualTo(rows.columnCount() - 1);
        assertThat(rows.columnName(effect)).isEqualTo("Probe effect (est.)");
        assertThat(rows.columnHint(effect)).contains("1000000.0 ns").contains("4 trivial methods");
        assertThat(rows.columnHint(1)).isNull();
        assertThat(rows.method(0).name()).isEqualTo("findByCustomer");
        assertThat(rows.cell(0, effect).toString()).isEqualTo("1.48 s  44.8%");  // 4,200 calls: at most its self time
        int main = rows.rowOf(0);
        assertThat(rows.method(main).name()).isEqualTo("main");
        assertThat(rows.cell(main, effect).toString()).startsWith("1.00 ms ");     // its one call of its 50 ms
        // a snapshot without the estimate has no such column
        SnapshotSource plain = SnapshotSource.of(TestSnapshots.shop());
        assertThat(HotSpotRows.of(plain, plain.select(plain.threadChoices().get(0))).effectColumn()).isEqualTo(-1);
    }
}
