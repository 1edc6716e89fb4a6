package org.candor.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.PatternWarnings;
import org.candor.core.imports.ProfileFiles;
import org.candor.core.io.ReplaceFile;
import org.candor.core.report.ReportFormat;
import org.candor.core.report.TraceReportWriter;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.SnapshotTooLargeException;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceSource;

/**
 * {@code candor report FILE}: a snapshot as a text tree, folded stacks or CSV. The snapshot is read in place
 * ({@link SnapshotFile}): a report of any size needs about the same memory. A JFR recording, a pprof profile or collapsed stacks are
 * imported as a sampled snapshot ({@link ProfileFiles}) and reported the same way. A format that reads traces
 * ({@link ReportFormat#readsTraces}, chrome-trace) takes a trace directory or merged trace as FILE, or a snapshot
 * whose run was traced (the trace it names is read); the trace is streamed, a record at a time.
 */
final class ReportCommand implements Command {

    @Override public String name() { return "report"; }

    @Override public String summary() { return "print a snapshot as a call tree, folded stacks or CSV; a trace as Chrome JSON"; }

    @Override public String usage() {
        return "usage: candor report FILE.candor|FILE.jfr|FILE.pb.gz|FILE.collapsed [options]\n"
                + "       candor report FILE.candor|TRACE_DIR|FILE.ctrace|FILE.jfr --format chrome-trace [-o OUT.json]\n\n"
                + ReportSettings.HELP
                + CollapsedUnitOption.help(32)
                + "\nexamples:\n"
                + "  candor report app.candor\n"
                + "  candor report app.candor --format collapsed > app.folded   # for flamegraph.pl\n"
                + "  candor report app.candor --format csv --value self -o app.csv\n"
                + "  candor report app.candor --format hotspots-csv -o hot.csv   # a row per method, as the hot spots\n"
                + "  candor report recording.jfr    # a JFR recording's execution samples, imported\n"
                + "  candor report app.collapsed    # folded stacks (async-profiler, perf + stackcollapse)\n"
                + "  candor report app.candor --format pprof -o app.pb.gz   # for go tool pprof, Pyroscope, Parca\n"
                + "  candor report cpu.pb.gz        # a pprof profile (Go, async-profiler's converter), imported\n"
                + "  candor report run.trace --format chrome-trace -o run.json  # a traced run's timeline, for ui.perfetto.dev\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        ReportSettings settings = new ReportSettings();
        Path file = null;
        while (args.hasNext()) {
            String a = args.next();
            if (settings.accept(a, args)) continue;
            if (a.equals(CollapsedUnitOption.NAME)) {
                settings.collapsedUnit = CollapsedUnitOption.parse("report", args.value(a));
                continue;
            }
            if (Args.isOption(a)) throw args.unknown(a);
            if (file != null) throw new UsageException("report: one snapshot file at a time ('" + file + "' and '" + a + "')");
            file = Path.of(a);
        }
        if (file == null) throw new UsageException("report: which snapshot? (usage: candor report FILE.candor)");
        try {
            if (settings.format.readsTraces()) {
                writeTrace(file, settings, console);
            } else {
                if (isTrace(file)) {
                    throw new UsageException("report: " + file + " is a trace, not a snapshot; a trace reports as "
                            + ReportFormat.traceFormats().stream().map(f -> "--format " + f.id())
                                    .collect(Collectors.joining(" or ")));
                }
                write(file, settings, console);
            }
        } catch (IOException e) {
            // the reader of standard output stopped reading (| head): stop too, quietly, as if by SIGPIPE
            if (settings.output == null && CheckedOutput.isBrokenPipe(e)) return 141;
            throw e;
        }
        return 0;
    }

    /** Opens the snapshot and writes the report: to standard output, or to the settings' file. */
    static void write(Path file, ReportSettings settings, Console console) throws IOException, UsageException {
        try (SnapshotFile snapshot = ProfileFiles.open(file, settings.collapsedUnit)) {
            SnapshotFile shown = CalibratedValues.select(snapshot, settings.raw);
            // the text report shows them under its title; folded stacks and CSV are data for other tools
            if (settings.format != ReportFormat.TEXT) {
                for (String w : PatternWarnings.lines(shown.info())) console.err.println(w);
            }
            if (settings.output == null) {
                console.out.flush();
                settings.format.write(shown, settings.options, console.data); // buffered by the report itself
            } else {
                // whole, then renamed over: an older report stays until the new one is complete
                ReplaceFile.write(settings.output, out -> settings.format.write(shown, settings.options, out));
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        } catch (SnapshotTooLargeException e) {
            // only 1.x snapshots are read whole (they have no extents to skip subtrees by)
            throw new IOException(e.getMessage() + "; a " + e.version() + " snapshot is read whole: give Java more"
                    + " heap (JAVA_TOOL_OPTIONS=-Xmx" + heapFor(e.bytesNeeded()) + ")", e);
        } catch (OutOfMemoryError e) {
            long heap = Runtime.getRuntime().maxMemory();
            throw new IOException("not enough memory to report " + file + " within this JVM's heap of " + (heap >> 20)
                    + " MB; give Java more (JAVA_TOOL_OPTIONS=-Xmx" + heapFor(heap * 4) + ")");
        }
    }

    /**
     * Writes a trace report of a trace directory, a merged trace, or the trace a snapshot names; the trace's warnings
     * go to stderr.
     */
    static void writeTrace(Path file, ReportSettings settings, Console console) throws IOException, UsageException {
        Path trace = file;
        if (!isTrace(file) && Files.isRegularFile(file)) {
            try (SnapshotFile snapshot = ProfileFiles.open(file)) {
                trace = TraceReportWriter.traceOf(snapshot);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        TraceSource source = TraceDirectory.open(trace);
        if (settings.output == null) {
            console.out.flush();
            settings.format.write(source, console.data);
        } else {
            ReplaceFile.write(settings.output, out -> settings.format.write(source, out));
        }
        for (String w : source.warnings()) console.note("warning: " + w);
    }

    /** A trace directory (it has a meta file) or a trace file (it begins with CNDTRACE, docs/formats/trace.md). */
    static boolean isTrace(Path file) throws IOException {
        if (Files.isDirectory(file)) return Files.isRegularFile(file.resolve("meta"));
        if (!Files.isRegularFile(file)) return false;
        byte[] magic = "CNDTRACE".getBytes(StandardCharsets.US_ASCII);
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(magic.length), magic);
        }
    }

    /** A heap setting with room for {@code bytes} and the rest, in whole gigabytes. */
    private static String heapFor(long bytes) {
        return String.format(Locale.ROOT, "%dg", Math.max(1, (bytes + (bytes >> 2) + (1L << 30) - 1) >> 30));
    }
}
