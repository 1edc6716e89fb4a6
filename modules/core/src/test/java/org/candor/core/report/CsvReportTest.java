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

class CsvReportTest {

    /** A strict RFC 4180 parser: CRLF records, quoted fields with doubled quotes. */
    static List<List<String>> parse(String csv) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        while (i < csv.length()) {
            char c = csv.charAt(i);
            if (c == '"' && field.length() == 0) {
                i++;
                while (true) {
                    char q = csv.charAt(i++);
                    if (q == '"') {
                        if (i < csv.length() && csv.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(q);
                    }
                }
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
                i++;
            } else if (c == '\r') {
                assertThat(csv.charAt(i + 1)).isEqualTo('\n');
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
                i += 2;
            } else {
                assertThat(c).as("bare line feed or quote at %d", i).isNotIn('\n', '"');
                field.append(c);
                i++;
            }
        }
        assertThat(field.length()).as("last record ends with CRLF").isZero();
        assertThat(row).isEmpty();
        return rows;
    }

    @Test
    void everyNodeIsARowAndParsesBack() throws Exception {
        Snapshot shop = TestSnapshots.shop();
        StringBuilder out = new StringBuilder();
        ReportFormat.CSV.write(shop, ReportOptions.defaults(), out);
        List<List<String>> rows = parse(out.toString());

        assertThat(rows.get(0)).containsExactly("thread", "thread_id", "depth", "path", "class", "method",
                "descriptor", "calls", "total_ns", "self_ns");
        assertThat(rows).hasSize(1 + 4 + 4);
        assertThat(rows.get(3)).containsExactly("main", "1", "3", "com.acme.Main.main;com.acme.Shop.run;com.acme.Cart.add",
                "com.acme.Cart", "add", "(Lcom/acme/Item;I)V", "1000", "1500000000", "1500000000");
        assertThat(rows.get(4).get(3)).endsWith(";com.acme.Cart.total");
        assertThat(rows.subList(5, 9)).extracting(r -> r.get(0) + "/" + r.get(2))
                .containsExactly("worker-1/1", "worker-1/2", "worker-1/3", "worker-1/2");
        for (List<String> r : rows) assertThat(r).hasSize(10);
    }

    @Test
    void oddNamesAreQuoted() throws Exception {
        MethodTable m = new MethodTable();
        m.add("odd.Name", "m", "()V");
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode r = TestSnapshots.root(3);
        TestSnapshots.node(r, 0, 1, -5, -5);
        s.addThread(new ThreadProfile(3, "pool, \"fast\"\nlane", TestSnapshots.sumIntoRoot(r)));
        StringBuilder out = new StringBuilder();
        ReportFormat.CSV.write(s, ReportOptions.defaults(), out);
        assertThat(out.toString()).contains("\"pool, \"\"fast\"\"\nlane\",3,1,");
        List<List<String>> rows = parse(out.toString());
        assertThat(rows.get(1)).containsExactly("pool, \"fast\"\nlane", "3", "1", "odd.Name.m", "odd.Name", "m", "()V",
                "1", "-5", "-5");
    }

    @Test
    void threadFilterAndMergingApply() throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.CSV.write(TestSnapshots.shop(), ReportOptions.defaults().withThreads("main"), out);
        List<List<String>> rows = parse(out.toString());
        assertThat(rows).hasSize(5);
        assertThat(rows.subList(1, 5)).allSatisfy(r -> assertThat(r.get(0)).isEqualTo("main"));

        out.setLength(0);
        ReportFormat.CSV.write(TestSnapshots.shop(), ReportOptions.defaults().withGrouping(ThreadGrouping.MERGED), out);
        rows = parse(out.toString());
        assertThat(rows).hasSize(9);
        assertThat(rows.subList(1, 9)).allSatisfy(r -> assertThat(r.get(1)).isEqualTo("-1"));
    }
}
