package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class HotSpotsCsvReportTest {

    @Test
    void aRowPerMethodInTheTextReportsOrderWithItsFigures() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        StringBuilder out = new StringBuilder();
        ReportFormat.HOTSPOTS_CSV.write(shop, ReportOptions.defaults(), out);
        List<List<String>> rows = CsvReportTest.parse(out.toString());
        assertThat(rows.get(0)).containsExactly("class", "method", "descriptor", "calls", "total_ns", "self_ns", "self_ns_percent");
        assertThat(rows).hasSize(1 + shop.methods().size());

        // the same methods in the same order as the text report's hot spots
        StringBuilder text = new StringBuilder();
        ReportFormat.TEXT.write(shop, ReportOptions.defaults().withHotSpots(100), text);
        List<String> textOrder = new ArrayList<>();
        boolean inHotSpots = false;
        for (String line : text.toString().split("\n")) {
            if (line.startsWith("Hot spots")) inHotSpots = true;
            else if (inHotSpots && !line.trim().startsWith("Self") && !line.isBlank()) textOrder.add(line.substring(line.lastIndexOf("  ") + 2));
        }
        List<String> csvOrder = new ArrayList<>();
        for (List<String> r : rows.subList(1, rows.size())) {
            csvOrder.add(r.get(0) + "." + r.get(1));
        }
        assertThat(textOrder).hasSize(csvOrder.size());
        for (int i = 0; i < csvOrder.size(); i++) assertThat(textOrder.get(i)).startsWith(csvOrder.get(i) + "(");

        double percent = 0;
        for (List<String> r : rows.subList(1, rows.size())) percent += Double.parseDouble(r.get(6));
        assertThat(percent).as("self time's shares add up").isBetween(99.99, 100.01);
    }

    @Test
    void oddNamesAreQuoted() throws Exception {
        MethodTable m = new MethodTable();
        m.add("odd.Name", "m\"x", "(Ljava/lang/String;)V");
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode r = TestSnapshots.root(3);
        TestSnapshots.node(r, 0, 2, 7, 7);
        s.addThread(new ThreadProfile(3, "main", TestSnapshots.sumIntoRoot(r)));
        StringBuilder out = new StringBuilder();
        ReportFormat.HOTSPOTS_CSV.write(s, ReportOptions.defaults(), out);
        assertThat(CsvReportTest.parse(out.toString()).get(1))
                .containsExactly("odd.Name", "m\"x", "(Ljava/lang/String;)V", "2", "7", "7", "100.000");
        assertThat(out.toString()).contains("\"m\"\"x\"");
    }
}
