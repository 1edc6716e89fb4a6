package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.core.testing.TestSnapshots.node;
import static org.candor.core.testing.TestSnapshots.root;

import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class HotSpotsTest {

    @Test
    void directRecursionCountsTotalTimeOnce() {
        Snapshot shop = TestSnapshots.shop();
        List<HotSpot> spots = HotSpots.compute(shop, List.of(shop.threads().get(1)));
        HotSpot walk = spots.stream().filter(h -> h.method().name().equals("walk")).findFirst().orElseThrow();
        assertThat(walk.value(0)).as("calls, summed").isEqualTo(1 + 2 + 4);
        assertThat(walk.value(1)).as("total, outermost only").isEqualTo(300_000_000L);
        assertThat(walk.value(2)).as("self, summed").isEqualTo(100_000_000L + 150_000_000L + 50_000_000L);
    }

    @Test
    void mutualRecursionCountsEachMethodsTotalAtItsOutermostCallOnEachPath() {
        MethodTable m = new MethodTable();
        int a = m.add("r.A", "a", "()V").id();
        int b = m.add("r.B", "b", "()V").id();
        int c = m.add("r.C", "c", "()V").id();
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode root = root(3);
        CallNode a1 = node(root, a, 1, 1000, 100);
        CallNode b1 = node(a1, b, 1, 900, 100);
        CallNode a2 = node(b1, a, 1, 800, 300);
        node(a2, b, 1, 500, 500);
        node(root, b, 1, 40, 40); // a second, separate path: counted again
        CallNode c1 = node(root, c, 2, 60, 10);
        node(c1, a, 1, 50, 50);
        s.addThread(new ThreadProfile(1, "t", TestSnapshots.sumIntoRoot(root)));

        List<HotSpot> spots = HotSpots.compute(s, s.threads());
        assertThat(spots).extracting(h -> h.method().id()).containsExactly(a, b, c);
        assertThat(spots.get(0).values()).containsExactly(3, 1000 + 50, 100 + 300 + 50);
        assertThat(spots.get(1).values()).containsExactly(3, 900 + 40, 100 + 500 + 40);
        assertThat(spots.get(2).values()).containsExactly(2, 60, 10);
    }

    @Test
    void hotSpotsOfSeveralThreadsAddUpAndSortBySelfTime() {
        Snapshot shop = TestSnapshots.shop();
        List<HotSpot> spots = HotSpots.compute(shop, shop.threads());
        spots.sort(HotSpot.byValueDescending(2));
        assertThat(spots).extracting(h -> h.method().qualifiedName())
                .containsExactly("com.acme.Cart.add", "com.acme.Cart.total", "com.acme.Tree$Walker.walk",
                        "com.acme.Shop.run", "com.acme.Main.main");
        HotSpot total = spots.get(1);
        assertThat(total.values()).containsExactly(15, 400_000_000L, 400_000_000L);
    }

    @Test
    void deepRecursionIsCountedOnceWithoutOverflowingTheStack() {
        Snapshot deep = TestSnapshots.chain(200_000);
        List<HotSpot> spots = HotSpots.compute(deep, deep.threads());
        assertThat(spots.get(0).value(1)).isEqualTo(200_000); // the outermost down() call's total
        assertThat(spots.get(1).value(1)).isEqualTo(199_999); // the outermost across() call's total
        assertThat(spots.get(0).value(0) + spots.get(1).value(0)).isEqualTo(200_000);
    }
}
