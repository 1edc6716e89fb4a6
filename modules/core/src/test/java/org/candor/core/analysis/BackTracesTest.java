package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.core.testing.CallNodes.node;

import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.junit.jupiter.api.Test;

class BackTracesTest {

    // metrics: calls, total_time (inclusive), self_time
    private final Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), new MethodTable());
    private final int main = s.methods().add("A", "main", "()V").id();
    private final int handle = s.methods().add("A", "handle", "()V").id();
    private final int parse = s.methods().add("A", "parse", "()V").id();
    private final int other = s.methods().add("A", "other", "()V").id();

    @Test
    void callersOfAMethodWithWhatCameThroughEachPathOverThreads() {
        // main -> handle -> parse (10 calls, 100); main -> other -> parse (5, 50); worker: handle -> parse (2, 20)
        CallNode r1 = new CallNode(null, CallNode.ROOT, 3);
        CallNode m = node(r1, main, 1, 1000, 10);
        node(node(m, handle, 3, 400, 300), parse, 10, 100, 100);
        node(node(m, other, 1, 60, 10), parse, 5, 50, 50);
        CallNode r2 = new CallNode(null, CallNode.ROOT, 3);
        node(node(r2, handle, 1, 30, 10), parse, 2, 20, 20);
        List<ThreadProfile> threads = List.of(new ThreadProfile(1, "main", r1), new ThreadProfile(2, "worker", r2));

        CallNode back = BackTraces.of(threads, parse, s.metrics());
        assertThat(back.methodId()).isEqualTo(parse);
        assertThat(back.parent().isRoot()).isTrue();
        assertThat(values(back)).containsExactly(17, 170, 170);
        CallNode viaHandle = back.child(handle);
        assertThat(values(viaHandle)).containsExactly(12, 120, 120);
        assertThat(values(viaHandle.child(main))).containsExactly(10, 100, 100);
        assertThat(viaHandle.child(main).children()).isEmpty();
        assertThat(values(back.child(other))).containsExactly(5, 50, 50);
        assertThat(values(back.child(other).child(main))).containsExactly(5, 50, 50);
    }

    @Test
    void aRecursiveMethodsTotalCountsOnceItsCallsAndSelfTimeEveryFrame() {
        // main -> parse (1 call, total 100, self 60) -> parse (4 calls, total 40, self 40)
        CallNode r = new CallNode(null, CallNode.ROOT, 3);
        CallNode outer = node(node(r, main, 1, 110, 10), parse, 1, 100, 60);
        node(outer, parse, 4, 40, 40);
        CallNode back = BackTraces.of(List.of(new ThreadProfile(1, "main", r)), parse, s.metrics());
        assertThat(values(back)).as("total 100 once; 5 calls; self 60 + 40").containsExactly(5, 100, 100);
        assertThat(values(back.child(main))).containsExactly(1, 100, 60);
        assertThat(values(back.child(parse))).as("the inner frames, called from parse").containsExactly(4, 0, 40);
    }

    @Test
    void aMethodNeverCalledHasAnEmptyBackTrace() {
        CallNode r = new CallNode(null, CallNode.ROOT, 3);
        node(r, main, 1, 10, 10);
        CallNode back = BackTraces.of(List.of(new ThreadProfile(1, "main", r)), parse, s.metrics());
        assertThat(values(back)).containsExactly(0, 0, 0);
        assertThat(back.children()).isEmpty();
    }

    private static long[] values(CallNode n) {
        return new long[] {n.value(0), n.value(1), n.value(2)};
    }
}
