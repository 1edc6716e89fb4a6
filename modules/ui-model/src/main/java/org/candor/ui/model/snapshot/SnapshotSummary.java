package org.candor.ui.model.snapshot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.CalibrationConstants;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.report.HumanUnits;

/**
 * The lines above a snapshot's views: what was profiled and how, and the session's statistics, marked when core's
 * {@link SnapshotWarnings} (the text report's warnings) has anything to say; the details behind them. The lines come
 * from the small sections, at once; the warnings may read the threads' flat profiles ({@link #warnings}): off the
 * event thread.
 */
public final class SnapshotSummary {

    /** One line of the details: a warning, a property of the snapshot or a statistic, by name. */
    public record Detail(String name, String value) { }

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

    private final SnapshotSource snapshot;
    private List<String> warnings;

    public SnapshotSummary(SnapshotSource snapshot) {
        this.snapshot = snapshot;
    }

    /** JVM, command, mode, scheme and metric, e.g. {@code JVM: OpenJDK 64-Bit Server VM 21.0.2 · Command: app.jar}. */
    public String sessionLine() {
        SnapshotInfo info = snapshot.info();
        List<String> parts = new ArrayList<>();
        String jvm = join(info.get(SnapshotInfo.JVM_NAME), info.get(SnapshotInfo.JVM_VERSION));
        if (!jvm.isEmpty()) parts.add("JVM: " + jvm);
        addIfPresent(parts, "Command", info.get(SnapshotInfo.JAVA_COMMAND));
        addIfPresent(parts, "Mode", info.get(SnapshotInfo.MODE));
        // a call tree cut from a trace says which range it holds before anything else about it
        addIfPresent(parts, "Cut", info.get(SnapshotInfo.TRACE_CUT));
        addIfPresent(parts, "Scheme", info.get(SnapshotInfo.SCHEME));
        String metric = info.get(SnapshotInfo.METRIC);
        String unit = info.get(SnapshotInfo.METRIC_UNIT);
        if (metric != null && !metric.isBlank()) parts.add("Metric: " + metric + (unit == null ? "" : " (" + unit + ")"));
        String values = info.get(CalibratedValues.VALUES);
        if (values != null) parts.add("Times: " + values);
        addIfPresent(parts, "Event", SamplingQuality.event(info, snapshot.stats()));
        String interval = info.get(SnapshotInfo.INTERVAL_NS);
        if (interval != null && interval.matches("\\d+")) parts.add("Interval: " + HumanUnits.nanos(Long.parseLong(interval)));
        parts.add("Threads: " + snapshot.threadCount());
        return String.join(SEPARATOR, parts);
    }

    /** Every statistic, known ones first under readable names; dropped calls always, even when zero. */
    public String statisticsLine() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put(Snapshot.STAT_DROPPED_CALLS, snapshot.stat(Snapshot.STAT_DROPPED_CALLS));
        for (String key : STAT_LABELS.keySet()) if (snapshot.stats().containsKey(key)) stats.put(key, snapshot.stat(key));
        snapshot.stats().forEach((key, value) -> {
            if (!CalibrationConstants.isConstant(key)) stats.put(key, value);
        });
        List<String> parts = new ArrayList<>();
        SamplingQuality quality = SamplingQuality.of(snapshot.info(), snapshot.stats());
        if (quality != null) parts.add("Samples: " + quality.summary());
        stats.forEach((key, value) -> parts.add(STAT_LABELS.getOrDefault(key, key) + ": " + DisplayUnits.count(value)));
        return String.join(SEPARATOR, parts);
    }

    /** What the statistics say the tree misses, as the text report warns about it: off the event thread. */
    public synchronized List<String> warnings() throws IOException {
        if (warnings == null) warnings = List.copyOf(snapshot.warnings());
        return warnings;
    }

    /** True when the text report would warn about the snapshot: the statistics line is marked. Off the event thread. */
    public boolean hasLosses() throws IOException {
        return !warnings().isEmpty();
    }

    /**
     * The warnings (once {@link #warnings} has been asked, none before), how the trees are read when they are read in
     * place, then every property of the snapshot, then every statistic but the calibration constants.
     */
    public List<Detail> details() {
        List<Detail> details = new ArrayList<>();
        List<String> known;
        synchronized (this) {
            known = warnings;
        }
        if (known != null) for (String w : known) details.add(new Detail("Warning", w));
        if (snapshot.readsFile()) {
            details.add(new Detail("Trees", "read in place from the file, " + DisplayUnits.count(snapshot.paths()) + " call paths"));
        }
        snapshot.info().asMap().forEach((k, v) -> details.add(new Detail(k, v)));
        snapshot.stats().forEach((k, v) -> {
            if (!CalibrationConstants.isConstant(k)) details.add(new Detail(STAT_LABELS.getOrDefault(k, k), DisplayUnits.count(v)));
        });
        return details;
    }

    private static void addIfPresent(List<String> parts, String label, String value) {
        if (value != null && !value.isBlank()) parts.add(label + ": " + value);
    }

    private static String join(String a, String b) {
        return ((a == null ? "" : a) + " " + (b == null ? "" : b)).trim();
    }
}
