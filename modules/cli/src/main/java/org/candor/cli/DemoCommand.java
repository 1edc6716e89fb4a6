package org.candor.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.candor.client.Installation;
import org.candor.client.ProfileSettings;

/** {@code candor demo}: profiles the bundled order-processing program and prints its tree. */
final class DemoCommand implements Command {

    @Override public String name() { return "demo"; }

    @Override public String summary() { return "profile a bundled demo program and print its call tree"; }

    @Override public String usage() {
        return "usage: candor demo [--keep FILE.candor] [--orders N] [report options]\n\n"
                + "Runs an order-processing batch (parsing, rejected records, a recursive rule evaluator,\n"
                + "BigDecimal pricing, a lock shared by two worker threads, sorting, rendering) under the\n"
                + "Total scheme, then prints the report.\n\n"
                + "  --keep FILE    keep the snapshot (default: a temporary file, deleted afterwards)\n"
                + "  --orders N     orders in the batch (default 60000)\n"
                + ReportSettings.HELP;
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        ReportSettings report = new ReportSettings();
        Path keep = null;
        int orders = 60_000;
        while (args.hasNext()) {
            String a = args.next();
            if (report.accept(a, args)) continue;
            switch (a) {
                case "--keep": keep = Paths.get(args.value(a)); break;
                case "--orders": orders = args.intValue(a, 1); break;
                default: throw Args.isOption(a) ? args.unknown(a) : new UsageException("demo: unexpected '" + a + "'");
            }
        }
        if (report.format.readsTraces()) {
            throw new UsageException("demo: --format " + report.format.id() + " reports a traced run; the demo is not traced");
        }
        Path snapshot = keep != null ? keep : Files.createTempFile("candor-demo", ".candor");
        try {
            String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
            List<String> target = List.of(java, "-jar", Installation.demoJar().toString(), Integer.toString(orders));
            ProfileSettings settings = new ProfileSettings().option("quiet").include("org.candor.demo.**").output(snapshot);
            int exit = ProfileCommand.profile(settings, target, console);
            if (exit != 0) return exit;
            console.out.println();
            ReportCommand.write(snapshot, report, console);
            return 0;
        } finally {
            if (keep == null) Files.deleteIfExists(snapshot);
        }
    }
}
