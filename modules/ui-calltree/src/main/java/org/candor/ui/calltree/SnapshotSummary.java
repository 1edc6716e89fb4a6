package org.candor.ui.calltree;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.CalibrationConstants;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.Snapshot;
import org.candor.core.report.HumanUnits;
import org.candor.core.model.SnapshotInfo;

/** The lines above the call tree: what was profiled and how, and the session's statistics. */
final class SnapshotSummary {

    private static final String SEPARATOR = "   \u00b7   ";
    private static final Map<String, String> STAT_LABELS = new LinkedHashMap<>();
    static {
        STAT_LABELS.put(Snapshot.STAT_DROPPED_CALLS, "Dropped calls");
        STAT_LABELS.put(Snapshot.STAT_NODE_LIMIT, "Node limit hits");
        STAT_LABELS.put(Snapshot.STAT_DEPTH_LIMIT, "Depth limit hits");
        STAT_LABELS.put(Snapshot.STAT_INSTRUMENTED_CLASSES, "Instrumented classes");
        STAT_LABELS.put(Snapshot.STAT_INSTRUMENTED_METHODS, "Instrumented methods");
        STAT_LABELS.put(Snapshot.STAT_FAILED_CLASSES, "Classes not instrumented");
    }

    private final Snapshot snapshot;
    private List<String> warnings;

    SnapshotSummary(Snapshot snapshot) {
        this.snapshot = snapshot;
    }

    /** JVM, command, mode, scheme and metric, e.g. {@code JVM: OpenJDK 64-Bit Server VM 21.0.2 · Command: app.jar}. */
    String sessionLine() {
        SnapshotInfo info = snapshot.info();
        List<String> parts = new ArrayList<>();
        String jvm = join(info.get(SnapshotInfo.JVM_NAME), info.get(SnapshotInfo.JVM_VERSION));
        if (!jvm.isEmpty()) parts.add("JVM: " + jvm);
        addIfPresent(parts, "Command", info.get(SnapshotInfo.JAVA_COMMAND));
        addIfPresent(parts, "Mode", info.get(SnapshotInfo.MODE));
        addIfPresent(parts, "Scheme", info.get(SnapshotInfo.SCHEME));
        String metric = info.get(SnapshotInfo.METRIC);
        String unit = info.get(SnapshotInfo.METRIC_UNIT);
        if (metric != null && !metric.isBlank()) parts.add("Metric: " + metric + (unit == null ? "" : " (" + unit + ")"));
        String values = info.get(CalibratedValues.VALUES);
        if (values != null) parts.add("Times: " + values);
        addIfPresent(parts, "Event", info.get(SnapshotInfo.EVENT));
        String interval = info.get(SnapshotInfo.INTERVAL_NS);
        if (interval != null && interval.matches("\\d+")) parts.add("Interval: " + HumanUnits.nanos(Long.parseLong(interval)));
        parts.add("Threads: " + snapshot.threads().size());
        return String.join(SEPARATOR, parts);
    }

    /** Every statistic, known ones first under readable names; dropped calls always, even when zero. */
    String statisticsLine() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put(Snapshot.STAT_DROPPED_CALLS, snapshot.stat(Snapshot.STAT_DROPPED_CALLS));
        for (String key : STAT_LABELS.keySet()) if (snapshot.stats().containsKey(key)) stats.put(key, snapshot.stat(key));
        snapshot.stats().forEach((key, value) -> {
            if (!CalibrationConstants.isConstant(key)) stats.put(key, value);
        });
        List<String> parts = new ArrayList<>();
        SamplingQuality quality = SamplingQuality.of(snapshot);
        if (quality != null) parts.add("Samples: " + quality.summary());
        stats.forEach((key, value) -> parts.add(STAT_LABELS.getOrDefault(key, key) + ": " + DisplayUnits.count(value)));
        return String.join(SEPARATOR, parts);
    }

    /** What the statistics say the tree misses, as the text report warns about it. */
    List<String> warnings() {
        if (warnings == null) warnings = SnapshotWarnings.of(snapshot);
        return warnings;
    }

    /** True when the text report would warn about the snapshot: the statistics line is marked. */
    boolean hasLosses() {
        return !warnings().isEmpty();
    }

    /** The warnings, then every property of the snapshot, as an HTML table for a tooltip. */
    String detailsHtml() {
        StringBuilder html = new StringBuilder("<html><table cellspacing=0 cellpadding=1>");
        for (String w : warnings()) row(html, "Warning", w);
        snapshot.info().asMap().forEach((k, v) -> row(html, k, v));
        snapshot.stats().forEach((k, v) -> {
            if (!CalibrationConstants.isConstant(k)) row(html, STAT_LABELS.getOrDefault(k, k), DisplayUnits.count(v));
        });
        return html.append("</table></html>").toString();
    }

    private static void row(StringBuilder html, String key, String value) {
        html.append("<tr><td><b>").append(MethodText.escape(key)).append("</b>&nbsp;&nbsp;</td><td>")
                .append(MethodText.escape(value)).append("</td></tr>");
    }

    private static void addIfPresent(List<String> parts, String label, String value) {
        if (value != null && !value.isBlank()) parts.add(label + ": " + value);
    }

    private static String join(String a, String b) {
        return ((a == null ? "" : a) + " " + (b == null ? "" : b)).trim();
    }
}
