package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.candor.core.testing.TestSnapshots.node;
import static org.candor.core.testing.TestSnapshots.root;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class FlamegraphReportTest {

    private static String html(Snapshot s, ReportOptions options) throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.FLAMEGRAPH.write(s, options, out);
        return out.toString();
    }

    /** The profile the page embeds: the text of its JSON script element. */
    private static JsonNode profile(String html) throws Exception {
        int from = html.indexOf(FlamegraphReport.DATA_START);
        assertThat(from).isPositive();
        from += FlamegraphReport.DATA_START.length();
        return new ObjectMapper().readTree(html.substring(from, html.indexOf("</script>", from)));
    }

    /** Every node named, its value at least its children's sum; returns the nodes. */
    private static List<JsonNode> check(JsonNode node, List<JsonNode> all) {
        all.add(node);
        assertThat(node.get("name").asText()).isNotEmpty();
        long children = 0;
        if (node.has("children")) {
            assertThat(node.get("children").size()).isPositive();
            for (JsonNode c : node.get("children")) {
                check(c, all);
                children += c.get("value").asLong();
            }
        }
        assertThat(children).as(node.get("name").asText()).isLessThanOrEqualTo(node.get("value").asLong());
        return all;
    }

    private static long total(Snapshot s, int metric) {
        long sum = 0;
        for (ThreadProfile t : s.threads()) sum += CallTrees.totals(t.root(), s.metrics())[metric];
        return sum;
    }

    @Test
    void oneSelfContainedPageWithTheMergedTreeAndEachThreads() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        String html = html(shop, ReportOptions.defaults());
        String withoutComments = html.replaceAll("(?s)<!--.*?-->", "");
        assertThat(withoutComments).doesNotContain("http://", "https://", "<link", "@import", "url(")
                .doesNotContainPattern("<script[^>]*\\ssrc=").doesNotContainPattern("<img");
        JsonNode profile = profile(html);
        assertThat(profile.get("metric").asText()).isEqualTo("Total time");
        assertThat(profile.get("unit").asText()).isEqualTo("ns");
        JsonNode trees = profile.get("trees");
        assertThat(trees).extracting(t -> t.get("name").asText())
                .containsExactly("all threads", "main (#1)", "worker-1 (#12)", "idle (#13)");
        int totalTime = shop.metricIndex("total_time");
        assertThat(trees.get(0).get("root").get("value").asLong()).isEqualTo(total(shop, totalTime)).isEqualTo(2_300_000_000L);
        for (int i = 1; i < trees.size(); i++) {
            assertThat(trees.get(i).get("root").get("value").asLong())
                    .isEqualTo(CallTrees.totals(shop.threads().get(i - 1).root(), shop.metrics())[totalTime]);
        }
        for (JsonNode t : trees) check(t.get("root"), new ArrayList<>());
        // worker-1's Cart.total took no time: below the minimum percent, left out unless that is 0
        assertThat(trees.get(2).toString()).doesNotContain("Cart.total");
        assertThat(profile(html(shop, ReportOptions.defaults().withMinPercent(0))).get("trees").get(2).toString())
                .contains("com.acme.Cart.total");
        JsonNode main = trees.get(1).get("root").get("children").get(0);
        assertThat(main.get("name").asText()).isEqualTo("com.acme.Main.main");
        assertThat(main.get("children").get(0).get("children")).extracting(c -> c.get("name").asText() + " " + c.get("value"))
                .containsExactly("com.acme.Cart.add 1500000000", "com.acme.Cart.total 400000000");
    }

    @Test
    void anExclusiveValueSizesFramesByTheirSubtreesAndOneThreadIsOneTree() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        JsonNode profile = profile(html(shop, ReportOptions.defaults().withValue("self").withThreads("main")));
        assertThat(profile.get("trees")).hasSize(1);
        JsonNode root = profile.get("trees").get(0).get("root");
        int self = shop.metricIndex("self_time");
        assertThat(root.get("value").asLong()).isEqualTo(CallTrees.totals(shop.threads().get(0).root(), shop.metrics())[self]);
        check(root, new ArrayList<>());
        // Main.main: its own 1 ms, Shop.run's 99 ms, Cart's 1.9 s
        assertThat(root.get("children").get(0).get("value").asLong()).isEqualTo(2_000_000_000L);
    }

    @Test
    void namesCannotEndTheScriptElement() throws Exception {
        MethodTable m = new MethodTable();
        int run = m.add("p.Job", "run", "()V").id();
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode r = root(3);
        node(r, run, 1, 100, 100);
        s.addThread(new ThreadProfile(1, "</script><script>alert(1)</script>", TestSnapshots.sumIntoRoot(r)));
        String html = html(s, ReportOptions.defaults());
        assertThat(html).doesNotContain("alert(1)</script>");
        assertThat(profile(html).get("trees").get(0).get("name").asText()).isEqualTo("</script><script>alert(1)</script> (#1)");
    }
}
