package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.candor.core.testing.CallNodes.node;

import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;
import org.junit.jupiter.api.Test;

/** Five runs of two builds of one program: the method made slower is found, the one left alone is not. */
class RunComparisonTest {

    private static final long MS = 1_000_000;
    /** Each run's noise, in per mille of a figure: the same spread on both sides, in another order. */
    private static final int[] NOISE_A = {-30, 10, 25, -5, 0};
    private static final int[] NOISE_B = {15, -25, 5, 30, -20};

    /** main -> handle -> parse, self times in ms; {@code extra}: B's build also calls cache() from handle. */
    static Snapshot run(long handleSelf, long parseSelf, int noise, boolean extra) {
        Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), new MethodTable());
        int main = s.methods().add("app.Main", "main", "([Ljava/lang/String;)V").id();
        int handle = s.methods().add("app.Server", "handle", "()V").id();
        int parse = s.methods().add("app.Parser", "parse", "()V").id();
        long h = handleSelf * MS * (1000 + noise) / 1000;
        long p = parseSelf * MS * (1000 - noise) / 1000;
        long c = extra ? 2 * MS : 0;
        CallNode root = new CallNode(null, CallNode.ROOT, 3);
        CallNode m = node(root, main, 1, h + p + c + MS, MS);
        CallNode hn = node(m, handle, 10, h + p + c, h);
        node(hn, parse, 100, p, p);
        if (extra) node(hn, s.methods().add("app.Cache", "get", "()V").id(), 10, c, c);
        s.addThread(new ThreadProfile(1, "main", root));
        return s;
    }

    private static List<SnapshotFile> runs(long handleSelf, long parseSelf, int[] noise, boolean extra) {
        List<SnapshotFile> runs = new ArrayList<>();
        for (int n : noise) runs.add(SnapshotFile.of(run(handleSelf, parseSelf, n, extra)));
        return runs;
    }

    private static RunComparison.Change change(RunComparison c, String method) {
        return c.methods().stream().filter(x -> x.method().name().equals(method)).findFirst().orElseThrow();
    }

    @Test
    void aRegressionIsSignificantAndAnUntouchedMethodIsNot() throws Exception {
        // build B's parse takes 20 % longer; handle is the same code, with the same ±3 % noise in every run
        RunComparison c = RunComparison.of(runs(50, 100, NOISE_A, false), runs(50, 120, NOISE_B, true), "self_time", 0.95);
        RunComparison.Change parse = change(c, "parse");
        assertThat(parse.verdict()).isEqualTo(RunComparison.Verdict.SLOWER);
        assertThat(parse.relativeChange()).isBetween(0.19, 0.21);
        assertThat(parse.relativeLow()).isBetween(0.05, 0.2);
        assertThat(parse.relativeHigh()).isBetween(0.2, 0.35);
        assertThat(change(c, "handle").verdict()).isEqualTo(RunComparison.Verdict.UNCHANGED);
        assertThat(change(c, "main").verdict()).isEqualTo(RunComparison.Verdict.UNCHANGED);
        assertThat(change(c, "get").verdict()).as("a method only B runs, 2 ms each time").isEqualTo(RunComparison.Verdict.SLOWER);
        assertThat(c.methods().get(0).method().name()).as("the slower ones first, largest first").isEqualTo("parse");
        assertThat(c.overall()).isEqualTo(RunComparison.Verdict.SLOWER);
        assertThat(c.total().verdict()).isEqualTo(RunComparison.Verdict.SLOWER);
        // four methods and the sum share the 5 %
        assertThat(c.eachConfidence()).isEqualTo(1 - 0.05 / 5, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(c.slowerByMoreThan(5)).extracting(RunComparison.Change::name)
                .contains("app.Parser.parse()").doesNotContain("app.Server.handle()");
        assertThat(c.slowerByMoreThan(50)).extracting(RunComparison.Change::name).containsExactly("app.Cache.get()");
    }

    @Test
    void runsWithoutDescriptorsMatchRunsWithThemByName() throws Exception {
        // B's runs as collapsed stacks name their methods: without descriptors
        List<SnapshotFile> b = new ArrayList<>();
        for (int n : NOISE_B) {
            Snapshot recorded = run(50, 120, n, false);
            MethodTable bare = new MethodTable();
            for (org.candor.core.model.MethodInfo m : recorded.methods().all()) bare.add(m.className(), m.name(), "");
            Snapshot s = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), bare);
            s.addThread(recorded.threads().get(0));
            b.add(SnapshotFile.of(s));
        }
        RunComparison c = RunComparison.of(runs(50, 100, NOISE_A, false), b, "self_time", 0.95);
        assertThat(c.methods()).hasSize(3);
        assertThat(change(c, "parse").verdict()).isEqualTo(RunComparison.Verdict.SLOWER);
        assertThat(change(c, "handle").verdict()).isEqualTo(RunComparison.Verdict.UNCHANGED);
    }

    @Test
    void theSameBuildTwiceIsUnchanged() throws Exception {
        RunComparison c = RunComparison.of(runs(50, 100, NOISE_A, false), runs(50, 100, NOISE_B, false), "self_time", 0.95);
        assertThat(c.methods()).allMatch(x -> x.verdict() == RunComparison.Verdict.UNCHANGED);
        assertThat(c.overall()).isEqualTo(RunComparison.Verdict.UNCHANGED);
        assertThat(c.slowerByMoreThan(0)).isEmpty();
    }

    @Test
    void aFasterBuildIsFaster() throws Exception {
        RunComparison c = RunComparison.of(runs(50, 120, NOISE_A, false), runs(50, 100, NOISE_B, false), "self_time", 0.95);
        assertThat(change(c, "parse").verdict()).isEqualTo(RunComparison.Verdict.FASTER);
        assertThat(c.overall()).isEqualTo(RunComparison.Verdict.FASTER);
    }

    @Test
    void oneRunASideGivesNoVerdict() throws Exception {
        RunComparison c = RunComparison.of(runs(50, 100, new int[] {0}, false), runs(50, 200, NOISE_B, false), "self_time", 0.95);
        assertThat(c.overall()).isEqualTo(RunComparison.Verdict.NOT_ENOUGH_RUNS);
        assertThat(change(c, "parse").verdict()).isEqualTo(RunComparison.Verdict.NOT_ENOUGH_RUNS);
        assertThat(change(c, "parse").interval()).isNull();
        assertThat(c.slowerByMoreThan(0)).isEmpty();
    }

    @Test
    void badInputIsOneClearError() {
        assertThatThrownBy(() -> RunComparison.of(List.of(), runs(50, 100, NOISE_B, false), "self_time", 0.95))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("no runs before (A)");
        assertThatThrownBy(() -> RunComparison.of(runs(50, 100, NOISE_A, false), runs(50, 100, NOISE_B, false), "samples", 0.95))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("run 1 of A has no 'samples' to compare");
    }
}
