package org.candor.core.report;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.List;
import org.candor.core.analysis.CallTrees;
import org.candor.core.analysis.MethodRanks;
import org.candor.core.analysis.TreeWalk;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.Metric;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.trace.JsonOutput;

/**
 * Speedscope's JSON file format (https://www.speedscope.app): the frames shared by all profiles, then one "sampled"
 * profile per selected thread (one for all of them merged when {@link ThreadGrouping#MERGED} is asked for), each call
 * path with a non-zero value as one sample (its frame indexes, outermost first) weighted by that value: the node's own
 * value of the chosen metric, self by default, the lines of {@link CollapsedReport} as speedscope reads them. Frames
 * are named and overloads merged as in folded stacks. Written as the trees are walked in place: each profile's tree
 * is walked twice, once for the samples and once for their weights (the format keeps them in two arrays), so the
 * memory is the current path, never the samples.
 */
final class SpeedscopeReport implements ReportWriter {

    static final String SCHEMA = "https://www.speedscope.app/file-format-schema.json";

    @Override
    public void write(SnapshotFile file, ReportOptions options, OutputStream stream) throws IOException {
        ReportContext report = new ReportContext(file, options);
        int value = options.valueIndex(report.metrics, true);
        Metric metric = report.metrics.get(value);
        MethodTable methods = report.methods;
        int[] frameIds = CallTrees.frameIds(methods);
        int[] ranks = MethodRanks.byQualifiedName(methods);
        int[] frameIndex = new int[methods.size()]; // per frame id (the first method of that name): its shared index

        JsonOutput json = new JsonOutput(stream);
        json.raw("{\"$schema\":").string(SCHEMA).raw(",\"shared\":{\"frames\":[");
        int frames = 0;
        for (MethodInfo m : methods.all()) {
            if (frameIds[m.id()] != m.id()) continue;
            if (frames > 0) json.raw(',');
            frameIndex[m.id()] = frames++;
            json.raw("{\"name\":").string(m.qualifiedName()).raw('}');
        }
        json.raw("]},\"profiles\":[");
        List<ReportContext.Unit> units = report.units(false);
        int active = 0;
        long activeTotal = Long.MIN_VALUE;
        for (int i = 0; i < units.size(); i++) {
            ReportContext.Unit unit = units.get(i);
            long total = report.totals(unit.threads)[value];
            if (total > activeTotal) { // the thread speedscope opens with: the one with the most to show
                active = i;
                activeTotal = total;
            }
            if (i > 0) json.raw(',');
            json.raw("{\"type\":\"sampled\",\"name\":").string(unit.name)
                    .raw(",\"unit\":").string(metric.unit() == Metric.Unit.NANOS ? "nanoseconds" : "none")
                    .raw(",\"startValue\":0,\"samples\":[");
            new TreeWalk(file, unit.threads, frameIds, ranks, new int[] {value}, -1).walk(samples(value, frameIndex, json));
            json.raw("],\"weights\":[");
            long[] sum = {0};
            boolean[] first = {true};
            new TreeWalk(file, unit.threads, frameIds, ranks, new int[] {value}, -1).walk((node, depth) -> {
                long v = depth == 0 ? 0 : node.value(value);
                if (v != 0) {
                    if (!first[0]) json.raw(',');
                    first[0] = false;
                    json.number(v);
                    sum[0] += v;
                }
                return true;
            });
            json.raw("],\"endValue\":").number(sum[0]).raw('}');
        }
        json.raw("],\"name\":").string(file.name()).raw(",\"activeProfileIndex\":").number(active)
                .raw(",\"exporter\":").string("candor " + version()).raw("}\n");
        json.flush();
    }

    /** Writes each node's path of frame indexes, when its value is not zero, as one sample. */
    private static TreeWalk.Visitor samples(int value, int[] frameIndex, JsonOutput json) {
        return new TreeWalk.Visitor() {
            private int[] path = new int[64];
            private boolean first = true;

            @Override public boolean enter(TreeWalk.Node node, int depth) throws IOException {
                if (depth == 0) return true;
                if (depth > path.length) path = Arrays.copyOf(path, depth * 2);
                path[depth - 1] = frameIndex[node.method()];
                if (node.value(value) != 0) {
                    json.raw(first ? "[" : ",[");
                    first = false;
                    for (int i = 0; i < depth; i++) {
                        if (i > 0) json.raw(',');
                        json.number(path[i]);
                    }
                    json.raw(']');
                }
                return true;
            }
        };
    }

    /** Candor's version from the jar's manifest, or "dev" when run from classes. */
    static String version() {
        String v = SpeedscopeReport.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }
}
