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
}
