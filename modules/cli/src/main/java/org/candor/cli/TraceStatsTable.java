package org.candor.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.candor.core.report.HumanUnits;
import org.candor.core.trace.TraceJudgement;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceSource;
import org.candor.core.trace.TraceStats;
import org.candor.core.trace.TraceText;

/**
 * {@code candor trace stats} as text: a row per thread in aligned columns (times as the reports show them, counts
 * with thousands separators, the name last so that long names need no column), the run's totals, then what the
 * run says about itself: dropped records, its end, and the warnings.
 */
final class TraceStatsTable {

    private TraceStatsTable() {}

    static String format(TraceSource source, TraceStats stats) {
        List<String> counters = stats.counterNames();
        int taskClock = counters.indexOf(TraceJudgement.TASK_CLOCK);
        List<String> header = new ArrayList<>(List.of("tid", "periods", "real", "cpu", "blocked", "descheduled"));
        for (int i = 0; i < counters.size(); i++) if (i != taskClock) header.add(TraceText.printable(counters.get(i)));
        if (stats.knowsIpc()) header.add("IPC");
        header.add("markers");

        List<String[]> rows = new ArrayList<>();
        for (TraceStats.Totals t : stats.threads()) rows.add(row(stats, t, Integer.toString(t.tid()), taskClock));
        String[] total = row(stats, stats.total(), "total", taskClock);

        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            for (String[] r : rows) widths[c] = Math.max(widths[c], r[c].length());
            widths[c] = Math.max(widths[c], total[c].length());
        }
        StringBuilder s = new StringBuilder();
        s.append("Candor trace ").append(source.path()).append(": run ").append(Long.toUnsignedString(source.runId()));
        TraceMeta meta = source.meta();
        if (meta.pid() != null) s.append(", pid ").append(meta.pid());
        if (meta.cpus() != null) s.append(", ").append(meta.cpus()).append(" CPUs");
        if (meta.interval() != null) s.append(", interval ").append(HumanUnits.nanos(meta.interval()));
        s.append('\n');
        TraceStats.Totals all = stats.total();
        if (all.periods() + all.markers() > 0) {
            s.append(TraceCommand.grouped(all.periods())).append(" periods and ").append(TraceCommand.grouped(all.markers()))
                    .append(" markers of ").append(stats.threads().size()).append(" threads over ")
                    .append(HumanUnits.nanos(all.lastTime() - all.firstTime())).append('\n');
        }
        s.append('\n');
        line(s, header.toArray(new String[0]), widths, "name");
        for (int i = 0; i < rows.size(); i++) {
            String name = stats.threads().get(i).name();
            line(s, rows.get(i), widths, name == null ? "-" : TraceText.printable(name));
        }
        line(s, total, widths, "");
        s.append('\n');
        if (!stats.knowsCpuTime()) s.append("cpu, blocked, descheduled: - (the periods have no task-clock counter)\n");
        s.append("dropped records: ").append(stats.dropped() == null ? "none reported" : TraceCommand.grouped(stats.dropped()))
                .append('\n');
        s.append(meta.switchesText()).append('\n');
        if (meta.end() == null) s.append("end: none in the meta (the run was killed, or is still running)\n");
        for (String w : stats.warnings()) s.append("warning: ").append(w).append('\n');
        return s.toString();
    }

    private static String[] row(TraceStats stats, TraceStats.Totals t, String first, int taskClock) {
        List<String> r = new ArrayList<>();
        r.add(first);
        r.add(TraceCommand.grouped(t.periods()));
        r.add(HumanUnits.nanos(t.realTime()));
        boolean cpu = stats.knowsCpuTime();
        r.add(cpu ? HumanUnits.nanos(t.cpuTime()) : "-");
        r.add(cpu ? HumanUnits.nanos(t.blockedTime()) : "-");
        r.add(cpu ? HumanUnits.nanos(t.descheduledTime()) : "-");
        for (int i = 0; i < stats.counterNames().size(); i++) if (i != taskClock) r.add(TraceCommand.grouped(t.counter(i)));
        if (stats.knowsIpc()) r.add(Double.isNaN(t.ipc()) ? "-" : String.format(Locale.ROOT, "%.2f", t.ipc()));
        r.add(TraceCommand.grouped(t.markers()));
        return r.toArray(new String[0]);
    }

    private static void line(StringBuilder s, String[] cells, int[] widths, String name) {
        for (int c = 0; c < cells.length; c++) {
            if (c > 0) s.append("  ");
            for (int i = cells[c].length(); i < widths[c]; i++) s.append(' ');
            s.append(cells[c]);
        }
        s.append("  ").append(name);
        while (s.charAt(s.length() - 1) == ' ') s.setLength(s.length() - 1);
        s.append('\n');
    }
}
