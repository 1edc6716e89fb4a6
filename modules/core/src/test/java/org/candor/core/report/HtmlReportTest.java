package org.candor.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;
import org.candor.core.testing.TestSnapshots;
import org.junit.jupiter.api.Test;

/** The HTML report: the text report's lines, escaped, under a heading per part, in the text report's order. */
class HtmlReportTest {

    private static String html(Snapshot s) throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.HTML.write(s, ReportOptions.defaults(), out);
        return out.toString();
    }

    private static String text(Snapshot s) throws Exception {
        StringBuilder out = new StringBuilder();
        ReportFormat.TEXT.write(s, ReportOptions.defaults(), out);
        return out.toString();
    }

    /** The headings, and the preformatted text under them unescaped. */
    private static List<String> parts(String html, StringBuilder lines) {
        List<String> headings = new ArrayList<>();
        Matcher m = Pattern.compile("<h2 id=\"[a-z-]+\">([^<]*)</h2><pre>([^<]*)</pre>").matcher(html);
        while (m.find()) {
            headings.add(m.group(1));
            lines.append(m.group(2).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
        }
        return headings;
    }

    @Test
    void theTextReportsPartsUnderTheirHeadingsWithMarkupEscaped() throws Exception {
        MethodTable m = new MethodTable();
        m.add("com.acme.Box<T>", "<init>", "()V");
        m.add("com.acme.A&B", "run", "()V");
        Snapshot s = TestSnapshots.instrumentation(m);
        CallNode root = TestSnapshots.root(3);
        TestSnapshots.node(TestSnapshots.node(root, 1, 1, 100, 40), 0, 3, 60, 60);
        s.addThread(new ThreadProfile(1, "main <1>", TestSnapshots.sumIntoRoot(root)));

        String html = html(s);
        StringBuilder lines = new StringBuilder();
        assertThat(parts(html, lines)).containsExactly("Profile", "Call trees", "Hot spots");
        assertThat(lines.toString()).isEqualTo(text(s));
        assertThat(html).contains("com.acme.Box&lt;T&gt;.&lt;init&gt;()").contains("com.acme.A&amp;B.run()")
                .doesNotContain("<init>").doesNotContain("<script").doesNotContain("http");
        assertThat(html).contains("<nav><a href=\"#profile\">Profile</a> \u00b7 <a href=\"#call-trees\">Call trees</a>"
                + " \u00b7 <a href=\"#hot-spots\">Hot spots</a></nav>");
    }

    @Test
    void aCalibratedSnapshotsTableIsAPartOfItsOwn() throws Exception {
        Snapshot s = TestSnapshots.shop();
        s.putStat("calibration.jit-En-jit-Ex-jit.count", 39268893).putStat("calibration.jit-En-jit-Ex-jit.min_ps", 21538);
        StringBuilder lines = new StringBuilder();
        assertThat(parts(html(s), lines)).containsExactly("Profile", "Calibration", "Call trees", "Hot spots");
        assertThat(lines.toString()).isEqualTo(text(s));
    }
}
