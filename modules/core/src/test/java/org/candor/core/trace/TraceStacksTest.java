package org.candor.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The meta's stack table and a period's stack id, written and read back. */
class TraceStacksTest {

    @TempDir Path dir;

    static final String META = "candor-trace\t1\t0\nrun\t1\n"
            + "method\t1\tLa/Main;\tmain\t([Ljava/lang/String;)V\nmethod\t2\tLa/Work;\trun\t()V\nmethod\t3\tLa/Work;\tspin\t()J\n"
            + "stack\t1\t0\t1\nstack\t2\t1\t2\nstack\t3\t2\t3\nstack\t4\t1\t3\n";

    @Test
    void stacksAreReadAsChainsOfCallers() throws Exception {
        TraceMeta meta = TraceMeta.parse("meta", META);
        TraceStacks stacks = meta.stacks();
        assertThat(stacks.methodsOf(3)).containsExactly(1, 2, 3);
        assertThat(stacks.methodsOf(4)).containsExactly(1, 3);
        assertThat(stacks.methodsOf(0)).isEmpty();
        assertThat(stacks.methodsOf(99)).isEmpty();
        assertThat(stacks.parent(3)).isEqualTo(2);
        assertThat(stacks.method(4)).isEqualTo(3);
        assertThat(stacks.defines(5)).isFalse();
        // written back as read
        assertThat(TraceMeta.parse("again", meta.toText()).stacks().methodsOf(3)).containsExactly(1, 2, 3);
        assertThat(meta.toText()).contains("stack\t4\t1\t3\n");
    }

    @Test
    void stackLinesOutOfRangeAreRefusedInOneLine() {
        assertThatThrownBy(() -> TraceMeta.parse("meta", "candor-trace\t1\t0\nstack\t0\t0\t1\n"))
                .hasMessage("meta: line 2: stack 0 (caller 0) is out of range (1..64000000)");
        assertThatThrownBy(() -> TraceMeta.parse("meta", "candor-trace\t1\t0\nstack\t99999999999\t0\t1\n"))
                .hasMessageContaining("is out of range");
        assertThatThrownBy(() -> TraceMeta.parse("meta", "candor-trace\t1\t0\nstack\t2\t-1\t1\n"))
                .hasMessageContaining("is out of range");
    }

    @Test
    void aLoopInACorruptTableEndsTheChain() throws Exception {
        TraceMeta meta = TraceMeta.parse("meta", "candor-trace\t1\t0\nstack\t1\t2\t7\nstack\t2\t1\t8\n");
        assertThat(meta.stacks().methodsOf(1).length).isLessThanOrEqualTo(4);
    }

    @Test
    void aPeriodKeepsItsStackThroughTheFile() throws Exception {
        TraceRecord p = TraceRecord.period(TraceFormat.FLAG_TICK, 5, 100, 50, 3, 4, 1, 1, new long[] {40, 0, 0, 0});
        Path f = TraceFixtures.file(dir.resolve("cpu-1.ctrace"), 1, 4, TraceFixtures.RUN, List.of(p));
        List<TraceRecord> back = new ArrayList<>();
        try (TraceFileReader r = TraceFileReader.open(f)) {
            r.forEach(back::add);
        }
        assertThat(back).containsExactly(p);
        assertThat(back.get(0).stackId()).isEqualTo(4);
    }
}
