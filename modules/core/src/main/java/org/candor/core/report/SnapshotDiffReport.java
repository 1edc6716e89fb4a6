package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import org.candor.core.analysis.SnapshotComparison;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.trace.JsonOutput;

/**
 * The diff of two snapshots, A (the baseline) and B, as a report: what {@link SnapshotComparison} finds, per method
 * and per call path, in self time, total time and calls (those both snapshots have).
 * <ul>
 * <li>{@code text}: the methods, largest change in self time first; then the diff tree of all threads, the paths that
 * weigh at least the minimum percent of either side's total, with their changes;
 * <li>{@code html}: the text as one page (no script), the methods and the call paths each under a heading;
 * <li>{@code collapsed}: differential folded stacks, {@code frame;frame A B} with each path's self time in A and in
 * B, as {@code difffolded.pl} writes them for {@code flamegraph.pl};
 * <li>{@code flamegraph}: the flame graph page ({@link FlamegraphReport}) drawn with B's total times, each frame
 * coloured by the change in its own time: red where B spends more, blue where it spends less.
 * </ul>
 */
public final class SnapshotDiffReport {

    /** The diff's formats, by the names users type. */
    public enum Format {
        TEXT("text"), HTML("html"), COLLAPSED("collapsed"), FLAMEGRAPH("flamegraph");

        private final String id;

        Format(String id) { this.id = id; }

        public String id() { return id; }

        /** The names, joined by {@code separator}. */
        public static String ids(String separator) {
            StringBuilder s = new StringBuilder();
            for (Format f : values()) s.append(s.length() == 0 ? "" : separator).append(f.id);
            return s.toString();
        }

        /** The format named {@code id}, case ignored. */
        public static Format of(String id) {
            for (Format f : values()) if (f.id.equals(id.toLowerCase(Locale.ROOT))) return f;
            throw new IllegalArgumentException("unknown diff format '" + id + "'; use " + ids(", "));
        }
    }

    private static final String SELF = Metric.SELF_TIME.key();
    private static final String TOTAL = Metric.TOTAL_TIME.key();
    private static final String CALLS = Metric.CALLS.key();

    private final SnapshotFile a;
    private final SnapshotFile b;
    private final String nameA;
    private final String nameB;
    private final int top;
    private final double minPercent;

    /**
     * @param top methods the text shows
     * @param minPercent the share of either side's total a call path needs to be shown (text, flame graph)
     */
    public SnapshotDiffReport(SnapshotFile a, SnapshotFile b, String nameA, String nameB, int top, double minPercent) {
        this.a = a;
        this.b = b;
        this.nameA = nameA;
        this.nameB = nameB;
        this.top = top;
        this.minPercent = minPercent;
    }

    /**
     * @throws IllegalArgumentException a snapshot without self or total time
     */
    public void write(Format format, OutputStream out) throws IOException {
        switch (format) {
            case COLLAPSED: writeCollapsed(out); break;
            case FLAMEGRAPH: writeFlamegraph(out); break;
            case HTML: out.write(html().getBytes(StandardCharsets.UTF_8)); out.flush(); break;
            default: out.write(text().getBytes(StandardCharsets.UTF_8)); out.flush();
        }
    }

    /** Self time, total time, and calls when both have them; the first one named orders the rows or the tree. */
    private SnapshotComparison comparison(String first) {
        List<String> keys = new ArrayList<>(List.of(first, first.equals(SELF) ? TOTAL : SELF));
        if (a.metricIndex(CALLS) >= 0 && b.metricIndex(CALLS) >= 0) keys.add(CALLS);
        return new SnapshotComparison(a, b, keys);
    }

    private String title() {
        return "Candor diff: A = " + nameA + " (baseline), B = " + nameB;
    }

    String text() throws IOException {
        return title() + "\n\n" + methods() + "\n" + paths();
    }

    private String html() throws IOException {
        return HtmlReport.pageStart(title()) + "<nav>" + HtmlReport.link("Methods") + " \u00b7 "
                + HtmlReport.link("Call paths") + "</nav>\n" + HtmlReport.section("Methods", methods())
                + HtmlReport.section("Call paths", paths()) + HtmlReport.PAGE_END;
    }

    /** A row per method, largest change in self time first. */
    private String methods() throws IOException {
        StringBuilder s = new StringBuilder();
        SnapshotComparison methods = comparison(SELF);
        boolean calls = methods.metrics().size() > 2;
        Metric.Unit time = Metric.Unit.NANOS;
        s.append("Methods, largest change in self time first\n");
        s.append(String.format(Locale.ROOT, "%11s %11s %11s %8s %12s %8s%s  %s%n", "self A", "self B", "B - A", "change",
                "total B - A", "change", calls ? String.format(Locale.ROOT, " %11s", "calls B - A") : "", "method"));
        List<SnapshotComparison.Row> rows = methods.flat();
        int shown = 0;
        for (SnapshotComparison.Row r : rows) {
            if (shown++ == top) break;
            s.append(String.format(Locale.ROOT, "%11s %11s %11s %8s %12s %8s%s  %s%n", HumanUnits.value(r.a(0), time),
                    HumanUnits.value(r.b(0), time), signed(r.b(0) - r.a(0), time), change(r.a(0), r.b(0)),
                    signed(r.b(1) - r.a(1), time), change(r.a(1), r.b(1)),
                    calls ? String.format(Locale.ROOT, " %11s", signed(r.b(2) - r.a(2), Metric.Unit.COUNT)) : "",
                    r.method().signature()));
        }
        if (rows.size() > top) {
            s.append('(').append(rows.size() - top).append(rows.size() - top == 1 ? " more method" : " more methods")
                    .append("; --top N shows more)\n");
        }
        return s.toString();
    }

    /** The diff tree of all threads, the paths of at least the minimum percent. */
    private String paths() throws IOException {
        StringBuilder s = new StringBuilder();
        SnapshotComparison tree = comparison(TOTAL);
        Metric.Unit time = Metric.Unit.NANOS;
        boolean calls = tree.metrics().size() > 2;
        SnapshotComparison.Branch root = tree.root();
        double threshold = threshold(root);
        s.append("Call paths of all threads, by total time (those of at least ")
                .append(HumanUnits.percent(minPercent)).append(" of A's or B's total)\n");
        s.append(String.format(Locale.ROOT, "%11s %11s %11s %8s %11s%s  %s%n", "total A", "total B", "B - A", "change",
                "self B - A", calls ? String.format(Locale.ROOT, " %11s", "calls B - A") : "", "call path"));
        walk(tree, threshold, new Visitor() {
            @Override public void enter(SnapshotComparison.Branch x, int depth) {
                if (depth == 0) return;
                StringBuilder indent = new StringBuilder();
                for (int i = 1; i < depth; i++) indent.append("  ");
                s.append(String.format(Locale.ROOT, "%11s %11s %11s %8s %11s%s  %s%s%n", HumanUnits.value(x.a(0), time),
                        HumanUnits.value(x.b(0), time), signed(x.b(0) - x.a(0), time), change(x.a(0), x.b(0)),
                        signed(x.b(1) - x.a(1), time),
                        calls ? String.format(Locale.ROOT, " %11s", signed(x.b(2) - x.a(2), Metric.Unit.COUNT)) : "",
                        indent, tree.methods().get(x.methodId()).signature()));
            }

            @Override public void exit(SnapshotComparison.Branch x, int depth) {}
        });
        return s.toString();
    }

    private double threshold(SnapshotComparison.Branch root) {
        return minPercent / 100 * Math.max(Math.abs(root.a()), Math.abs(root.b()));
    }

    private void writeCollapsed(OutputStream stream) throws IOException {
        SnapshotComparison tree = comparison(TOTAL);
        List<String> path = new ArrayList<>();
        try (ReportOutput out = new ReportOutput(stream)) {
            walk(tree, 0, new Visitor() {
                @Override public void enter(SnapshotComparison.Branch x, int depth) throws IOException {
                    if (depth == 0) return;
                    path.add(CollapsedReport.frame(CollapsedReport.frameName(tree.methods().get(x.methodId()))));
                    if (x.a(1) == 0 && x.b(1) == 0) return;
                    out.text(String.join(";", path)).ascii(' ').number(x.a(1)).ascii(' ').number(x.b(1)).ascii('\n');
                }

                @Override public void exit(SnapshotComparison.Branch x, int depth) {
                    if (depth > 0) path.remove(path.size() - 1);
                }
            });
        }
    }

    private void writeFlamegraph(OutputStream stream) throws IOException {
        SnapshotComparison tree = comparison(TOTAL);
        Metric metric = tree.metric();
        SnapshotComparison.Branch root = tree.root();
        double threshold = threshold(root);
        FlamegraphReport.writePage(stream, json -> {
            json.raw("{\"name\":").string(nameB + " against " + nameA).raw(",\"metric\":").string(metric.label())
                    .raw(",\"unit\":").string(metric.unit() == Metric.Unit.NANOS ? "ns" : "count")
                    .raw(",\"baseline\":").string(nameA).raw(",\"trees\":[{\"name\":\"all threads\",\"root\":");
            java.util.BitSet hasChildren = new java.util.BitSet(); // per depth: the open frame has written a child
            walk(tree, threshold, new Visitor() {
                @Override public void enter(SnapshotComparison.Branch x, int depth) throws IOException {
                    if (depth > 0) {
                        json.raw(hasChildren.get(depth - 1) ? "," : ",\"children\":[");
                        hasChildren.set(depth - 1);
                    }
                    hasChildren.clear(depth);
                    json.raw("{\"name\":").string(depth == 0 ? "all" : tree.methods().get(x.methodId()).qualifiedName());
                }

                @Override public void exit(SnapshotComparison.Branch x, int depth) throws IOException {
                    if (hasChildren.get(depth)) json.raw(']');
                    json.raw(",\"value\":").number(x.b()).raw(",\"base\":").number(x.a()).raw('}');
                }
            });
            json.raw("}]}");
        });
    }

    /** Visits a diff tree's branches, parents before children; a branch below {@code threshold} on both sides is skipped. */
    private interface Visitor {
        void enter(SnapshotComparison.Branch branch, int depth) throws IOException;
        void exit(SnapshotComparison.Branch branch, int depth) throws IOException;
    }

    /** Depth first without recursion: a call path may be thousands of calls deep. */
    private static void walk(SnapshotComparison tree, double threshold, Visitor visitor) throws IOException {
        Deque<SnapshotComparison.Branch> path = new ArrayDeque<>();
        Deque<Iterator<SnapshotComparison.Branch>> pending = new ArrayDeque<>();
        SnapshotComparison.Branch root = tree.root();
        visitor.enter(root, 0);
        path.push(root);
        pending.push(tree.children(root).iterator());
        while (!pending.isEmpty()) {
            Iterator<SnapshotComparison.Branch> next = pending.peek();
            if (!next.hasNext()) {
                pending.pop();
                visitor.exit(path.pop(), path.size());
                continue;
            }
            SnapshotComparison.Branch child = next.next();
            if (Math.abs(child.a()) < threshold && Math.abs(child.b()) < threshold) continue;
            visitor.enter(child, path.size());
            path.push(child);
            pending.push(child.hasChildren() ? tree.children(child).iterator() : java.util.Collections.emptyIterator());
        }
    }

    private static String signed(long v, Metric.Unit unit) {
        String text = HumanUnits.value(v, unit);
        return v > 0 ? "+" + text : text;
    }

    /** B against A as a percent of A; "new" where A is 0 and B is not. */
    private static String change(long a, long b) {
        if (a == 0) return b == 0 ? "" : "new";
        double p = SnapshotComparison.fraction(a, b) * 100;
        return (b > a ? "+" : "") + HumanUnits.percent(p);
    }
}
