package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.candor.core.model.MeasuredMetric;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

/** A profile whose probes counted events (here page faults): counts as counts in every format, never as times. */
class CounterReportTest {

    /** The shop's values, as if they were page faults. */
    private static Snapshot pageFaults() {
        Snapshot s = TestSnapshots.shop().withMetrics(MeasuredMetric.of("page-faults", "events").instrumentationColumns());
        s.info().put(SnapshotInfo.METRIC, "page-faults").put(SnapshotInfo.METRIC_UNIT, "events");
        return s;
    }

    private static String report(ReportFormat format, Snapshot s, ReportOptions options) throws Exception {
        StringBuilder out = new StringBuilder();
        format.write(s, options, out);
        return out.toString();
    }

    @Test
    void measuredMetricNamesTheColumns() {
        MeasuredMetric faults = MeasuredMetric.of("page-faults", "events");
        assertThat(faults.total()).isEqualTo(new Metric("total_page_faults", "x", Metric.Unit.COUNT, true));
        assertThat(faults.total().label()).isEqualTo("Total page faults");
        assertThat(faults.total().inclusive()).isTrue();
        assertThat(faults.self().key()).isEqualTo("self_page_faults");
        assertThat(faults.self().inclusive()).isFalse();
        MeasuredMetric cpu = MeasuredMetric.of("cpu", "ns");
        assertThat(cpu.total()).isEqualTo(Metric.TOTAL_TIME);
        assertThat(cpu.total().label()).isEqualTo("Total CPU time");
        assertThat(cpu.self().label()).isEqualTo("Self CPU time");
        assertThat(MeasuredMetric.wallTime().instrumentationColumns()).isEqualTo(Snapshot.instrumentationMetrics());
        assertThat(MeasuredMetric.of(new SnapshotInfo())).isSameAs(MeasuredMetric.wallTime());
        assertThat(MeasuredMetric.of(pageFaults().info()).isEvents()).isTrue();
    }

    @Test
    void textShowsCountsUnderTheCountersNameAndRanksHotSpotsBySelfCount() throws Exception {
        String text = report(ReportFormat.TEXT, pageFaults(), ReportOptions.defaults());
        assertThat(text).contains("  Metric:     page-faults (events)\n")
                .contains("  Thread          Total page faults  Self page faults       Calls\n")
                .contains("Thread main (#1): Total page faults 2000000000, Self page faults 2000000000, Calls 1012\n")
                .contains("  Percent  Total page faults  Self page faults       Calls  Method\n")
                .contains("Hot spots: top ")
                .contains(" methods by Self page faults (all threads)\n")
                .doesNotContain(" ms ").doesNotContain(" s ").doesNotContain("µs");
    }

    @Test
    void csvAndCollapsedUseTheCounts() throws Exception {
        String csv = report(ReportFormat.CSV, pageFaults(), ReportOptions.defaults());
        assertThat(csv).startsWith("thread,thread_id,depth,path,class,method,descriptor,calls,total_page_faults,self_page_faults\r\n");
        String collapsed = report(ReportFormat.COLLAPSED, pageFaults(), ReportOptions.defaults());
        String selfCollapsed = report(ReportFormat.COLLAPSED, pageFaults(), ReportOptions.defaults().withValue("self"));
        assertThat(collapsed).isEqualTo(selfCollapsed)
                .isEqualTo(report(ReportFormat.COLLAPSED, pageFaults(), ReportOptions.defaults().withValue("self_page_faults")));
        assertThat(report(ReportFormat.COLLAPSED, pageFaults(), ReportOptions.defaults().withValue("total")))
                .isEqualTo(report(ReportFormat.COLLAPSED, pageFaults(), ReportOptions.defaults().withValue("total_page_faults")));
    }

    @Test
    void anUnknownValueNamesTheCountersColumns() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReportOptions.metricIndex(pageFaults(), "total_time"))
                .hasMessage("the snapshot has no metric for value 'total_time'; its metrics are calls, total_page_faults, self_page_faults");
    }
}
