package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.candor.core.testing.CallNodes.node;
import static org.candor.core.testing.CallNodes.sampledNode;

import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.report.PerturbationReport;
import org.candor.core.snapshot.SnapshotFile;
import org.junit.jupiter.api.Test;

class PerturbationTest {

    private static final long MS = 1_000_000;

    /**
     * main -> loop -> get (10 million calls of a getter) and main -> work: get's 200 ms are all probe effect (the
     * trivial methods showed 20 ns a call).
     */
    private static Snapshot instrumented(boolean withEstimate, long loopSelf, long getSelf) {
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "instrumentation"),
                Snapshot.instrumentationMetrics(), new MethodTable());
        int main = s.methods().add("app.Main", "main", "([Ljava/lang/String;)V").id();
        int loop = s.methods().add("app.Main", "loop", "()J").id();
        int get = s.methods().add("app.Item", "get", "()I").id();
        int work = s.methods().add("app.Main", "work", "()D").id();
        CallNode root = new CallNode(null, CallNode.ROOT, 3);
        CallNode m = node(root, main, 1, 10 * MS + loopSelf + getSelf + 300 * MS, 10 * MS);
        CallNode l = node(m, loop, 1, loopSelf + getSelf, loopSelf);
        node(l, get, 10_000_000, getSelf, getSelf);
        node(m, work, 1, 300 * MS, 300 * MS);
        s.addThread(new ThreadProfile(1, "main", root));
        if (withEstimate) {
            s.putStat(ProbeEffect.TRIVIAL_METHODS, 1);
            s.putStat(ProbeEffect.TRIVIAL_CALLS, 10_000_000);
            s.putStat(ProbeEffect.TRIVIAL_SELF, 200 * MS);
        }
        return s;
    }

    /**
     * The same program without probes, sampled (1 µs a sample, CallNodes): the getter inlined into loop; work's time
     * partly in a JDK method; a JDK thread outside the instrumented code. The method ids differ from the other file's.
     */
    private static Snapshot sampled(long loopSelf, long getSelf) {
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.MODE, "sampling"), Snapshot.samplingMetrics(false),
                new MethodTable());
        int sqrt = s.methods().add("java.lang.Math", "sqrt", "(D)D").id();
        int work = s.methods().add("app.Main", "work", "()D").id();
        int main = s.methods().add("app.Main", "main", "([Ljava/lang/String;)V").id();
        int get = s.methods().add("app.Item", "get", "()I").id();
        int loop = s.methods().add("app.Main", "loop", "()J").id();
        int wait = s.methods().add("java.lang.ref.Reference", "waitForReferencePendingList", "()V").id();
        CallNode root = new CallNode(null, CallNode.ROOT, 4);
        CallNode m = sampledNode(root, main, 10 + loopSelf + getSelf + 300, 10);
        CallNode l = sampledNode(m, loop, loopSelf + getSelf, loopSelf);
        sampledNode(l, get, getSelf, getSelf);
        CallNode w = sampledNode(m, work, 300, 200);
        sampledNode(w, sqrt, 100, 100);
        s.addThread(new ThreadProfile(1, "main", root));
        CallNode other = new CallNode(null, CallNode.ROOT, 4);
        sampledNode(other, wait, 50, 50);
        s.addThread(new ThreadProfile(2, "Reference Handler", other));
        return s;
    }

    private static Perturbation of(Snapshot a, Snapshot b) throws Exception {
        return Perturbation.of(SnapshotFile.of(a), SnapshotFile.of(b));
    }

    private static Perturbation.Row row(Perturbation p, String name) {
        return p.rows().stream().filter(r -> r.method().name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aGetterMadeSlowOnlyByItsProbesComesFirstAndTheRealWorkIsNotBlamed() throws Exception {
        Perturbation p = of(instrumented(true, 100 * MS, 200 * MS), sampled(100, 5));
        assertThat(p.rows()).extracting(r -> r.method().name()).containsExactly("get", "work", "loop", "main");
        Perturbation.Row get = p.rows().get(0);
        assertThat(get.instrumentedShare()).isCloseTo(200.0 / 610, within(1e-9));
        assertThat(get.sampledShare()).isCloseTo(5.0 / 415, within(1e-9));
        assertThat(get.calls()).isEqualTo(10_000_000);
        assertThat(get.probeEffect()).isEqualTo(200 * MS);
        assertThat(get.cause()).isEqualTo(Perturbation.Cause.PROBE_EFFECT_SHORT);

        Perturbation.Row work = row(p, "work");
        assertThat(work.sampledShare()).as("the JDK method's samples count at work, as the probes count them")
                .isCloseTo(300.0 / 415, within(1e-9));
        assertThat(work.cause()).isEqualTo(Perturbation.Cause.SHRUNK_BY_OTHERS);
        assertThat(row(p, "loop").cause()).isEqualTo(Perturbation.Cause.SHRUNK_BY_OTHERS);
        assertThat(row(p, "main").cause()).isEqualTo(Perturbation.Cause.WITHIN_ERROR);
        assertThat(row(p, "loop").calleeCalls()).isEqualTo(10_000_000);
    }

    @Test
    void whatTheInstrumentedRunDoesNotSeeIsReportedApartNotAsPerturbation() throws Exception {
        Perturbation p = of(instrumented(true, 100 * MS, 200 * MS), sampled(100, 5));
        assertThat(p.rows()).extracting(r -> r.method().className()).doesNotContain("java.lang.Math", "java.lang.ref.Reference");
        assertThat(p.uninstrumented()).extracting(u -> u.method().name()).containsExactly("sqrt");
        assertThat(p.sampledTotal()).isEqualTo(465_000);
        assertThat(p.sampledCommon()).isEqualTo(415_000);
        assertThat(p.sampledUninstrumented()).isEqualTo(100_000);
        assertThat(p.samples()).isEqualTo(415);
        assertThat(p.instrumentedTotal()).isEqualTo(610 * MS);
        assertThat(p.slowdown()).isCloseTo(610.0 * MS / 415_000, within(1e-6));
    }

    @Test
    void eitherOrderGivesTheSameReport() throws Exception {
        Perturbation a = of(instrumented(true, 100 * MS, 200 * MS), sampled(100, 5));
        Perturbation b = of(sampled(100, 5), instrumented(true, 100 * MS, 200 * MS));
        assertThat(PerturbationReport.format(b, "i", "s", 10)).isEqualTo(PerturbationReport.format(a, "i", "s", 10));
    }

    @Test
    void withoutAnEstimateAGrownCallerOfManyCallsHasLostInliningAndItsCalleeLostTime() throws Exception {
        // loop 300 ms instrumented, 100 samples plain; get 10 ms against 100: no trivial statistics to explain either
        Perturbation p = of(instrumented(false, 300 * MS, 10 * MS), sampled(100, 100));
        assertThat(p.probeEffect()).isNull();
        assertThat(row(p, "loop").cause()).isEqualTo(Perturbation.Cause.LOST_INLINING);
        assertThat(row(p, "get").cause()).isEqualTo(Perturbation.Cause.MOVED);
        assertThat(row(p, "main").cause()).isEqualTo(Perturbation.Cause.WITHIN_ERROR);
    }

    @Test
    void aGrownMethodWithoutCalleesChangedCompilation() throws Exception {
        // work: 300 ms of 330 instrumented (91 %), 300 of 1,110 samples plain (27 %); it calls no instrumented method
        Perturbation p = of(instrumented(false, 10 * MS, 10 * MS), sampled(400, 400));
        assertThat(row(p, "work").cause()).isEqualTo(Perturbation.Cause.CHANGED_COMPILATION);
    }

    @Test
    void twoProfilesOfOneKindAreRefused() {
        assertThatThrownBy(() -> of(instrumented(true, 1, 1), instrumented(true, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("both profiles are instrumented");
        assertThatThrownBy(() -> of(sampled(1, 1), sampled(1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("both profiles are sampled");
    }

    @Test
    void theReportNamesEachMethodWithItsCauseAndTheTimeAgainstThePlainRun() throws Exception {
        String text = PerturbationReport.format(of(instrumented(true, 100 * MS, 200 * MS), sampled(100, 5)),
                "run.candor", "run-sampled.candor", 2);
        List<String> lines = text.lines().collect(java.util.stream.Collectors.toList());
        assertThat(lines.get(0)).isEqualTo("Candor perturbation report: run.candor (instrumented) against"
                + " run-sampled.candor (sampled, no probes)");
        assertThat(text).contains("Recorded: instrumented 610 ms calibrated, sampled 415 µs in the same code (1469.88x)");
        assertThat(text).contains("Left out: 10.8% of the sampled time (50.0 µs) had no instrumented method on its stack");
        assertThat(text).contains("Probe effect: 20.0 ns a call");
        assertThat(text).containsPattern("32\\.8% +1\\.2% +\\+31\\.6 .* app\\.Item\\.get\\(\\) \\(probe effect on a short method\\)");
        assertThat(text).contains("app.Main.work() (undisturbed: smaller only as other methods grew)");
        assertThat(text).contains("(2 more methods; --top N shows more)");
        assertThat(text).contains("Not instrumented: 24.1% of the sampled time").contains("java.lang.Math.sqrt(double)");
    }
}
