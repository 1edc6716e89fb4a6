package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.candor.core.testing.TestSnapshots.node;
import static org.candor.core.testing.TestSnapshots.root;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class SpeedscopeReportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode speedscope(Snapshot s, ReportOptions options) throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.SPEEDSCOPE.write(s, options, out);
        return JSON.readTree(out.toString());
    }

    private static String collapsed(Snapshot s, ReportOptions options) throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.COLLAPSED.write(s, options, out);
        return out.toString();
    }

    /** speedscope's published schema of its files (test resource; where it comes from: speedscope-README.md). */
    private static final JsonSchema SCHEMA = schema();

    private static JsonSchema schema() {
        try (java.io.InputStream in = SpeedscopeReportTest.class.getResourceAsStream("speedscope-file-format-schema.json")) {
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V6).getSchema(JSON.readTree(in));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The file valid by speedscope's own schema (file-format-schema.json), and what the schema cannot say checked
     * rule by rule: frames named, indexes in range, a weight per sample, the end value their sum.
     */
    private static void checkSchema(JsonNode file) {
        assertThat(SCHEMA.validate(file)).as("errors by speedscope's schema").isEmpty();
        assertThat(file.get("$schema").asText()).isEqualTo("https://www.speedscope.app/file-format-schema.json");
        assertThat(file.get("exporter").asText()).startsWith("candor ");
        assertThat(file.get("name").isTextual()).isTrue();
        JsonNode frames = file.get("shared").get("frames");
        for (JsonNode f : frames) assertThat(f.get("name").asText()).isNotEmpty();
        JsonNode profiles = file.get("profiles");
        assertThat(profiles.size()).isPositive();
        assertThat(file.get("activeProfileIndex").asInt()).isBetween(0, profiles.size() - 1);
        for (JsonNode p : profiles) {
            assertThat(p.get("type").asText()).isEqualTo("sampled");
            assertThat(p.get("name").isTextual()).isTrue();
            // the schema's ValueUnit: a profile without one, or with another word, does not load
            assertThat(p.get("unit").asText()).isIn("none", "nanoseconds", "microseconds", "milliseconds", "seconds", "bytes");
            assertThat(p.get("startValue").asLong()).isZero();
            assertThat(p.get("weights").size()).isEqualTo(p.get("samples").size());
            long sum = 0;
            for (JsonNode w : p.get("weights")) sum += w.asLong();
            assertThat(p.get("endValue").asLong()).isEqualTo(sum);
            for (JsonNode stack : p.get("samples")) {
                assertThat(stack.size()).isPositive();
                for (JsonNode i : stack) assertThat(i.asInt()).isBetween(0, frames.size() - 1);
            }
        }
    }

    /** A profile as folded stacks: each sample's frame names joined by ';', then its weight. */
    private static String folded(JsonNode file, JsonNode profile) {
        JsonNode frames = file.get("shared").get("frames");
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < profile.get("samples").size(); i++) {
            List<String> names = new ArrayList<>();
            for (JsonNode f : profile.get("samples").get(i)) names.add(frames.get(f.asInt()).get("name").asText());
            s.append(String.join(";", names)).append(' ').append(profile.get("weights").get(i).asLong()).append('\n');
        }
        return s.toString();
    }

    private static long total(ThreadProfile t, Snapshot s, int metric) {
        return CallTrees.totals(t.root(), s.metrics())[metric];
    }

    @Test
    void aProfilePerThreadWeightedBySelfTimeAsTheCollapsedReportHasIt() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        JsonNode file = speedscope(shop, ReportOptions.defaults());
        checkSchema(file);
        JsonNode profiles = file.get("profiles");
        assertThat(profiles).extracting(p -> p.get("name").asText()).containsExactly("main", "worker-1", "idle");
        assertThat(file.get("activeProfileIndex").asInt()).isZero(); // main has the most self time
        int self = shop.metricIndex("self_time");
        for (int i = 0; i < 3; i++) {
            ThreadProfile t = shop.threads().get(i);
            JsonNode p = profiles.get(i);
            assertThat(p.get("unit").asText()).isEqualTo("nanoseconds");
            assertThat(p.get("endValue").asLong()).isEqualTo(total(t, shop, self));
            String prefix = "[" + t.name() + " tid=" + t.threadId() + "];";
            assertThat(folded(file, p)).isEqualTo(collapsed(shop, ReportOptions.defaults().withThreads(t.name()))
                    .replace(prefix, ""));
        }
        assertThat(profiles.get(2).get("samples").size()).isZero();
    }

    @Test
    void mergedThreadsAreOneProfileEqualToTheMergedFoldedStacks() throws Exception {
        Snapshot s = TestSnapshots.random(3, 3000, 16);
        JsonNode file = speedscope(s, ReportOptions.defaults().withGrouping(ThreadGrouping.MERGED));
        checkSchema(file);
        assertThat(file.get("profiles").size()).isEqualTo(1);
        JsonNode p = file.get("profiles").get(0);
        assertThat(p.get("name").asText()).isEqualTo("all threads");
        int self = s.metricIndex("self_time");
        long all = 0;
        for (ThreadProfile t : s.threads()) all += total(t, s, self);
        assertThat(p.get("endValue").asLong()).isEqualTo(all);
        assertThat(folded(file, p)).isEqualTo(collapsed(s, ReportOptions.defaults()));
    }

    @Test
    void callsHaveNoUnitAndOverloadsShareAFrameNamesEscaped() throws Exception {
        MethodTable m = new MethodTable();
        int run = m.add("p.Job", "run", "()V").id();
        int runInt = m.add("p.Job", "run", "(I)V").id();
        int io = m.add("p.Io$Read", "read", "([B)I").id();
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode r = root(3);
        node(node(r, run, 1, 100, 60), io, 2, 40, 40);
        node(node(r, runInt, 3, 30, 0), io, 1, 30, 30);
        s.addThread(new ThreadProfile(7, "worker \"7\"\n\u2028", TestSnapshots.sumIntoRoot(r)));

        JsonNode file = speedscope(s, ReportOptions.defaults().withValue("calls"));
        checkSchema(file);
        assertThat(file.get("shared").get("frames")).extracting(f -> f.get("name").asText())
                .containsExactly("p.Job.run", "p.Io$Read.read");
        JsonNode p = file.get("profiles").get(0);
        assertThat(p.get("name").asText()).isEqualTo("worker \"7\"\n\u2028");
        assertThat(p.get("unit").asText()).isEqualTo("none");
        assertThat(p.get("samples").toString()).isEqualTo("[[0],[0,1]]");
        assertThat(p.get("weights").toString()).isEqualTo("[4,3]");
    }

    @Test
    void unknownValueIsAClearError() {
        assertThatThrownBy(() -> speedscope(TestSnapshots.shop(), ReportOptions.defaults().withValue("samples")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the snapshot has no metric for value 'samples'; its metrics are calls, total_time, self_time");
    }

    @Test
    void theSchemaCheckRefusesAFileSpeedscopeWouldNot() throws Exception {
        JsonNode good = speedscope(TestSnapshots.shop(), ReportOptions.defaults());
        assertThat(SCHEMA.validate(good)).isEmpty();
        ObjectNode noWeights = good.deepCopy();
        ((ObjectNode) noWeights.get("profiles").get(0)).remove("weights");
        assertThat(SCHEMA.validate(noWeights)).as("a sampled profile without weights").isNotEmpty();
        ObjectNode badUnit = good.deepCopy();
        ((ObjectNode) badUnit.get("profiles").get(0)).put("unit", "ns");
        assertThat(SCHEMA.validate(badUnit)).as("a unit speedscope does not know").isNotEmpty();
    }
}
