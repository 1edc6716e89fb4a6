package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.candor.core.model.Snapshot;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

class SnapshotDiffReportTest {

    private static String write(Snapshot a, Snapshot b, SnapshotDiffReport.Format format, double minPercent) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new SnapshotDiffReport(SnapshotFile.of(a), SnapshotFile.of(b), "a", "b", 30, minPercent).write(format, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aCallPathThousandsDeepIsWalkedWithoutRecursion() throws Exception {
        // 10,000 calls deep: a recursive walk would overflow the stack (its folded stacks would be gigabytes)
        Snapshot deep = TestSnapshots.chain(10_000);
        String page = write(deep, deep, SnapshotDiffReport.Format.FLAMEGRAPH, 0);
        String json = page.substring(page.indexOf(FlamegraphReport.DATA_START) + FlamegraphReport.DATA_START.length(),
                page.indexOf("</script>", page.indexOf(FlamegraphReport.DATA_START)));
        // (booleans asserted: the JSON is too long to print on a failure)
        assertThat(json.chars().filter(c -> c == '{').count()).isEqualTo(json.chars().filter(c -> c == '}').count());
        assertThat(json.startsWith("{\"name\":\"b against a\",\"metric\":\"Total time\",\"unit\":\"ns\",\"baseline\":\"a\"")).isTrue();
        assertThat(json.contains("{\"name\":\"deep.Recursion.across\",\"value\":1,\"base\":1}")).isTrue();
        assertThat(json.endsWith("\"value\":10000,\"base\":10000}],\"value\":10000,\"base\":10000}}]}")).isTrue();
    }

    @Test
    void aPathOnlyOneSideHasShowsZeroOnTheOther() throws Exception {
        String folded = write(TestSnapshots.chain(2), TestSnapshots.chain(3), SnapshotDiffReport.Format.COLLAPSED, 0);
        assertThat(folded.lines()).containsExactly("deep.Recursion.down 1 1", "deep.Recursion.down;deep.Recursion.across 1 1",
                "deep.Recursion.down;deep.Recursion.across;deep.Recursion.down 0 1");
    }

    @Test
    void theHtmlDiffIsTheTextUnderTwoHeadings() throws Exception {
        Snapshot a = TestSnapshots.shop();
        Snapshot b = TestSnapshots.chain(3);
        String text = write(a, b, SnapshotDiffReport.Format.TEXT, 0.5);
        String html = write(a, b, SnapshotDiffReport.Format.HTML, 0.5);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<h2 id=\"[a-z-]+\">([^<]*)</h2><pre>([^<]*)</pre>").matcher(html);
        StringBuilder lines = new StringBuilder();
        List<String> headings = new java.util.ArrayList<>();
        while (m.find()) {
            headings.add(m.group(1));
            lines.append(m.group(2).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")).append(headings.size() == 1 ? "\n" : "");
        }
        assertThat(headings).containsExactly("Methods", "Call paths");
        assertThat(html).contains("<h1>Candor diff: A = a (baseline), B = b</h1>").doesNotContain("<script");
        assertThat("Candor diff: A = a (baseline), B = b\n\n" + lines).isEqualTo(text);
    }

    @Test
    void formatsAreNamedOnce() {
        assertThat(SnapshotDiffReport.Format.of("FlameGraph")).isEqualTo(SnapshotDiffReport.Format.FLAMEGRAPH);
        assertThatThrownBy(() -> SnapshotDiffReport.Format.of("pdf"))
                .hasMessage("unknown diff format 'pdf'; use text, html, collapsed, flamegraph");
    }
}
