package org.candor.core.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.TreeVisitor;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/**
 * RFC 4180 CSV, one row per call-tree node in depth-first order (children by the chosen value, highest first):
 * thread, thread_id, depth (1 for the outermost call), path (frames joined by {@code ;}), class, method, descriptor,
 * then one column per metric holding raw values ({@code calls}, {@code total_ns}, {@code self_ns}).
 */
final class CsvReport implements ReportWriter {

    private static final String EOL = "\r\n";

    @Override
    public void write(Snapshot snapshot, ReportOptions options, Appendable out) throws IOException {
        int value = options.valueIndex(snapshot, "total");
        List<Metric> metrics = snapshot.metrics();
        StringBuilder header = new StringBuilder("thread,thread_id,depth,path,class,method,descriptor");
        for (Metric m : metrics) header.append(',').append(field(columnName(m)));
        out.append(header).append(EOL);

        String[] frames = CollapsedReport.frameNames(snapshot.methods());
        try {
            for (ThreadProfile thread : ReportSupport.threads(snapshot, options, false)) {
                String threadColumns = field(thread.name()) + "," + thread.threadId() + ",";
                FramePath path = new FramePath("");
                StringBuilder row = new StringBuilder();
                CallTrees.walk(thread.root(), ReportSupport.byValueDescending(value, snapshot.methods()),
                        new TreeVisitor() {
                            @Override public boolean enter(CallNode node, int depth) {
                                if (depth == 0) return true;
                                MethodInfo m = snapshot.methods().get(node.methodId());
                                path.enter(depth, frames[node.methodId()]);
                                row.setLength(0);
                                row.append(threadColumns).append(depth).append(',');
                                row.append(field(path.text().toString())).append(',');
                                row.append(field(m.className())).append(',');
                                row.append(field(m.name())).append(',');
                                row.append(field(m.descriptor()));
                                for (int k = 0; k < metrics.size(); k++) row.append(',').append(node.value(k));
                                append(out, row.append(EOL));
                                return true;
                            }

                            @Override public void exit(CallNode node, int depth) {
                                if (depth > 0) path.exit(depth);
                            }
                        });
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void append(Appendable out, CharSequence s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code total_time} becomes {@code total_ns}; other time metrics get {@code _ns} appended. */
    static String columnName(Metric m) {
        if (m.unit() != Metric.Unit.NANOS) return m.key();
        String key = m.key().endsWith("_time") ? m.key().substring(0, m.key().length() - 5) : m.key();
        return key + "_ns";
    }

    /** Quoted, with quotes doubled, when it holds a comma, quote or line break. */
    static String field(String s) {
        boolean quote = false;
        for (int i = 0; i < s.length() && !quote; i++) {
            char c = s.charAt(i);
            quote = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        return quote ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
