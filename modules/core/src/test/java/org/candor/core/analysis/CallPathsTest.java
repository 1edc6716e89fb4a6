package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Snapshot;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class CallPathsTest {

    @Test
    void pathRunsFromTheOutermostCallToTheNode() {
        Snapshot shop = TestSnapshots.shop();
        CallNode add = shop.threads().get(0).root().child(0).child(1).child(2);
        assertThat(CallPaths.frames(add, shop.methods())).extracting(MethodInfo::name).containsExactly("main", "run", "add");
        assertThat(CallPaths.nodes(add)).hasSize(3).last().isSameAs(add);
        assertThat(CallPaths.format(add, shop.methods(), ";"))
                .isEqualTo("com.acme.Main.main;com.acme.Shop.run;com.acme.Cart.add");
        assertThat(CallPaths.nodes(shop.threads().get(0).root())).isEmpty();
    }

    @Test
    void pathOfA200000DeepNode() {
        CallNode n = TestSnapshots.chain(200_000).threads().get(0).root();
        while (!n.children().isEmpty()) n = n.children().get(0);
        assertThat(CallPaths.nodes(n)).hasSize(200_000);
    }
}
