package org.candor.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.SnapshotComparison;
import org.candor.core.imports.CollapsedUnit;
import org.candor.core.imports.ProfileFiles;
import org.candor.core.report.ComparisonReport;
import org.candor.core.snapshot.SnapshotFile;

/**
 * {@code candor compare A B}: what changed between two snapshots, method by method, by one figure (the app's
 * comparison, as text). Kept as it was beside {@code candor diff} (scripts may read its table); both are core's
 * {@link SnapshotComparison}.
 */
final class CompareCommand implements Command {

    @Override public String name() { return "compare"; }

    @Override public String summary() { return "compare two snapshots method by method (B against baseline A)"; }

    @Override public String usage() {
        return "usage: candor compare [--metric M] [--top N] [--raw] [--collapsed-unit U] A B\n\n"
                + "Each method's figure over all threads in A (the baseline) and in B, B - A and the change as a\n"
                + "share of A, the largest changes first. Methods match by class, name and descriptor; one that\n"
                + "only B has is 'new'. A or B may be a JFR recording, a pprof profile or collapsed stacks\n"
                + "(imported as sampled).\n\n"
                + "  --metric M   self_time (default), total_time, calls, or any figure both snapshots have\n"
                + "  --top N      rows shown (default 30)\n"
                + "  --raw        instrumented times before calibration\n"
                + CollapsedUnitOption.help(15) + "\n"
                + "candor diff shows self, total and calls per method and per call path, and judges several runs a side.\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        String metric = "self_time";
        int top = 30;
        boolean raw = false;
        CollapsedUnit unit = CollapsedUnit.SAMPLES;
        List<Path> files = new ArrayList<>();
        while (args.hasNext()) {
            String a = args.next();
            switch (a) {
                case "--metric": metric = args.value(a); break;
                case "--top": top = args.intValue(a, 1); break;
                case "--raw": raw = true; break;
                case CollapsedUnitOption.NAME: unit = CollapsedUnitOption.parse("compare", args.value(a)); break;
                default:
                    if (Args.isOption(a)) throw args.unknown(a);
                    files.add(Path.of(a));
            }
        }
        if (files.size() != 2) throw new UsageException("compare: two snapshots, A (the baseline) and B");
        // read in place, as the report is: two snapshots of any size compare in about the same memory
        try (SnapshotFile fileA = ProfileFiles.open(files.get(0), unit); SnapshotFile fileB = ProfileFiles.open(files.get(1), unit)) {
            SnapshotComparison comparison;
            try {
                comparison = new SnapshotComparison(CalibratedValues.select(fileA, raw), CalibratedValues.select(fileB, raw), metric);
            } catch (IllegalArgumentException e) {
                throw new UsageException("compare: " + e.getMessage());
            }
            console.out.print(ComparisonReport.format(comparison, files.get(0).toString(), files.get(1).toString(), top));
        }
        return 0;
    }
}
