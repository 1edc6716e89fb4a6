package org.candor.ui.model.snapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.candor.core.analysis.CalibrationConstants;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.report.CalibrationTable;

/**
 * The calibration constants of a calibrated snapshot as the Calibration view shows them: the rows and cells of the
 * text report's table (core's {@link CalibrationConstants}, {@link CalibrationTable}) and a line on how the session
 * calibrated (mode, where the minima came from, the warm-up).
 */
public final class CalibrationRows {

    private final SnapshotInfo info;
    private final Map<String, Long> stats;
    private final List<CalibrationConstants.Row> rows;

    /** Of a snapshot's info and statistics: the constants are statistics. */
    public CalibrationRows(SnapshotInfo info, Map<String, Long> stats) {
        this.info = info;
        this.stats = stats;
        this.rows = CalibrationConstants.rows(stats);
    }

    /** True when the snapshot holds calibration constants: a calibrated instrumentation snapshot. */
    public boolean isEmpty() { return rows.isEmpty(); }

    /** {@code Calibration: runtime · minima from this run alone · warm-up done (1,003,520 events)}. */
    public String summary() {
        List<String> parts = new ArrayList<>();
        String mode = info.get(SnapshotInfo.CALIBRATION);
        parts.add("Calibration: " + (mode == null ? "on" : mode));
        String minima = info.get("calibration.minima");
        String file = info.get("calibration.file");
        if ("file".equals(minima)) parts.add("minima started from " + (file == null ? "a calibration statistics file" : file));
        else if ("run".equals(minima)) parts.add("minima from this run alone");
        Long phase = stats.get("calibration.warmup.phase");
        if (phase != null) {
            String words = phase == 0 ? "waiting for the first compilations" : phase == 1 ? "in progress" : "done";
            Long events = stats.get("calibration.warmup.events");
            parts.add("warm-up " + words + (events == null ? "" : " (" + DisplayUnits.count(events) + " events)"));
        }
        Long every = stats.get("calibration.measure_every");
        if (every != null) {
            parts.add(every == 1 ? "probe time measured at every event"
                    : "probe time measured at 1 event in " + every + ", estimated at the others");
        }
        return String.join("   \u00b7   ", parts);
    }

    /** What the table shows and how to read a category's name, as the text report says it. */
    public String legend() {
        String shown = CalibrationConstants.SHOWN;
        return Character.toUpperCase(shown.charAt(0)) + shown.substring(1) + "; " + CalibrationConstants.CATEGORY_NAMES + ".";
    }

    public int rowCount() { return rows.size(); }
    public int columnCount() { return 1 + CalibrationConstants.HEADINGS.size(); }
    public String columnName(int column) { return column == 0 ? "Category" : CalibrationConstants.HEADINGS.get(column - 1); }

    /** The category, or a field as the text report prints it ({@code 21.5 ns}, {@code -} where there is none). */
    public String cell(int row, int column) {
        CalibrationConstants.Row r = rows.get(row);
        return column == 0 ? r.category() : CalibrationTable.cell(r, column - 1);
    }
}
