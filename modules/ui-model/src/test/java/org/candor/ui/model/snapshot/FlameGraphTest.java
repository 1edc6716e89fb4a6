package org.candor.ui.model.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.Snapshot;
import org.junit.jupiter.api.Test;

/** The shop's merged tree (3.30 s): Thread.run 2.40 s and Main.main 900 ms, each over handle, findByCustomer, parse. */
class FlameGraphTest {

    private final Snapshot shop = TestSnapshots.shop();
    private final SnapshotSource source = SnapshotSource.of(shop);
    private final SelectedThreads all = select(source, 0);
    private final CallNode tree = whole(all);

    private static CallNode whole(SelectedThreads threads) {
        try {
            return threads.flameTree(new int[0], 0).root();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static SelectedThreads select(SnapshotSource source, int choice) {
        try {
            return source.select(source.threadChoices().get(choice));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void eachFrameIsAsWideAsItsShareOfTheWholeAndSitsOnItsCaller() {
        FlameGraph g = FlameGraph.of(source, all, tree, tree, 0.001);

        assertThat(g.frames()).hasSize(11);
        assertThat(g.rows()).isEqualTo(5);
        FlameGraph.Frame root = g.frames().get(0);
        assertThat(root.depth()).isZero();
        assertThat(root.width()).isEqualTo(1.0);
        assertThat(g.name(root)).isEqualTo("All threads (merged)");
        FlameGraph.Frame run = frame(g, "Thread.run()", 0);
        assertThat(run.depth()).isEqualTo(1);
        assertThat(run.x()).isZero();
        assertThat(run.width()).isCloseTo(2.4 / 3.3, within(1e-9));
        FlameGraph.Frame main = frame(g, "Main.main(String[])", 0);
        assertThat(main.x()).as("right of the larger sibling").isCloseTo(2.4 / 3.3, within(1e-9));
        FlameGraph.Frame find = frame(g, "OrderRepository.findByCustomer(long)", 0);
        FlameGraph.Frame handle = g.frames().get(find.parent());
        assertThat(g.name(handle)).isEqualTo("RequestHandler.handle(Request)");
        assertThat(find.x()).as("callees start at their caller's left edge, largest first").isEqualTo(handle.x());
        assertThat(find.depth()).isEqualTo(handle.depth() + 1);
        assertThat(g.frameAt(0.8, 1)).isEqualTo(g.frames().indexOf(main));
        assertThat(g.frameAt(0.8, 4)).isEqualTo(-1);
    }

    @Test
    void framesNarrowerThanTheLimitAreLeftOutWithWhatTheyCalled() {
        FlameGraph g = FlameGraph.of(source, all, tree, tree, 0.2);

        // run .727, its handle .727; main .273, its handle .258; findByCustomer (.454 under run) is kept, parse .182 not
        assertThat(g.frames()).extracting(g::name).containsExactly("All threads (merged)", "Thread.run()",
                "Main.main(String[])", "RequestHandler.handle(Request)", "OrderRepository.findByCustomer(long)",
                "RequestHandler.handle(Request)");
    }

    @Test
    void aMillionNodeTreeKeepsOneFrameAPixelAtMost() {
        SnapshotSource wide = SnapshotSource.of(TestSnapshots.wide(1000));  // 1,000 callees of 1,000 leaves each
        SelectedThreads main = select(wide, 1);
        CallNode mainTree = whole(main);
        FlameGraph g = FlameGraph.of(wide, main, mainTree, mainTree, 1.0 / 1000);

        assertThat(g.frames().size()).isLessThanOrEqualTo(1 + 1000 + 1000);
        assertThat(g.rows()).isLessThanOrEqualTo(3);
    }

    @Test
    void zoomingMakesAFrameTheWholeWidthWithItsCallersBelowIt() {
        CallNode handle = FlameGraph.nodeAt(tree, new int[] {method("run"), method("handle")});
        FlameGraph g = FlameGraph.of(source, all, tree, handle, 0.001);

        assertThat(g.isZoomed()).isTrue();
        assertThat(g.frames()).hasSize(6);
        assertThat(g.frames().subList(0, 3)).extracting(FlameGraph.Frame::width).containsOnly(1.0);
        assertThat(g.frames().subList(0, 3)).extracting(FlameGraph.Frame::belowZoom).containsExactly(true, true, false);
        FlameGraph.Frame find = frame(g, "OrderRepository.findByCustomer(long)", 0);
        assertThat(find.width()).isCloseTo(1.499 / 2.399, within(1e-9));
        assertThat(g.zoomFrame().node()).isSameAs(handle);
        assertThat(g.zoomPath()).containsExactly(method("run"), method("handle"));
        assertThat(FlameGraph.nodeAt(tree, g.zoomPath())).isSameAs(handle);
        assertThat(FlameGraph.nodeAt(tree, new int[] {method("parse")})).isNull();
    }

    @Test
    void hoveringTellsTheMethodAndEveryFigureWithItsShare() {
        FlameGraph g = FlameGraph.of(source, all, tree, tree, 0.001);
        FlameGraph.Frame handle = g.frames().get(frame(g, "OrderRepository.findByCustomer(long)", 0).parent());

        assertThat(g.describe(handle)).containsExactly("com.acme.shop.http.RequestHandler.handle(Request)",
                "Total time: 2.40 s (72.7%)", "Self time: 300 ms (9.1%)", "Calls: 3,000");
        assertThat(g.describe(g.frames().get(0))).containsExactly("All threads (merged)",
                "Total time: 3.30 s (100.0%)", "Self time: 3.30 s (100.0%)", "Calls: 459,602");
    }

    @Test
    void findMarksEveryMatchingFrameAndCountsNestedOnesOnce() {
        FlameGraph g = FlameGraph.of(source, all, tree, tree, 0.001);

        FlameGraph.Matches find = g.find(MethodNames.matching("findbycustomer"));
        assertThat(find.count()).isEqualTo(2);
        assertThat(find.share()).isCloseTo((1.499 + 0.5) / 3.3, within(1e-9));
        assertThat(find.summary()).isEqualTo("2 frames, 60.6% of the graph");
        FlameGraph.Matches nested = g.find(MethodNames.matching("com.acme.shop."));
        assertThat(nested.count()).as("all but the root and Thread.run").isEqualTo(9);
        assertThat(nested.share()).as("what run called, and main").isCloseTo((2.399 + 0.9) / 3.3, within(1e-9));
        assertThat(g.find(m -> false).count()).isZero();
        assertThat(g.find(m -> false).summary()).isEqualTo("Not found");
    }

    @Test
    void aMethodOnlyInFramesTooNarrowToDrawIsSaidToBeThere() {
        // a fifth of the width at least: JsonParser.parse (600 ms and 230 ms of 3.30 s) is in the tree but not drawn
        FlameGraph g = FlameGraph.of(source, all, tree, tree, 0.2);
        assertThat(g.frames()).noneMatch(f -> g.name(f).startsWith("JsonParser.parse"));
        FlameGraph.Matches m = g.find(MethodNames.matching("JsonParser.parse"));
        assertThat(m.count()).isZero();
        assertThat(m.narrow()).isEqualTo(2);
        assertThat(m.summary()).startsWith("Only in " + m.narrow() + " frame").endsWith("too narrow to draw ("
                + DisplayUnits.percent(m.narrowShare()) + " of the graph): zoom in, or find it in Hot Spots");
        assertThat(m.narrowShare()).isCloseTo(0.83 / 3.3, within(1e-9));
        assertThat(g.find(m2 -> false).summary()).isEqualTo("Not found");
    }

    private FlameGraph.Frame frame(FlameGraph g, String name, int nth) {
        List<FlameGraph.Frame> named = g.frames().stream().filter(f -> g.name(f).equals(name)).toList();
        return named.get(nth);
    }

    private int method(String name) {
        return shop.methods().all().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow().id();
    }
}
