package org.candor.core.report;

import java.util.List;
import java.util.Map;
import org.candor.core.analysis.CalibrationConstants;
import org.candor.core.model.Snapshot;

/**
 * The calibration constants a snapshot stores as statistics ({@link CalibrationConstants}), printed as one table:
 * per category of event pair, how many sections were seen and their minimum, median and floor.
 */
public final class CalibrationTable {

    private CalibrationTable() {}

    /** The table alone, or an empty string when the snapshot holds no calibration constants. */
    public static String format(Snapshot snapshot) {
        StringBuilder s = new StringBuilder();
        write(snapshot.stats(), s);
        return s.length() > 0 && s.charAt(0) == '\n' ? s.substring(1) : s.toString();
    }

    static void write(Map<String, Long> stats, StringBuilder s) {
        List<CalibrationConstants.Row> rows = CalibrationConstants.rows(stats);
        if (rows.isEmpty()) return;
        s.append("\nCalibration (").append(CalibrationConstants.SHOWN).append(";\n")
                .append(CalibrationConstants.CATEGORY_NAMES).append("):\n");
        s.append("  ");
        ReportSupport.padRight(s, "Category", 20);
        for (String h : CalibrationConstants.HEADINGS) ReportSupport.padLeft(s, h, 12);
        s.append('\n');
        for (CalibrationConstants.Row r : rows) {
            s.append("  ");
            ReportSupport.padRight(s, r.category(), 20);
            for (int i = 0; i < CalibrationConstants.FIELDS.size(); i++) ReportSupport.padLeft(s, cell(r, i), 12);
            s.append('\n');
        }
    }

    /** A value of the table as the report and the app print it: sections as a count, the rest in ns; - for none. */
    public static String cell(CalibrationConstants.Row row, int field) {
        long v = row.value(field);
        if (v < 0) return "-";
        return field == 0 ? Long.toString(v) : picos(v);
    }

    private static String picos(long ps) {
        return ps >= 10_000_000 ? HumanUnits.nanos(Math.round(ps / 1000.0)) : String.format(java.util.Locale.ROOT, "%.1f ns", ps / 1000.0);
    }
}
