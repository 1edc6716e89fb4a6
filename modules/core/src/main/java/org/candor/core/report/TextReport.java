package org.candor.core.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.HotSpots;
import org.candor.core.analysis.TreeVisitor;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.ThreadProfile;

/**
 * The report for people: what was profiled, threads and statistics, one indented call tree per thread, hot spots.
 * Percentages and the cut-off use an inclusive metric (the chosen value if it is one, else total time) so that a
 * hidden node never hides a larger descendant; children are sorted by the chosen value.
 */
final class TextReport implements ReportWriter {

    /** Deeper nodes are not indented further; their depth is printed instead. */
    private static final int MAX_INDENT_DEPTH = 40;

    @Override
    public void write(Snapshot snapshot, ReportOptions options, Appendable out) throws IOException {
        int value = options.valueIndex(snapshot, "total");
        List<ThreadProfile> selected = options.threads().select(snapshot.threads());
        List<ThreadProfile> shown = ReportSupport.threads(snapshot, options, false);
        Columns columns = new Columns(snapshot.metrics());

        new TextHeader(snapshot, columns).write(options, selected, out);
        try {
            for (ThreadProfile thread : shown) writeTree(snapshot, thread, value, columns, options, out);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (options.hotSpots() > 0) writeHotSpots(snapshot, selected, value, columns, options, out);
    }

    private static void writeTree(Snapshot snapshot, ThreadProfile thread, int value, Columns columns,
                                  ReportOptions options, Appendable out) {
        List<Metric> metrics = snapshot.metrics();
        MethodTable methods = snapshot.methods();
        long[] totals = CallTrees.totals(thread.root(), metrics);
        ToLongFunction<CallNode> basis = basis(thread.root(), metrics, value);
        long basisTotal = basisTotal(thread.root(), basis);
        double threshold = options.minPercent() / 100 * Math.abs(basisTotal);

        StringBuilder line = new StringBuilder();
        line.append('\n');
        if (thread.threadId() == CallTrees.MERGED_THREAD_ID) line.append("Merged threads:");
        else line.append("Thread ").append(thread).append(':');
        for (int c = 0; c < columns.order.length; c++) {
            int k = columns.order[c];
            line.append(c == 0 ? " " : ", ").append(metrics.get(k).label()).append(' ')
                    .append(HumanUnits.value(totals[k], metrics.get(k).unit()));
        }
        append(out, line.append('\n'));
        if (thread.root().children().isEmpty()) {
            append(out, "  (no calls recorded)\n");
            return;
        }
        line.setLength(0);
        line.append("  ");
        ReportSupport.padLeft(line, "Percent", 7);
        columns.appendHeader(line);
        append(out, line.append("  Method\n"));

        String[] signatures = new String[methods.size()];
        long[] hidden = new long[1];
        CallTrees.walk(thread.root(), ReportSupport.byValueDescending(value, methods), (node, depth) -> {
            if (depth == 0) return true;
            long b = basis.applyAsLong(node);
            if (options.minPercent() > 0 && b < threshold) {
                hidden[0] += node.subtreeSize();
                return false;
            }
            line.setLength(0);
            line.append("  ");
            ReportSupport.padLeft(line, basisTotal == 0 ? "-" : HumanUnits.percent(100.0 * b / basisTotal), 7);
            columns.appendValues(line, node);
            line.append("  ");
            int indent = Math.min(depth - 1, MAX_INDENT_DEPTH);
            for (int i = 0; i < indent; i++) line.append("  ");
            if (depth - 1 > MAX_INDENT_DEPTH) line.append('[').append(depth).append("] ");
            int id = node.methodId();
            if (signatures[id] == null) signatures[id] = methods.get(id).signature();
            append(out, line.append(signatures[id]).append('\n'));
            return true;
        });
        if (hidden[0] > 0) {
            append(out, "  (" + hidden[0] + (hidden[0] == 1 ? " node" : " nodes") + " below "
                    + trimPercent(options.minPercent()) + "% of the thread hidden)\n");
        }
    }

    /** The chosen value if it is inclusive, else the first inclusive metric, else the chosen value summed over subtrees. */
    private static ToLongFunction<CallNode> basis(CallNode root, List<Metric> metrics, int value) {
        int k = metrics.get(value).inclusive() ? value : -1;
        for (int i = 0; i < metrics.size() && k < 0; i++) if (metrics.get(i).inclusive()) k = i;
        if (k >= 0) {
            int index = k;
            return n -> n.value(index);
        }
        Map<CallNode, Long> sums = new IdentityHashMap<>();
        CallTrees.walk(root, null, new TreeVisitor() {
            @Override public boolean enter(CallNode node, int depth) { return true; }

            @Override public void exit(CallNode node, int depth) {
                long sum = node.value(value);
                for (CallNode c : node.children()) sum += sums.get(c);
                sums.put(node, sum);
            }
        });
        return sums::get;
    }

    private static long basisTotal(CallNode root, ToLongFunction<CallNode> basis) {
        long total = 0;
        for (CallNode c : root.children()) total += basis.applyAsLong(c);
        return total;
    }

    private static void writeHotSpots(Snapshot snapshot, List<ThreadProfile> threads, int value, Columns columns,
                                      ReportOptions options, Appendable out) throws IOException {
        List<Metric> metrics = snapshot.metrics();
        int rank = rankMetric(metrics, value);
        List<HotSpot> spots = HotSpots.compute(snapshot, threads);
        spots.sort(HotSpot.byValueDescending(rank));
        long total = 0;
        for (ThreadProfile t : threads) total += CallTrees.totals(t.root(), metrics)[rank];

        Metric r = metrics.get(rank);
        StringBuilder line = new StringBuilder();
        line.append("\nHot spots: top ").append(Math.min(options.hotSpots(), spots.size())).append(" of ")
                .append(spots.size()).append(spots.size() == 1 ? " method" : " methods").append(" by ")
                .append(r.label()).append(" (").append(options.threads()).append(")\n");
        if (spots.isEmpty()) {
            out.append(line).append("  (no calls recorded)\n");
            return;
        }
        line.append("  ");
        ReportSupport.padLeft(line, r.label(), columns.width(rank));
        ReportSupport.padLeft(line, "Percent", 9);
        for (int k : columns.order) if (k != rank) ReportSupport.padLeft(line, metrics.get(k).label(), columns.width(k));
        out.append(line.append("  Method\n"));
        for (int i = 0; i < spots.size() && i < options.hotSpots(); i++) {
            HotSpot h = spots.get(i);
            line.setLength(0);
            line.append("  ");
            ReportSupport.padLeft(line, HumanUnits.value(h.value(rank), r.unit()), columns.width(rank));
            ReportSupport.padLeft(line, total == 0 ? "-" : HumanUnits.percent(100.0 * h.value(rank) / total), 9);
            for (int k : columns.order) {
                if (k != rank) ReportSupport.padLeft(line, HumanUnits.value(h.value(k), metrics.get(k).unit()), columns.width(k));
            }
            out.append(line.append("  ").append(h.method().signature()).append('\n'));
        }
    }

    /**
     * Hot spots rank by an exclusive value: the chosen one if it is, else self time, else the first exclusive
     * metric other than calls (a counter's self count), else the first exclusive one.
     */
    private static int rankMetric(List<Metric> metrics, int value) {
        if (!metrics.get(value).inclusive()) return value;
        int selfTime = -1;
        int selfCount = -1;
        int anyExclusive = -1;
        for (int k = 0; k < metrics.size(); k++) {
            Metric m = metrics.get(k);
            if (m.inclusive()) continue;
            if (m.unit() == Metric.Unit.NANOS && selfTime < 0) selfTime = k;
            if (!m.key().equals(Metric.CALLS.key()) && selfCount < 0) selfCount = k;
            if (anyExclusive < 0) anyExclusive = k;
        }
        if (selfTime >= 0) return selfTime;
        return selfCount >= 0 ? selfCount : anyExclusive >= 0 ? anyExclusive : value;
    }

    static String trimPercent(double p) {
        String s = Double.toString(p);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    private static void append(Appendable out, CharSequence s) {
        try {
            out.append(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The metric columns of tree and table: order and widths. */
    static final class Columns {
        final List<Metric> metrics;
        final int[] order;

        Columns(List<Metric> metrics) {
            this.metrics = metrics;
            this.order = ReportSupport.columnOrder(metrics);
        }

        int width(int k) { return Math.max(12, metrics.get(k).label().length() + 2); }

        void appendHeader(StringBuilder line) {
            for (int k : order) ReportSupport.padLeft(line, metrics.get(k).label(), width(k));
        }

        void appendValues(StringBuilder line, CallNode node) {
            for (int k : order) ReportSupport.padLeft(line, HumanUnits.value(node.value(k), metrics.get(k).unit()), width(k));
        }

        void appendValues(StringBuilder line, long[] values) {
            for (int k : order) ReportSupport.padLeft(line, HumanUnits.value(values[k], metrics.get(k).unit()), width(k));
        }
    }
}
