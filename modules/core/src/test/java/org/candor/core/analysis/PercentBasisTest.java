package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.core.testing.TestSnapshots.node;
import static org.candor.core.testing.TestSnapshots.root;

import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

/** What 100 % is, in the text report and the app. */
class PercentBasisTest {

    private static final List<Metric> METRICS = Snapshot.instrumentationMetrics(); // calls, total, self

    @Test
    void sharesCompareAnInclusiveValue() {
        assertThat(PercentBasis.metric(METRICS, 1)).isEqualTo(1);
        assertThat(PercentBasis.metric(METRICS, 0)).as("--value calls: total time").isEqualTo(1);
        assertThat(PercentBasis.metric(METRICS, 2)).as("--value self: total time").isEqualTo(1);
        assertThat(PercentBasis.isSubtreeSum(METRICS, 2)).isFalse();
    }

    @Test
    void theWholeIsTheOutermostCallsNotTheRootsOwnValue() {
        // a root whose record holds more than its children, as the sampler's does with samples that had no Java
        // frame: the app used to take the root's 1000 as 100 %, the report the outermost calls' 900
        CallNode root = root(3);
        node(root, 0, 1, 600, 100);
        node(root, 1, 1, 300, 300);
        root.setValue(1, 1_000);
        assertThat(PercentBasis.whole(root, METRICS, 1)).isEqualTo(900);
    }

    @Test
    void withoutAnInclusiveMetricSharesCompareSubtreeSumsOfTheWholeTree() {
        // the app used to sum the root's children's own values: 30 here, and a node of 40 would have been 133 %
        List<Metric> selfOnly = List.of(Metric.CALLS, Metric.SELF_TIME);
        CallNode root = new CallNode(null, CallNode.ROOT, 2);
        CallNode a = new CallNode(root, 0, 2);
        a.setValue(1, 10);
        new CallNode(a, 1, 2).setValue(1, 40);
        new CallNode(root, 2, 2).setValue(1, 20);
        assertThat(PercentBasis.isSubtreeSum(selfOnly, 1)).isTrue();
        assertThat(PercentBasis.metric(selfOnly, 1)).isEqualTo(1);
        assertThat(PercentBasis.whole(root, selfOnly, 1)).isEqualTo(70);
    }
}
