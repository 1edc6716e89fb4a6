package org.candor.core.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.junit.jupiter.api.Test;

class CalibratedValuesTest {

    /** calls, total, self, raw total, raw self */
    private static Snapshot calibrated() {
        MethodTable methods = new MethodTable();
        int a = methods.add("com.acme.A", "run", "()V").id();
        int b = methods.add("com.acme.B", "leaf", "()V").id();
        Snapshot s = new Snapshot(new SnapshotInfo().put(SnapshotInfo.CALIBRATION, "runtime"),
                Snapshot.instrumentationMetrics(true), methods);
        CallNode root = new CallNode(null, CallNode.ROOT, 5);
        CallNode na = new CallNode(root, a, 5);
        set(na, 1, 900, 400, 1500, 700);
        CallNode nb = new CallNode(na, b, 5);
        set(nb, 10, 500, 500, 800, 800);
        set(root, 1, 900, 0, 1500, 0);
        s.addThread(new ThreadProfile(1, "main", root));
        s.putStat("calls.dropped", 0);
        return s;
    }

    private static void set(CallNode n, long... v) {
        for (int k = 0; k < v.length; k++) n.setValue(k, v[k]);
    }

    @Test
    void calibratedIsTheDefaultAndRawIsOnRequest() {
        Snapshot s = calibrated();
        assertThat(CalibratedValues.isCalibrated(s)).isTrue();
        Snapshot cal = CalibratedValues.select(s, false);
        Snapshot raw = CalibratedValues.select(s, true);
        assertThat(cal.metrics()).containsExactly(Metric.CALLS, Metric.TOTAL_TIME, Metric.SELF_TIME);
        assertThat(raw.metrics()).containsExactly(Metric.CALLS, Metric.TOTAL_TIME, Metric.SELF_TIME);
        CallNode ca = cal.threads().get(0).root().children().get(0);
        CallNode ra = raw.threads().get(0).root().children().get(0);
        assertThat(new long[] {ca.value(0), ca.value(1), ca.value(2)}).containsExactly(1, 900, 400);
        assertThat(new long[] {ra.value(0), ra.value(1), ra.value(2)}).containsExactly(1, 1500, 700);
        assertThat(ra.children().get(0).value(1)).isEqualTo(800);
        assertThat(cal.info().get(CalibratedValues.VALUES)).isEqualTo("calibrated");
        assertThat(raw.info().get(CalibratedValues.VALUES)).isEqualTo("raw");
        assertThat(raw.stats()).containsEntry("calls.dropped", 0L);
    }

    @Test
    void anUncalibratedSnapshotIsLeftAsItIs() {
        Snapshot plain = new Snapshot(new SnapshotInfo(), Snapshot.instrumentationMetrics(), new MethodTable());
        assertThat(CalibratedValues.select(plain, true)).isSameAs(plain);
    }

    @Test
    void theTextReportSaysWhichTimesItShows() throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.TEXT.write(CalibratedValues.select(calibrated(), true), ReportOptions.defaults(), out);
        assertThat(out).contains("Times:      raw (as measured; calibration runtime not applied)");
        assertThat(out).contains("1.50 µs");
    }
}
