package org.candor.cli;

import java.nio.file.Path;
import java.nio.file.Paths;
import org.candor.core.imports.CollapsedUnit;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.ReportOptions;
import org.candor.core.report.ThreadGrouping;

/** The report options shared by {@code report} and {@code demo}. */
final class ReportSettings {

    static final String HELP =
            formatHelp()
          + "  --value calls|self|total      the value reported (default: total for text/csv, self for collapsed);\n"
          + "                                sampled snapshots also have samples, self_samples (and waiting_time)\n"
          + "  --raw                         instrumented times as measured, before calibration (default: calibrated)\n"
          + "  --thread NAME                 only threads with this name (a glob: 'worker-*')\n"
          + "  --merge-threads | --per-thread  one merged tree, or one tree per thread\n"
          + "  --min-percent P               text: hide nodes below P % of their thread's total (default 0.1)\n"
          + "  --hot-spots N                 text: methods in the hot spots table (default 20, 0 for none)\n"
          + "  -o, --output FILE             write the report to FILE instead of standard output\n";

    /** The --format line, the formats from the registry: the description in the column, or below when too long. */
    private static String formatHelp() {
        String option = "  --format " + ReportFormat.ids("|");
        String column = "                                ";
        return (option.length() < column.length() - 1 ? option + column.substring(option.length()) : option + "\n" + column)
                + "output format (default text)\n";
    }

    ReportFormat format = ReportFormat.TEXT;
    ReportOptions options = ReportOptions.defaults();
    Path output;
    boolean raw;
    /** What collapsed stacks' counts are: report's {@code --collapsed-unit} (demo writes its own snapshot). */
    CollapsedUnit collapsedUnit = CollapsedUnit.SAMPLES;

    /** Takes the option if it is a report option; false when it is not one. */
    boolean accept(String option, Args args) throws UsageException {
        try {
            switch (option) {
                case "--format": format = ReportFormat.of(args.value(option)); return true;
                case "--value": options = options.withValue(value(args.value(option))); return true;
                case "--raw": raw = true; return true;
                case "--thread": options = options.withThreads(args.value(option)); return true;
                case "--merge-threads": options = options.withGrouping(ThreadGrouping.MERGED); return true;
                case "--per-thread": options = options.withGrouping(ThreadGrouping.PER_THREAD); return true;
                case "--min-percent": options = options.withMinPercent(args.doubleValue(option)); return true;
                case "--hot-spots": options = options.withHotSpots(args.intValue(option, 0)); return true;
                case "-o": case "--output": output = Paths.get(args.value(option)); return true;
                default: return false;
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** calls, self, total, or any metric key of the snapshot (samples, self_samples, waiting_time, ...). */
    private static String value(String v) throws UsageException {
        if (!v.matches("[a-z_]+")) {
            throw new UsageException("--value must be calls, self, total or a metric name such as samples, not '" + v + "'");
        }
        return v;
    }
}
