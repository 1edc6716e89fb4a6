package org.candor.core.report;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.CalibrationConstants;
import org.candor.core.analysis.PatternWarnings;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.ThreadTree;

/** The top of the text report: patterns that matched nothing, the snapshot's properties, per-thread totals and every statistic. */
final class TextHeader {

    private static final int LABEL_WIDTH = 12;

    private final ReportContext report;
    private final SnapshotInfo info;
    private final TextReport.Columns columns;
    private final Set<String> shownKeys = new HashSet<>();

    TextHeader(ReportContext report, TextReport.Columns columns) {
        this.report = report;
        this.info = report.file.info();
        this.columns = columns;
    }

    /** The header, then the calibration table (where the snapshot has one) as a section of its own. */
    void write(ReportOutput out, TextReport.Sections sections) throws IOException {
        ReportOptions options = report.options;
        List<ThreadTree> selected = report.selected;
        Map<String, Long> stats = report.file.stats();
        StringBuilder s = new StringBuilder("Candor profile\n");
        // a pattern that matched nothing explains an empty or thin profile: first, as the agent said it at run time
        take(PatternWarnings.INCLUDE);
        take(PatternWarnings.ROOT);
        for (String w : PatternWarnings.lines(info)) s.append(w).append('\n');
        property(s, "Candor", SnapshotInfo.CANDOR_VERSION);
        String jvm = join(" ", take(SnapshotInfo.JVM_NAME), take(SnapshotInfo.JVM_VERSION));
        String vendor = take(SnapshotInfo.JVM_VENDOR);
        line(s, "JVM", vendor == null ? jvm : join(" ", jvm, "(" + vendor + ")"));
        property(s, "JVM args", SnapshotInfo.JVM_ARGS);
        property(s, "Command", SnapshotInfo.JAVA_COMMAND);
        property(s, "PID", SnapshotInfo.PID);
        property(s, "Host", SnapshotInfo.HOST);
        property(s, "Mode", SnapshotInfo.MODE);
        property(s, "Scheme", SnapshotInfo.SCHEME);
        property(s, "Roots", SnapshotInfo.ROOTS);
        String event = SamplingQuality.event(info, stats);
        if (take(SnapshotInfo.EVENT) != null) line(s, "Event", event);
        String interval = take(SnapshotInfo.INTERVAL_NS);
        // up to 18 digits fit a long: a longer number (a damaged or crafted file) is shown as it is
        if (interval != null) line(s, "Interval", interval.matches("\\d{1,18}") ? HumanUnits.nanos(Long.parseLong(interval)) : interval);
        SamplingQuality quality = SamplingQuality.of(info, stats);
        if (quality != null) line(s, "Samples", quality.summary());
        property(s, "Trace", SnapshotInfo.TRACE_DIRECTORY);
        property(s, "Cut", SnapshotInfo.TRACE_CUT);
        String metric = take(SnapshotInfo.METRIC);
        String unit = take(SnapshotInfo.METRIC_UNIT);
        if (metric != null) line(s, "Metric", unit == null ? metric : metric + " (" + unit + ")");
        property(s, "Clock", SnapshotInfo.CLOCK);
        String values = take(CalibratedValues.VALUES);
        if (values != null) {
            line(s, "Times", values.equals("raw")
                    ? "raw (as measured; calibration " + take(SnapshotInfo.CALIBRATION) + " not applied)"
                    : "calibrated (" + take(SnapshotInfo.CALIBRATION) + "; --raw for the times as measured)");
        }
        property(s, "Include", SnapshotInfo.INCLUDE);
        property(s, "Exclude", SnapshotInfo.EXCLUDE);
        String start = take(SnapshotInfo.START_TIME);
        String end = take(SnapshotInfo.END_TIME);
        line(s, "Started", time(start));
        line(s, "Ended", time(end));
        Instant from = instant(start);
        Instant to = instant(end);
        if (from != null && to != null) line(s, "Duration", duration(Duration.between(from, to)));
        for (Map.Entry<String, String> e : info.asMap().entrySet()) {
            if (!shownKeys.contains(e.getKey())) line(s, e.getKey(), e.getValue());
        }

        s.append("\nThreads: ").append(selected.size());
        if (!options.threads().isAll()) {
            s.append(" of ").append(report.file.threads().size()).append(" (").append(options.threads()).append(')');
        }
        s.append('\n');
        int nameWidth = 6;
        for (ThreadTree t : selected) nameWidth = Math.max(nameWidth, Math.min(48, t.toString().length()));
        s.append("  ");
        ReportSupport.padRight(s, "Thread", nameWidth);
        columns.appendHeader(s);
        s.append('\n');
        for (ThreadTree t : selected) {
            s.append("  ");
            ReportSupport.padRight(s, t.toString(), nameWidth);
            columns.appendValues(s, report.totals(t));
            s.append('\n');
        }

        s.append("\nStatistics:\n");
        if (stats.isEmpty()) s.append("  (none)\n");
        int keyWidth = 0;
        for (String key : stats.keySet()) {
            if (!CalibrationConstants.isConstant(key)) keyWidth = Math.max(keyWidth, key.length());
        }
        for (Map.Entry<String, Long> e : stats.entrySet()) {
            if (CalibrationConstants.isConstant(e.getKey())) continue;
            s.append("  ");
            ReportSupport.padRight(s, e.getKey(), keyWidth + 2);
            s.append(e.getValue()).append('\n');
        }
        for (String warning : SnapshotWarnings.of(stats, info, report::allCalls, report::allNanos, report::allProbeEffect)) {
            s.append("  WARNING: ").append(warning).append('\n');
        }
        out.text(s);
        s.setLength(0);
        CalibrationTable.write(stats, s);
        if (s.length() > 0) {
            out.flush();
            sections.begin("Calibration");
            out.text(s);
        }
    }

    private void property(StringBuilder s, String label, String key) {
        line(s, label, take(key));
    }

    private String take(String key) {
        shownKeys.add(key);
        return info.get(key);
    }

    private static void line(StringBuilder s, String label, String value) {
        if (value == null || value.isEmpty()) return;
        s.append("  ");
        ReportSupport.padRight(s, label + ":", LABEL_WIDTH);
        s.append(value.replace('\n', ' ')).append('\n');
    }

    private static String join(String separator, String a, String b) {
        if (a == null || a.isEmpty()) return b;
        if (b == null || b.isEmpty()) return a;
        return a + separator + b;
    }

    /**
     * As the report's other times; in whole seconds beyond the 292 years that nanoseconds in a long hold (times of a
     * damaged or crafted file can be anything from year -10^9 to 10^9).
     */
    private static String duration(Duration d) {
        long seconds = d.getSeconds();
        if (Math.abs(seconds) < Long.MAX_VALUE / 1_000_000_000L) return HumanUnits.nanos(d.toNanos());
        return seconds + " s";
    }

    /** Times are stored as epoch milliseconds or ISO-8601 instants; milliseconds are shown as instants. */
    private static String time(String raw) {
        Instant t = instant(raw);
        return t == null ? raw : t.toString();
    }

    private static Instant instant(String raw) {
        if (raw == null) return null;
        if (isMillis(raw)) return Instant.ofEpochMilli(Long.parseLong(raw.trim()));
        try {
            return Instant.parse(raw.trim());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static boolean isMillis(String raw) {
        String t = raw.trim();
        if (t.isEmpty() || t.length() > 18) return false;
        for (int i = 0; i < t.length(); i++) if (!Character.isDigit(t.charAt(i))) return false;
        return true;
    }
}
