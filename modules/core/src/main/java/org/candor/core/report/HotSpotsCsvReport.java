package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import org.candor.core.analysis.HotSpot;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;

/**
 * The hot spots as RFC 4180 CSV ({@link CsvReport}'s fields and column names): one row per method of the selected
 * threads, every method, in the text report's order ({@link HotSpotTable}): class, method, descriptor, one column
 * per metric with raw values, the ranking metric's percent of its total ({@code self_ns_percent}), and the probes'
 * estimated effect where the snapshot has it ({@code probe_effect_ns}).
 */
final class HotSpotsCsvReport implements ReportWriter {

    private static final String EOL = "\r\n";

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        ReportContext report = new ReportContext(file, options);
        HotSpotTable table = HotSpotTable.of(report, options.valueIndex(report.metrics, false));
        List<Metric> metrics = report.metrics;
        try (ReportOutput out = new ReportOutput(stream)) {
            StringBuilder header = new StringBuilder("class,method,descriptor");
            for (Metric m : metrics) header.append(',').append(CsvReport.field(CsvReport.columnName(m)));
            header.append(',').append(CsvReport.field(CsvReport.columnName(metrics.get(table.rank)) + "_percent"));
            Metric effectMetric = table.effect == null ? null : metrics.get(table.effect.selfMetric());
            if (effectMetric != null) header.append(effectMetric.unit() == Metric.Unit.NANOS ? ",probe_effect_ns" : ",probe_effect");
            out.text(header).text(EOL);
            for (HotSpot h : table.spots) {
                MethodInfo m = h.method();
                out.text(CsvReport.field(m.className())).ascii(',').text(CsvReport.field(m.name())).ascii(',')
                        .text(CsvReport.field(m.descriptor()));
                for (int k = 0; k < metrics.size(); k++) out.ascii(',').number(h.value(k));
                out.ascii(',').text(table.total == 0 ? "" : String.format(Locale.ROOT, "%.3f", 100.0 * h.value(table.rank) / table.total));
                if (effectMetric != null) out.ascii(',').number(table.effect.of(h));
                out.text(EOL);
            }
        }
    }
}
