package org.candor.core.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.MethodRanks;
import org.candor.core.analysis.TreeWalk;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.ThreadTree;
import org.candor.core.trace.JsonOutput;

/**
 * An interactive flame graph as one self-contained HTML file: the page ({@code flamegraph.html}, its script and style
 * inline, nothing fetched) with the profile in it as JSON, a nested tree per view ({@code name}, {@code value},
 * {@code children}): the selected threads merged, and each of them when there are several. A frame's value is the
 * chosen metric, total time by default; an inclusive metric's frames below the report's minimum percent of their tree
 * are left out (their parent keeps their share: the page would not draw them anyway), an exclusive metric's frames
 * are sized by the sum over their subtree and all kept. Overloads share a frame, as in folded stacks. The JSON is
 * written as the trees are walked in place, a node's value after its children.
 */
final class FlamegraphReport implements ReportWriter {

    /** Where the page takes the profile: the text between this script's start tag and its end. */
    static final String DATA_START = "<script type=\"application/json\" id=\"candor-profile\">";
    private static final String MARKER = "/*CANDOR-PROFILE*/";

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        ReportContext report = new ReportContext(file, options);
        int value = options.valueIndex(report.metrics, false);
        Metric metric = report.metrics.get(value);
        writePage(stream, json -> {
            json.raw("{\"name\":").string(file.name()).raw(",\"metric\":").string(metric.label())
                    .raw(",\"unit\":").string(metric.unit() == Metric.Unit.NANOS ? "ns" : "count").raw(",\"trees\":[");
            MethodTable methods = report.methods;
            String[] names = new String[methods.size()];
            int[] frameIds = CallTrees.frameIds(methods);
            int[] ranks = MethodRanks.byQualifiedName(methods);
            List<ReportContext.Unit> trees = trees(report.selected);
            for (int i = 0; i < trees.size(); i++) {
                if (i > 0) json.raw(',');
                ReportContext.Unit unit = trees.get(i);
                json.raw("{\"name\":").string(unit.merged ? unit.name : unit.toString()).raw(",\"root\":");
                double threshold = metric.inclusive()
                        ? options.minPercent() / 100 * Math.abs(report.totals(unit.threads)[value]) : 0;
                TreeWalk walk = new TreeWalk(file, unit.threads, frameIds, ranks, new int[] {value}, 0);
                walk.walk(new TreeWriter(json, value, metric.inclusive(), threshold, methods, names));
                json.raw('}');
            }
            json.raw("]}");
        });
    }

    /** Writes the profile's JSON into the page. */
    interface ProfileJson {
        void write(JsonOutput json) throws IOException;
    }

    /**
     * The page with the profile {@code profile} writes in it: the one page for a snapshot's flame graph and a diff's
     * ({@link SnapshotDiffReport}).
     */
    static void writePage(OutputStream stream, ProfileJson profile) throws IOException {
        String page = template();
        int at = page.indexOf(MARKER);
        stream.write(page.substring(0, at).getBytes(StandardCharsets.UTF_8));
        JsonOutput json = new JsonOutput(stream, true);
        profile.write(json);
        json.flush();
        stream.write(page.substring(at + MARKER.length()).getBytes(StandardCharsets.UTF_8));
        stream.flush();
    }

    /** The selected threads merged, then each of them when there are several. */
    private static List<ReportContext.Unit> trees(List<ThreadTree> selected) {
        List<ReportContext.Unit> trees = new ArrayList<>();
        if (selected.size() != 1) trees.add(new ReportContext.Unit("all threads", CallTrees.MERGED_THREAD_ID, selected, true));
        for (ThreadTree t : selected) trees.add(new ReportContext.Unit(t.name(), t.threadId(), Collections.singletonList(t), false));
        return trees;
    }

    /** Writes each node as {@code {"name":..,"children":[..],"value":..}}: the value once its children are known. */
    private static final class TreeWriter implements TreeWalk.Visitor {
        private final JsonOutput json;
        private final int value;
        private final boolean inclusive;
        private final double threshold;
        private final MethodTable methods;
        private final String[] names;
        private long[] sums = new long[64];
        private boolean[] hasChildren = new boolean[64];
        private int skipped = -1;

        TreeWriter(JsonOutput json, int value, boolean inclusive, double threshold, MethodTable methods, String[] names) {
            this.json = json;
            this.value = value;
            this.inclusive = inclusive;
            this.threshold = threshold;
            this.methods = methods;
            this.names = names;
        }

        @Override public boolean enter(TreeWalk.Node node, int depth) throws IOException {
            long v = depth == 0 ? 0 : node.value(value); // the root's own value is no frame's
            if (depth > 0 && inclusive && Math.abs(v) < threshold) {
                skipped = depth;
                return false;
            }
            if (depth + 1 >= sums.length) {
                sums = Arrays.copyOf(sums, depth * 2 + 2);
                hasChildren = Arrays.copyOf(hasChildren, depth * 2 + 2);
            }
            if (depth > 0) {
                json.raw(hasChildren[depth - 1] ? "," : ",\"children\":[");
                hasChildren[depth - 1] = true;
            }
            json.raw("{\"name\":").string(depth == 0 ? "all" : name(node.method()));
            sums[depth] = inclusive ? 0 : v; // an exclusive value: its own, the children's sums added as they end
            hasChildren[depth] = false;
            return true;
        }

        @Override public void exit(TreeWalk.Node node, int depth) throws IOException {
            if (depth == skipped) {
                skipped = -1;
                return;
            }
            if (hasChildren[depth]) json.raw(']');
            long width = inclusive && depth > 0 ? node.value(value) : sums[depth];
            if (depth > 0) sums[depth - 1] += width;
            json.raw(",\"value\":").number(width).raw('}');
        }

        private String name(int method) {
            String n = names[method];
            return n != null ? n : (names[method] = methods.get(method).qualifiedName());
        }
    }

    /** The page, with {@link #MARKER} where the profile goes. */
    private static String template() {
        try (InputStream in = FlamegraphReport.class.getResourceAsStream("flamegraph.html")) {
            if (in == null) throw new IllegalStateException("flamegraph.html is missing from candor-core");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
