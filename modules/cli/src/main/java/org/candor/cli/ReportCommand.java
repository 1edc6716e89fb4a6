package org.candor.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.PatternWarnings;
import org.candor.core.io.ReplaceFile;
import org.candor.core.report.ReportFormat;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.snapshot.SnapshotTooLargeException;

/**
 * {@code candor report FILE}: a snapshot as a text tree, folded stacks or CSV. The snapshot is read in place
 * ({@link SnapshotFile}): a report of any size needs about the same memory.
 */
final class ReportCommand implements Command {

    @Override public String name() { return "report"; }

    @Override public String summary() { return "print a snapshot as a call tree, folded stacks or CSV"; }

    @Override public String usage() {
        return "usage: candor report FILE.candor [options]\n\n" + ReportSettings.HELP
                + "\nexamples:\n"
                + "  candor report app.candor\n"
                + "  candor report app.candor --format collapsed > app.folded   # for flamegraph.pl\n"
                + "  candor report app.candor --format csv --value self -o app.csv\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        ReportSettings settings = new ReportSettings();
        Path file = null;
        while (args.hasNext()) {
            String a = args.next();
            if (settings.accept(a, args)) continue;
            if (Args.isOption(a)) throw args.unknown(a);
            if (file != null) throw new UsageException("report: one snapshot file at a time ('" + file + "' and '" + a + "')");
            file = Path.of(a);
        }
        if (file == null) throw new UsageException("report: which snapshot? (usage: candor report FILE.candor)");
        try {
            write(file, settings, console);
        } catch (IOException e) {
            // the reader of standard output stopped reading (| head): stop too, quietly, as if by SIGPIPE
            if (settings.output == null && String.valueOf(e.getMessage()).contains("Broken pipe")) return 141;
            throw e;
        }
        return 0;
    }

    /** Opens the snapshot and writes the report: to standard output, or to the settings' file. */
    static void write(Path file, ReportSettings settings, Console console) throws IOException, UsageException {
        try (SnapshotFile snapshot = SnapshotFile.open(file)) {
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

    /** A heap setting with room for {@code bytes} and the rest, in whole gigabytes. */
    private static String heapFor(long bytes) {
        return String.format(Locale.ROOT, "%dg", Math.max(1, (bytes + (bytes >> 2) + (1L << 30) - 1) >> 30));
    }
}
