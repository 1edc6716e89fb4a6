package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which statistics are calibration constants: {@code calibration.<category>.<field>} with one of the fields the agent
 * writes per category of event pair (docs/formats/snapshot.md, STAT). There are a handful per category and dozens of
 * categories, too many for the plain statistics list, so the text report prints them as a table of their own and the
 * app leaves them out of its statistics line. Anything else under {@code calibration.} (the warm-up's phase and
 * events, a field this version does not know) is an ordinary statistic: readers show every statistic, known or not,
 * and one that no table prints must stay in the list.
 */
public final class CalibrationConstants {

    public static final String PREFIX = "calibration.";
    /** The fields of one category, in the table's column order. */
    public static final List<String> FIELDS = List.of("count", "min_ps", "median_ps", "floor_ps", "correction_ps");
    /** The table's column headings, one per field. */
    public static final List<String> HEADINGS = List.of("Sections", "Min", "Median", "Floor", "Correction");
    /** What the table shows. */
    public static final String SHOWN = "sections between two probe events, per category from -event-> owner -event-> to";
    /** How to read a category's name. */
    public static final String CATEGORY_NAMES = "int interpreted, jit compiled, oth thread root or unknown";

    /** One category of the table: its fields' values in {@link #FIELDS} order, -1 where the snapshot has none. */
    public static final class Row {
        private final String category;
        private final long[] values;

        Row(String category, long[] values) {
            this.category = category;
            this.values = values;
        }

        public String category() { return category; }
        /** The value of {@code FIELDS.get(field)}, or -1. */
        public long value(int field) { return values[field]; }
    }
    /** Not a category: {@code calibration.warmup.phase}, {@code calibration.warmup.events}. */
    private static final String WARMUP = "warmup";

    private CalibrationConstants() {}

    public static boolean isConstant(String key) {
        return category(key) != null;
    }

    /** The category of a constant, e.g. {@code int-int} of {@code calibration.int-int.min_ps}; null for any other key. */
    public static String category(String key) {
        if (!key.startsWith(PREFIX)) return null;
        int dot = key.lastIndexOf('.');
        if (dot <= PREFIX.length() || !FIELDS.contains(key.substring(dot + 1))) return null;
        String category = key.substring(PREFIX.length(), dot);
        return category.equals(WARMUP) ? null : category;
    }

    /** The table of a snapshot's statistics: one row per category, in name order; empty without calibration. */
    public static List<Row> rows(Map<String, Long> stats) {
        Map<String, long[]> rows = new TreeMap<>();
        for (Map.Entry<String, Long> e : stats.entrySet()) {
            String category = category(e.getKey());
            if (category == null) continue;
            long[] row = rows.computeIfAbsent(category, c -> {
                long[] none = new long[FIELDS.size()];
                Arrays.fill(none, -1);
                return none;
            });
            row[FIELDS.indexOf(field(e.getKey()))] = e.getValue();
        }
        List<Row> table = new ArrayList<>();
        rows.forEach((category, values) -> table.add(new Row(category, values)));
        return table;
    }

    /** The field of a constant, e.g. {@code min_ps}; null for any other key. */
    public static String field(String key) {
        return isConstant(key) ? key.substring(key.lastIndexOf('.') + 1) : null;
    }
}
