package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.ChildOrder;
import org.candor.core.analysis.ColumnOrder;
import org.candor.core.analysis.HotSpot;
import org.candor.core.analysis.PercentBasis;
import org.candor.core.analysis.ProbeEffect;
import org.candor.core.analysis.SortMetric;
import org.candor.core.analysis.SubtreeSums;
import org.candor.core.analysis.TreeWalk;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.snapshot.TreeNode;

/**
 * The report for people: what was profiled, threads and statistics, one indented call tree per thread, hot spots.
 * Percentages and the cut-off are of the {@link PercentBasis} (an inclusive metric, the chosen value if it is one)
 * so that a hidden node never hides a larger descendant; children are sorted by the chosen value, by default the
 * {@link SortMetric} the app sorts by too; the columns are in the {@link ColumnOrder}. The trees are read in place
 * and only as deep as they are printed: a node below the cut-off is never read past its own record.
 */
final class TextReport implements ReportWriter {

    /** Deeper nodes are not indented further; their depth is printed instead. */
    private static final int MAX_INDENT_DEPTH = 40;

    /** Told where each part of the report begins, its lines so far written out: the HTML report heads them. */
    interface Sections {
        Sections NONE = title -> {};

        void begin(String title) throws IOException;
    }

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        write(file, options, stream, Sections.NONE);
    }

    /** The report, with {@code sections} told where its calibration, call trees and hot spots begin. */
    static void write(SnapshotFile file, ReportOptions options, OutputStream stream, Sections sections) throws IOException {
        ReportContext report = new ReportContext(file, options);
        int value = options.valueIndex(report.metrics, false);
        Columns columns = new Columns(report.metrics);
        try (ReportOutput out = new ReportOutput(stream)) {
            new TextHeader(report, columns).write(out, sections);
            out.flush(); // the first lines, at once: the trees of a large snapshot take longer
            sections.begin("Call trees");
            ChildOrder order = new ChildOrder(report.methods, value);
            String[] signatures = new String[report.methods.size()];
            for (ReportContext.Unit unit : report.units(false)) {
                writeTree(report, unit, order, columns, signatures, out);
                out.flush();
            }
            if (options.hotSpots() > 0) {
                sections.begin("Hot spots");
                writeHotSpots(report, value, columns, out);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void writeTree(ReportContext report, ReportContext.Unit unit, ChildOrder order, Columns columns,
                                  String[] signatures, ReportOutput out) throws IOException {
        int value = order.metric();
        List<Metric> metrics = report.metrics;
        MethodTable methods = report.methods;
        SnapshotFile file = report.file;
        long[] totals = report.totals(unit.threads);
        Basis basis = basis(file, unit.threads, metrics, value);
        long basisTotal = totals[basis.metric()];
        double minPercent = report.options.minPercent();
        double threshold = minPercent / 100 * Math.abs(basisTotal);

        StringBuilder line = new StringBuilder();
        line.append('\n');
        if (unit.merged) line.append("Merged threads:");
        else line.append("Thread ").append(unit).append(':');
        for (int c = 0; c < columns.order.length; c++) {
            int k = columns.order[c];
            line.append(c == 0 ? " " : ", ").append(metrics.get(k).label()).append(' ')
                    .append(HumanUnits.value(totals[k], metrics.get(k).unit()));
        }
        out.text(line.append('\n'));
        if (!hasCalls(file, unit.threads)) {
            out.text("  (no calls recorded)\n");
            return;
        }
        line.setLength(0);
        line.append("  ");
        ReportSupport.padLeft(line, "Percent", 7);
        columns.appendHeader(line);
        out.text(line.append("  Method\n"));

        // sums kept as children are read: the sort value and the inclusive basis (when there is one)
        int[] alsoKept = basis.metric() == value || basis instanceof SubtreeBasis ? new int[0] : new int[] {basis.metric()};
        TreeWalk walk = order.walk(file, unit.threads, unit.merged, alsoKept);
        if (!unit.merged && minPercent > 0 && basis instanceof InclusiveBasis) {
            walk.admitOnly(alsoKept.length, threshold); // one thread's nodes below the cut-off: not even kept
        }
        long[] shown = {0};
        long[] hidden = {0};
        walk.walk((node, depth) -> {
            if (depth == 0) return true;
            long b = basis.of(node);
            if (minPercent > 0 && b < threshold) {
                // one thread's hidden nodes are counted from its node count below; a merged tree's must be walked
                if (unit.merged) hidden[0] += walk.countSubtree(node);
                return false;
            }
            shown[0]++;
            line.setLength(0);
            line.append("  ");
            ReportSupport.padLeft(line, basisTotal == 0 ? "-" : HumanUnits.percent(100.0 * b / basisTotal), 7);
            columns.appendValues(line, node);
            line.append("  ");
            int indent = Math.min(depth - 1, MAX_INDENT_DEPTH);
            for (int i = 0; i < indent; i++) line.append("  ");
            if (depth - 1 > MAX_INDENT_DEPTH) line.append('[').append(depth).append("] ");
            int id = node.method();
            if (signatures[id] == null) signatures[id] = methods.get(id).signature();
            out.text(line.append(signatures[id]).append('\n'));
            return true;
        });
        if (!unit.merged) hidden[0] = unit.threads.get(0).nodeCount() - 1 - shown[0];
        if (hidden[0] > 0) {
            out.text("  (" + hidden[0] + (hidden[0] == 1 ? " node" : " nodes") + " below "
                    + trimPercent(minPercent) + "% of the thread hidden)\n");
        }
    }

    private static boolean hasCalls(SnapshotFile file, List<ThreadTree> threads) throws IOException {
        TreeNode root = file.newNode();
        for (ThreadTree t : threads) {
            file.readRoot(t, root);
            if (root.childCount() > 0) return true;
        }
        return false;
    }

    /** What percentages and the cut-off compare: a node's value of an inclusive metric, or its subtree's sum. */
    private interface Basis {
        long of(TreeWalk.Node node) throws IOException;

        /** The metric whose total is the tree's basis total. */
        int metric();
    }

    /** The basis {@link PercentBasis} decides on; its whole is the threads' total of {@link Basis#metric}. */
    private static Basis basis(SnapshotFile file, List<ThreadTree> threads, List<Metric> metrics, int value) throws IOException {
        if (!PercentBasis.isSubtreeSum(metrics, value)) return new InclusiveBasis(PercentBasis.metric(metrics, value));
        List<SubtreeSums> sums = new ArrayList<>();
        for (ThreadTree t : threads) sums.add(SubtreeSums.of(file, t, value));
        return new SubtreeBasis(sums, value);
    }

    private static final class InclusiveBasis implements Basis {
        final int metric;
        InclusiveBasis(int metric) { this.metric = metric; }
        @Override public long of(TreeWalk.Node node) throws IOException { return node.value(metric); }
        @Override public int metric() { return metric; }
    }

    /** No inclusive metric: the chosen value summed over the node's subtree (its merged records' subtrees). */
    private static final class SubtreeBasis implements Basis {
        final List<SubtreeSums> sums;
        final int metric;
        SubtreeBasis(List<SubtreeSums> sums, int metric) { this.sums = sums; this.metric = metric; }

        @Override public long of(TreeWalk.Node node) {
            long sum = 0;
            for (int i = 0; i < node.sourceCount(); i++) sum += sums.get(node.sourceThread(i)).at(node.sourceOffset(i));
            return sum;
        }

        @Override public int metric() { return metric; }
    }

    private static void writeHotSpots(ReportContext report, int value, Columns columns, ReportOutput out)
            throws IOException {
        List<Metric> metrics = report.metrics;
        HotSpotTable table = HotSpotTable.of(report, value);
        int rank = table.rank;
        List<HotSpot> spots = table.spots;
        long total = table.total;

        Metric r = metrics.get(rank);
        int top = report.options.hotSpots();
        StringBuilder line = new StringBuilder();
        line.append("\nHot spots: top ").append(Math.min(top, spots.size())).append(" of ")
                .append(spots.size()).append(spots.size() == 1 ? " method" : " methods").append(" by ")
                .append(r.label()).append(" (").append(report.options.threads()).append(")\n");
        if (spots.isEmpty()) {
            out.text(line).text("  (no calls recorded)\n");
            return;
        }
        // the probes' estimated part of each method's self time, beside it (ProbeEffect)
        ProbeEffect effect = table.effect;
        int effectWidth = ProbeEffect.LABEL.length() + 2;
        line.append("  ");
        ReportSupport.padLeft(line, r.label(), columns.width(rank));
        ReportSupport.padLeft(line, "Percent", 9);
        for (int k : columns.order) if (k != rank) ReportSupport.padLeft(line, metrics.get(k).label(), columns.width(k));
        if (effect != null) ReportSupport.padLeft(line, ProbeEffect.LABEL, effectWidth);
        out.text(line.append("  Method\n"));
        for (int i = 0; i < spots.size() && i < top; i++) {
            HotSpot h = spots.get(i);
            line.setLength(0);
            line.append("  ");
            ReportSupport.padLeft(line, HumanUnits.value(h.value(rank), r.unit()), columns.width(rank));
            ReportSupport.padLeft(line, total == 0 ? "-" : HumanUnits.percent(100.0 * h.value(rank) / total), 9);
            for (int k : columns.order) {
                if (k != rank) ReportSupport.padLeft(line, HumanUnits.value(h.value(k), metrics.get(k).unit()), columns.width(k));
            }
            if (effect != null) {
                ReportSupport.padLeft(line, HumanUnits.value(effect.of(h), metrics.get(effect.selfMetric()).unit()), effectWidth);
            }
            out.text(line.append("  ").append(h.method().signature()).append('\n'));
        }
    }

    static String trimPercent(double p) {
        String s = Double.toString(p);
        return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
    }

    /** The metric columns of tree and table: order and widths. */
    static final class Columns {
        final List<Metric> metrics;
        final int[] order;

        Columns(List<Metric> metrics) {
            this.metrics = metrics;
            this.order = ColumnOrder.of(metrics);
        }

        int width(int k) { return Math.max(12, metrics.get(k).label().length() + 2); }

        void appendHeader(StringBuilder line) {
            for (int k : order) ReportSupport.padLeft(line, metrics.get(k).label(), width(k));
        }

        void appendValues(StringBuilder line, TreeWalk.Node node) throws IOException {
            for (int k : order) ReportSupport.padLeft(line, HumanUnits.value(node.value(k), metrics.get(k).unit()), width(k));
        }

        void appendValues(StringBuilder line, long[] values) {
            for (int k : order) ReportSupport.padLeft(line, HumanUnits.value(values[k], metrics.get(k).unit()), width(k));
        }
    }
}
