package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class ProbeEffectTest {

    private static final SnapshotInfo INSTRUMENTED = new SnapshotInfo().put("mode", "instrumentation").put("metric.unit", "ns");

    private static Map<String, Long> trivial(long methods, long calls, long self) {
        Map<String, Long> s = new LinkedHashMap<>();
        s.put(ProbeEffect.TRIVIAL_METHODS, methods);
        s.put(ProbeEffect.TRIVIAL_CALLS, calls);
        s.put(ProbeEffect.TRIVIAL_SELF, self);
        s.put(ProbeEffect.TRIVIAL_RAW_SELF, self * 3);
        return s;
    }

    @Test
    void aMethodsEstimateIsItsCallsTimesWhatATrivialCallShowedAtMostItsSelfTime() {
        ProbeEffect e = ProbeEffect.of(trivial(176, 150_000_000L, 7_050_000_000L), INSTRUMENTED);
        assertThat(e.perCall()).isEqualTo(47.0);
        assertThat(e.of(10_558_814, 520_000_000L)).isEqualTo(496_264_258L);  // ClassType.getTag: 94 % of it
        assertThat(e.of(1_969, 740_000_000L)).isEqualTo(92_543L);             // openOutputStream: next to none
        assertThat(e.of(17_041_242, 500_000_000L)).isEqualTo(500_000_000L);   // never more than the self time
        assertThat(e.of(0, 5)).isZero();
    }

    @Test
    void noEstimateWithoutEnoughTrivialCallsOrOutsideInstrumentation() {
        assertThat(ProbeEffect.of(trivial(3, ProbeEffect.MIN_CALLS - 1, 1_000_000), INSTRUMENTED)).isNull();
        assertThat(ProbeEffect.of(trivial(3, 1_000_000, 1_000_000), new SnapshotInfo().put("mode", "sampling"))).isNull();
        assertThat(ProbeEffect.of(new LinkedHashMap<>(), INSTRUMENTED)).isNull();  // an agent before the estimate
    }

    @Test
    void boundToATablesMetricsItFindsTheCallsAndTheSelfTimeOrIsNone() {
        ProbeEffect e = ProbeEffect.of(trivial(3, 1_000_000, 1_000_000_000L), INSTRUMENTED);  // 1 us a call
        ProbeEffect bound = e.on(Snapshot.instrumentationMetrics(true));
        assertThat(bound.selfMetric()).isEqualTo(Metric.indexOf(Snapshot.instrumentationMetrics(true), "self_time"));
        assertThat(e.on(java.util.List.of(Metric.CALLS, Metric.TOTAL_TIME))).as("no self time").isNull();
        assertThat(e.on(java.util.List.of(Metric.TOTAL_TIME, Metric.SELF_TIME))).as("no calls").isNull();
        org.candor.core.model.FlatProfile flat = new org.candor.core.model.FlatProfile(3, new int[] {0, 1},
                new long[] {10, 50_000, 40_000, 2_000, 9_000_000, 5_000_000});  // calls, total, self a row
        assertThat(e.on(java.util.List.of(Metric.CALLS, Metric.TOTAL_TIME, Metric.SELF_TIME)).sum(flat))
                .as("10 us, at most 40 us; 2,000 us, at most 5,000 us").isEqualTo(10_000 + 2_000_000);
    }

    @Test
    void timesShownRawTakeTheRawSelfTimeOfTheTrivialCalls() {
        SnapshotInfo raw = new SnapshotInfo().put("mode", "instrumentation").put(CalibratedValues.VALUES, "raw");
        assertThat(ProbeEffect.of(trivial(5, 1_000_000, 40_000_000), raw).perCall()).isEqualTo(120.0);
    }

    @Test
    void theWarningGivesTheEstimatedShareOfTheRecordedTimeFromTenPercentOn() {
        ProbeEffect e = ProbeEffect.of(trivial(176, 150_000_000L, 7_050_000_000L), INSTRUMENTED);
        assertThat(e.warning(34_500_000_000L, 53_600_000_000L)).isEqualTo("probe effect: the 176"
                + " trivial methods (straight-line code that calls nothing, next to nothing in a plain run) showed 47.0 ns a"
                + " call over 150,000,000 calls: the probes' effect on the code around them, which calibration does not"
                + " take out; at that much a call, an estimated 34.500 s of the 53.600 s recorded (64 %) is this effect,"
                + " not the program's work (column Probe effect (est.); a sampled profile sees the program undisturbed)");
        assertThat(e.warning(5_000_000_000L, 53_600_000_000L)).isNull();
        assertThat(e.warning(-1, 53_600_000_000L)).isNull();
    }

    @Test
    void theProbeEffectLineTakesThePlaceOfTheCallDensityOne() {
        Map<String, Long> stats = trivial(176, 150_000_000L, 7_050_000_000L);
        assertThat(SnapshotWarnings.of(stats, INSTRUMENTED, () -> 733_669_115L, () -> 53_600_000_000L,
                () -> 34_500_000_000L)).singleElement().asString().startsWith("probe effect: the 176 trivial methods");
        // without the estimate (an older agent), the density warning as before
        assertThat(SnapshotWarnings.of(new LinkedHashMap<>(), INSTRUMENTED, () -> 733_669_115L, () -> 53_600_000_000L,
                () -> -1)).singleElement().asString().startsWith("dense calls:");
    }

    @Test
    void theReportsHotSpotsShowEachMethodsEstimateAndItsWarningSumsThemOverAllThreads() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        shop.info().put("metric.unit", "ns");
        // 1 ms a trivial call: Cart.add's 1,000 calls bear 1.00 s of its 1.50 s, Cart.total's 15 calls 15 ms
        for (Map.Entry<String, Long> t : trivial(4, 20_000, 20_000_000_000L).entrySet()) shop.putStat(t.getKey(), t.getValue());
        StringBuilder text = new StringBuilder();
        ReportFormat.TEXT.write(shop, ReportOptions.defaults(), text);
        String report = text.toString();
        String hotSpots = report.substring(report.indexOf("Hot spots:"));
        String header = hotSpots.lines().filter(l -> l.contains("Probe effect (est.)") && l.contains("Method")).findFirst().orElseThrow();
        int column = header.indexOf("Probe effect (est.)") + "Probe effect (est.)".length();
        String add = hotSpots.lines().filter(l -> l.endsWith("com.acme.Cart.add(Item, int)")).findFirst().orElseThrow();
        assertThat(add.substring(0, column).trim()).endsWith("1.00 s");
        // over all threads' methods, each at most its self time: of 1,024 calls, worker-1's 5 calls of Cart.total had
        // no self time, so 1,019 ms
        assertThat(report).contains("an estimated 1.019 s of the 2.300 s recorded (44 %)");
        assertThat(SnapshotWarnings.of(shop)).anyMatch(w -> w.contains("an estimated 1.019 s of the 2.300 s recorded"));
    }
}
