package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Phases paired from markers: per thread and name, in time order whatever order the markers came in. */
class TracePhasesTest {

    static TraceRecord marker(int kind, int tid, long time, String text) {
        return TraceRecord.marker(kind, tid, time, 0, text);
    }

    @Test
    void beginsAndEndsPairPerThreadAndName() {
        List<TracePhases.Phase> phases = TracePhases.pair(List.of(
                marker(TraceFormat.MARKER_PHASE_END, 1, 30, "load"),        // given before its begin: sorted first
                marker(TraceFormat.MARKER_PHASE_BEGIN, 1, 10, "load"),
                marker(TraceFormat.MARKER_PHASE_BEGIN, 1, 20, "load"),      // while open: ignored
                marker(TraceFormat.MARKER_PHASE_BEGIN, 2, 15, "load"),      // another thread's: its own
                marker(TraceFormat.MARKER_PHASE_END, 2, 5, "load"),         // an end without a begin: left out
                marker(TraceFormat.MARKER_GC_BEGIN, 0, 12, ""),
                marker(TraceFormat.MARKER_GC_END, 0, 14, ""),
                marker(TraceFormat.MARKER_POINT, 1, 11, "load")));          // not a phase's
        assertThat(phases).hasSize(3);
        TracePhases.Phase gc = phases.get(0);
        assertThat(gc.collection()).isTrue();
        assertThat(gc.name()).isEqualTo(TracePhases.GC);
        assertThat(gc.end() - gc.begin()).isEqualTo(2);
        TracePhases.Phase load = phases.get(1);
        assertThat(load.tid()).isEqualTo(1);
        assertThat(load.begin()).isEqualTo(10);
        assertThat(load.end()).isEqualTo(30);
        TracePhases.Phase open = phases.get(2);
        assertThat(open.tid()).isEqualTo(2);
        assertThat(open.open()).isTrue();
        assertThat(TracePhases.intervals(phases, "load").keySet()).containsExactlyInAnyOrder(1, 2);
        assertThat(TracePhases.intervals(phases, TracePhases.GC)).as("collections are no phase of a name").isEmpty();
    }
}
