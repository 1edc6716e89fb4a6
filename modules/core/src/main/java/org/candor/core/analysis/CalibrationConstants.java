package org.candor.core.analysis;

import java.util.List;

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

    /** The field of a constant, e.g. {@code min_ps}; null for any other key. */
    public static String field(String key) {
        return isConstant(key) ? key.substring(key.lastIndexOf('.') + 1) : null;
    }
}
