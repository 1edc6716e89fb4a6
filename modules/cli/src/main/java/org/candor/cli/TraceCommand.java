package org.candor.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceFormat;
import org.candor.core.trace.TraceMerge;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceRecord;
import org.candor.core.trace.TraceSource;
import org.candor.core.trace.TraceStats;
import org.candor.core.trace.TraceText;

/**
 * {@code candor trace merge|dump|stats|cut}: a traced run's per-CPU trace files (docs/formats/trace.md) merged into
 * one file in time order, printed record by record, summed per thread, or cut to a range's call tree
 * ({@link TraceCutCli}); a JFR recording reads as a trace of its samples, waits and GC pauses. The reading is core's
 * {@code org.candor.core.trace}; this class parses the command line and lays the results out.
 */
final class TraceCommand implements Command {

    @Override public String name() { return "trace"; }

    @Override public String summary() { return "merge, dump, sum up or cut a traced run's per-CPU trace files"; }

    @Override public String usage() {
        return "usage: candor trace merge DIR -o FILE\n"
                + "       candor trace dump FILE|DIR [--limit N] [--absolute]\n"
                + "       candor trace stats FILE|DIR\n"
                + TraceCutCli.USAGE + "\n"
                + "A traced run leaves a directory: one trace file per CPU (cpu-N.ctrace), each record a period a\n"
                + "thread ran on that CPU with the change of its counters, or a marker; and a meta file naming the\n"
                + "threads, methods and counters. FILE is a merged trace, or a JFR recording (.jfr: its samples\n"
                + "as running periods, its waits as blocked ones, its GC pauses as markers; docs/formats/trace.md);\n"
                + "DIR such a directory.\n\n"
                + "  merge        one file of the same format, every record in time order, the meta inside\n"
                + "  dump         one line a record: time, CPU, thread, kind, duration, top method, counters;\n"
                + "               markers with their kind and text. A directory's records come file by file, as\n"
                + "               they were written (by the periods' ends): merge first for time order\n"
                + "  stats        per thread: periods, real time, CPU time (task-clock), time blocked (real - CPU\n"
                + "               in periods where the thread blocked), time descheduled (real - CPU in periods it\n"
                + "               was switched out involuntarily), each counter's sum, IPC (with cycles and\n"
                + "               instructions), markers; then the run's totals, dropped records, warnings\n"
                + TraceCutCli.HELP + "\n"
                + "  -o FILE      (merge) where the merged trace goes\n"
                + "  --limit N    (dump) the first N records only\n"
                + "  --absolute   (dump) times as the clock gave them, not ns after the first record shown\n"
                + "\nexamples:\n"
                + "  candor trace merge run.trace -o run.ctrace\n"
                + "  candor trace dump run.ctrace --limit 20\n"
                + "  candor trace stats run.trace\n"
                + "  candor trace stats recording.jfr\n"
                + "  candor trace cut run.trace --from 1.2s --to 1.5s --thread worker-1 -o slow.candor\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        if (argList.isEmpty()) throw new UsageException("trace: merge, dump, stats or cut? (usage: candor trace merge|dump|stats|cut ...)");
        String sub = argList.get(0);
        List<String> rest = argList.subList(1, argList.size());
        switch (sub) {
            case "merge": return merge(rest, console);
            case "dump": return dump(rest, console);
            case "stats": return stats(rest, console);
            case "cut": return TraceCutCli.run(rest, console);
            default:
                throw new UsageException("trace: unknown command '" + sub + "' (commands: merge, dump, stats, cut)");
        }
    }

    private int merge(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        Path dir = null;
        Path out = null;
        while (args.hasNext()) {
            String a = args.next();
            switch (a) {
                case "-o": case "--output": out = Path.of(args.value(a)); break;
                default:
                    if (Args.isOption(a)) throw args.unknown(a);
                    if (dir != null) throw new UsageException("trace merge: one trace directory at a time ('" + dir + "' and '" + a + "')");
                    dir = Path.of(a);
            }
        }
        if (dir == null) throw new UsageException("trace merge: which trace directory? (usage: candor trace merge DIR -o FILE)");
        if (out == null) throw new UsageException("trace merge: where should the merged trace go? (-o FILE)");
        TraceMerge.Result r;
        try {
            r = TraceMerge.merge(dir, out);
        } catch (OutOfMemoryError e) {
            // the index holds 32 bytes a record while it sorts
            long heap = Runtime.getRuntime().maxMemory();
            throw new IOException("not enough memory to merge " + dir + " within this JVM's heap of " + (heap >> 20)
                    + " MB (a merge needs about 32 bytes a record); give Java more (JAVA_TOOL_OPTIONS=-Xmx"
                    + Math.max(1, (heap * 4) >> 30) + "g)");
        }
        for (String w : r.warnings()) console.note("warning: " + w);
        console.out.println("merged " + grouped(r.records()) + " records (" + grouped(r.markers()) + " marker"
                + (r.markers() == 1 ? "" : "s") + ") of " + r.files() + " CPU file" + (r.files() == 1 ? "" : "s")
                + " into " + out);
        return 0;
    }

    private int dump(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        Path path = null;
        long limit = Long.MAX_VALUE;
        boolean absolute = false;
        while (args.hasNext()) {
            String a = args.next();
            switch (a) {
                case "--limit": limit = args.intValue(a, 0); break;
                case "--absolute": absolute = true; break;
                default:
                    path = positional(args, a, path, "dump");
            }
        }
        if (path == null) throw new UsageException("trace dump: which trace? (usage: candor trace dump FILE|DIR [--limit N])");
        TraceSource source = TraceDirectory.open(path);
        console.out.flush();
        Writer out = new BufferedWriter(new OutputStreamWriter(console.data, StandardCharsets.UTF_8), 1 << 16);
        try {
            RecordLines lines = new RecordLines(source, absolute);
            long max = limit;
            long[] shown = {0};
            if (max > 0) {
                source.visit(r -> {
                    out.write(lines.of(r));
                    out.write('\n');
                    return ++shown[0] < max;
                });
            }
            out.flush();
        } catch (IOException e) {
            // the reader of standard output stopped reading (| head): stop too, quietly, as if by SIGPIPE
            if (CheckedOutput.isBrokenPipe(e)) return 141;
            throw e;
        }
        for (String w : source.warnings()) console.note("warning: " + w);
        return 0;
    }

    private int stats(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        Path path = null;
        while (args.hasNext()) path = positional(args, args.next(), path, "stats");
        if (path == null) throw new UsageException("trace stats: which trace? (usage: candor trace stats FILE|DIR)");
        TraceSource source = TraceDirectory.open(path);
        console.out.print(TraceStatsTable.format(source, TraceStats.of(source)));
        return 0;
    }

    private static Path positional(Args args, String a, Path already, String sub) throws UsageException {
        if (Args.isOption(a)) throw args.unknown(a);
        if (already != null) throw new UsageException("trace " + sub + ": one trace at a time ('" + already + "' and '" + a + "')");
        return Path.of(a);
    }

    /** {@code 12,345}: the CLI's thousands separators, whatever the locale. */
    static String grouped(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** One line a record, as dump prints it; the program's text escaped so that it stays on its line. */
    static final class RecordLines {
        private final TraceMeta meta;
        private final boolean absolute;
        private final String[] counterNames;
        private boolean first = true;
        private long origin;
        private final StringBuilder s = new StringBuilder(256);

        RecordLines(TraceSource source, boolean absolute) {
            this.meta = source.meta();
            this.absolute = absolute;
            this.counterNames = new String[source.counterCount()];
            for (int i = 0; i < counterNames.length; i++) counterNames[i] = TraceText.printable(source.counterName(i));
        }

        String of(TraceRecord r) {
            if (first) {
                origin = r.time();
                first = false;
            }
            s.setLength(0);
            String time = absolute ? grouped(r.time()) : (r.time() >= origin ? "+" : "-") + grouped(Math.abs(r.time() - origin));
            pad(time, 16);
            s.append("  cpu ").append(r.cpu());
            if (r.isPeriod() && r.startCpu() != r.cpu()) s.append(" (from ").append(r.startCpu()).append(')');
            s.append("  tid ").append(r.tid());
            String name = meta.nameAt(r.tid(), r.time());
            if (name != null) s.append(" \"").append(TraceText.printable(name)).append('"');
            if (r.isMarker()) {
                s.append("  marker ").append(TraceFormat.markerKind(r.markerKind())).append(" \"")
                        .append(TraceText.printable(r.text())).append('"');
                return s.toString();
            }
            s.append("  period");
            if (r.yielded()) s.append(" yielded");
            if (r.isFirst()) s.append(" first");
            if (r.isLast()) s.append(" last");
            if (r.isTick()) s.append(" tick");
            if (r.isSwitch()) s.append(" switch");
            if (r.isOffCpu()) s.append(" off-cpu");
            s.append("  dur ").append(grouped(r.duration()));
            s.append("  at ").append(TraceText.printable(meta.display(r.methodId())));
            for (int i = 0; i < r.counterCount(); i++) {
                s.append(i == 0 ? "  " : " ").append(counterNames[i]).append('=').append(grouped(r.counter(i)));
            }
            return s.toString();
        }

        private void pad(String text, int width) {
            for (int i = text.length(); i < width; i++) s.append(' ');
            s.append(text);
        }
    }
}
