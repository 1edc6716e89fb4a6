package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.candor.core.analysis.MethodRanks;
import org.candor.core.analysis.TreeWalk;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;

/**
 * RFC 4180 CSV, one row per call-tree node in depth-first order (children by the chosen value, highest first):
 * thread, thread_id, depth (1 for the outermost call), path (frames joined by {@code ;}), class, method, descriptor,
 * then one column per metric holding raw values ({@code calls}, {@code total_ns}, {@code self_ns}).
 */
final class CsvReport implements ReportWriter {

    private static final String EOL = "\r\n";

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        ReportContext report = new ReportContext(file, options);
        int value = options.valueIndex(report.metrics, false);
        try (ReportOutput out = new ReportOutput(stream)) {
            write(report, value, out);
        }
    }

    private static void write(ReportContext report, int value, ReportOutput out) throws IOException {
        SnapshotFile file = report.file;
        List<Metric> metrics = report.metrics;
        MethodTable methods = report.methods;
        StringBuilder header = new StringBuilder("thread,thread_id,depth,path,class,method,descriptor");
        for (Metric m : metrics) header.append(',').append(field(columnName(m)));
        out.text(header).text(EOL).flush();

        byte[][] frames = CollapsedReport.frameNames(methods);
        boolean[] quoted = new boolean[methods.size()];
        byte[][] methodColumns = new byte[methods.size()][];
        for (MethodInfo m : methods.all()) quoted[m.id()] = needsQuotes(m.qualifiedName());
        int[] rank = MethodRanks.bySignature(methods);
        for (ReportContext.Unit unit : report.units(false)) {
            byte[] threadColumns = (field(unit.name) + "," + unit.threadId + ",").getBytes(StandardCharsets.UTF_8);
            FramePath path = new FramePath(new byte[0]);
            TreeWalk walk = new TreeWalk(file, unit.threads, unit.merged ? TreeWalk.byMethod(methods.size()) : null, rank,
                    new int[] {value}, 0);
            walk.walk(new TreeWalk.Visitor() {
                @Override public boolean enter(TreeWalk.Node node, int depth) throws IOException {
                    if (depth == 0) return true;
                    int id = node.method();
                    path.enter(depth, frames[id], quoted[id]);
                    out.bytes(threadColumns).number(depth).ascii(',');
                    path.writeFieldTo(out);
                    if (methodColumns[id] == null) methodColumns[id] = methodColumns(methods.get(id));
                    out.ascii(',').bytes(methodColumns[id]);
                    for (int k = 0; k < metrics.size(); k++) out.ascii(',').number(node.value(k));
                    out.text(EOL);
                    return true;
                }

                @Override public void exit(TreeWalk.Node node, int depth) {
                    if (depth > 0) path.exit(depth);
                }
            });
        }
    }

    /** class, method, descriptor: the columns a method's rows share. */
    private static byte[] methodColumns(MethodInfo m) {
        return (field(m.className()) + "," + field(m.name()) + "," + field(m.descriptor())).getBytes(StandardCharsets.UTF_8);
    }

    /** {@code total_time} becomes {@code total_ns}; other time metrics get {@code _ns} appended. */
    static String columnName(Metric m) {
        if (m.unit() != Metric.Unit.NANOS) return m.key();
        String key = m.key().endsWith("_time") ? m.key().substring(0, m.key().length() - 5) : m.key();
        return key + "_ns";
    }

    /** Quoted, with quotes doubled, when it holds a comma, quote or line break. */
    static String field(String s) {
        return needsQuotes(s) ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    private static boolean needsQuotes(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') return true;
        }
        return false;
    }
}
