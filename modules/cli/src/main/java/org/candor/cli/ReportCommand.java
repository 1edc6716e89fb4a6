package org.candor.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.PatternWarnings;
import org.candor.core.model.Snapshot;
import org.candor.core.report.ReportFormat;
import org.candor.core.snapshot.SnapshotReader;

/** {@code candor report FILE}: a snapshot as a text tree, folded stacks or CSV. */
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
        Snapshot snapshot = SnapshotReader.read(file);
        write(snapshot, settings, console);
        return 0;
    }

    static void write(Snapshot snapshot, ReportSettings settings, Console console) throws IOException, UsageException {
        snapshot = CalibratedValues.select(snapshot, settings.raw);
        // the text report shows them under its title; folded stacks and CSV are data for other tools
        if (settings.format != ReportFormat.TEXT) {
            for (String w : PatternWarnings.lines(snapshot.info())) console.err.println(w);
        }
        try {
            if (settings.output == null) {
                Writer w = new BufferedWriter(new OutputStreamWriter(console.out, StandardCharsets.UTF_8));
                settings.format.write(snapshot, settings.options, w);
                w.flush();
            } else {
                try (Writer w = Files.newBufferedWriter(settings.output, StandardCharsets.UTF_8)) {
                    settings.format.write(snapshot, settings.options, w);
                }
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
