package org.candor.ui.model.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TimelineStateTest {

    @Test
    void keptPerTraceTheLatestWins() {
        Path a = Path.of("/tmp/a.trace");
        TimelineState first = new TimelineState(true, 0, 10, 0, 0, Set.of(), "", null);
        TimelineState second = new TimelineState(false, 2, 5, 3, 4, Set.of(7), "ping", LaneOrder.CPU);
        TimelineState.keep(a, first);
        TimelineState.keep(Path.of("/tmp/x/../a.trace"), second);
        TimelineState back = TimelineState.of(Path.of("/tmp/a.trace"));
        assertThat(back).isSameAs(second);
        assertThat(back.order).isEqualTo(LaneOrder.CPU);
        assertThat(back.threads).containsExactly(7);
        assertThat(first.order).isEqualTo(LaneOrder.APPEARANCE);
        assertThat(TimelineState.of(Path.of("/tmp/b.trace"))).isNull();
    }

    @Test
    void onlyTheLatestTracesAreKept() {
        for (int i = 0; i < 40; i++) TimelineState.keep(Path.of("/tmp/many-" + i), new TimelineState(true, 0, 1, 0, 0, Set.of(), "", null));
        assertThat(TimelineState.of(Path.of("/tmp/many-0"))).isNull();
        assertThat(TimelineState.of(Path.of("/tmp/many-39"))).isNotNull();
    }
}
