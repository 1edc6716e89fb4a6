package org.candor.core.report;

import java.util.Map;
import java.util.TreeMap;
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
        Map<String, long[]> rows = new TreeMap<>();
        for (Map.Entry<String, Long> e : stats.entrySet()) {
            String category = CalibrationConstants.category(e.getKey());
            if (category == null) continue;
            long[] row = rows.computeIfAbsent(category, c -> new long[] {-1, -1, -1, -1, -1});
            row[CalibrationConstants.FIELDS.indexOf(CalibrationConstants.field(e.getKey()))] = e.getValue();
        }
        if (rows.isEmpty()) return;
        s.append("\nCalibration (sections between two probe events, per category from -event-> owner -event-> to;\n")
         .append("int interpreted, jit compiled, oth thread root or unknown):\n");
        s.append("  ");
        ReportSupport.padRight(s, "Category", 20);
        for (String h : new String[] {"Sections", "Min", "Median", "Floor", "Correction"}) ReportSupport.padLeft(s, h, 12);
        s.append('\n');
        for (Map.Entry<String, long[]> r : rows.entrySet()) {
            long[] v = r.getValue();
            s.append("  ");
            ReportSupport.padRight(s, r.getKey(), 20);
            ReportSupport.padLeft(s, v[0] < 0 ? "-" : Long.toString(v[0]), 12);
            for (int i = 1; i < v.length; i++) ReportSupport.padLeft(s, v[i] < 0 ? "-" : picos(v[i]), 12);
            s.append('\n');
        }
    }

    private static String picos(long ps) {
        return ps >= 10_000_000 ? HumanUnits.nanos(Math.round(ps / 1000.0)) : String.format(java.util.Locale.ROOT, "%.1f ns", ps / 1000.0);
    }
}
