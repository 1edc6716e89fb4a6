package org.candor.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.Perturbation;
import org.candor.core.imports.CollapsedUnit;
import org.candor.core.imports.ProfileFiles;
import org.candor.core.report.PerturbationReport;
import org.candor.core.snapshot.SnapshotFile;

/**
 * {@code candor perturbation INSTRUMENTED SAMPLED}: what the probes did to the program, method by method ({@link
 * Perturbation}); also what {@code candor profile --mode both} prints after its two runs.
 */
final class PerturbationCommand implements Command {

    static final int DEFAULT_TOP = 20;

    @Override public String name() { return "perturbation"; }

    @Override public String summary() { return "what the probes did: an instrumented profile against a sampled plain run"; }

    @Override public String usage() {
        return "usage: candor perturbation [--top N] [--collapsed-unit U] INSTRUMENTED.candor SAMPLED.candor\n\n"
                + "An instrumented snapshot against a sampled profile of the same program run without probes (in\n"
                + "either order; 'candor profile --mode both' makes the pair and prints this report). Per method,\n"
                + "its share of all self time in each (all threads; the sampled time counted at each stack's deepest\n"
                + "instrumented method, where the probes count it), the difference in percentage points, largest\n"
                + "first, and its probable cause:\n"
                + "  probe effect on a short method  the probes' cost on a method that does next to nothing a call\n"
                + "                           (its calls x what the trivial methods' calls showed explain it)\n"
                + "  probe effect of its many calls  the same, on a longer method\n"
                + "  lost inlining / changed compilation around its callees  grown, unexplained, and calling\n"
                + "                           instrumented methods many times: the JIT no longer inlines them\n"
                + "  changed compilation      grown, unexplained, calling few instrumented methods\n"
                + "  undisturbed: smaller only as the probe effect grew other methods\n"
                + "  time moved to its callers or callees by the probes  shrunk, unexplained\n"
                + "  within the sampling error\n"
                + "The header sets the instrumented run's calibrated time against the plain run's; time in methods the\n"
                + "instrumented run does not instrument (JDK, excluded) is listed apart, never as perturbation.\n"
                + "The sampled side may also be a JFR recording or collapsed stacks. docs/ARCHITECTURE.md, Perturbation.\n\n"
                + "  --top N   methods shown (default " + DEFAULT_TOP + ")\n"
                + CollapsedUnitOption.help(12) + "\n"
                + "example:\n"
                + "  candor perturbation run.candor run-sampled.candor\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        int top = DEFAULT_TOP;
        CollapsedUnit unit = CollapsedUnit.SAMPLES;
        List<Path> files = new ArrayList<>();
        while (args.hasNext()) {
            String a = args.next();
            if (a.equals("--top")) {
                top = args.intValue(a, 1);
            } else if (a.equals(CollapsedUnitOption.NAME)) {
                unit = CollapsedUnitOption.parse(name(), args.value(a));
            } else if (Args.isOption(a)) {
                throw args.unknown(a);
            } else {
                files.add(Path.of(a));
            }
        }
        if (files.size() != 2) {
            throw new UsageException("perturbation: two profiles, an instrumented snapshot and a sampled one (" + files.size()
                    + " given)");
        }
        console.out.print(report(files.get(0), files.get(1), top, unit));
        return 0;
    }

    /** The report of two Candor snapshots (as {@code profile --mode both} writes them), in either order. */
    static String report(Path first, Path second, int top) throws UsageException, IOException {
        return report(first, second, top, CollapsedUnit.SAMPLES);
    }

    /**
     * The report of two profiles, in either order, collapsed stacks' counts read as {@code unit} says; a file that is
     * missing, unreadable or not a pair: one line.
     */
    static String report(Path first, Path second, int top, CollapsedUnit unit) throws UsageException, IOException {
        try (SnapshotFile a = open(first, unit); SnapshotFile b = open(second, unit)) {
            Perturbation p;
            try {
                p = Perturbation.of(a, b);
            } catch (IllegalArgumentException e) {
                throw new UsageException("perturbation: " + e.getMessage());
            }
            boolean firstInstrumented = Perturbation.isInstrumented(a);
            return PerturbationReport.format(p, (firstInstrumented ? first : second).toString(),
                    (firstInstrumented ? second : first).toString(), top);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static SnapshotFile open(Path file, CollapsedUnit unit) throws UsageException {
        if (!Files.isRegularFile(file)) {
            throw new UsageException("perturbation: " + file + (Files.exists(file) ? " is not a file" : " does not exist"));
        }
        try {
            return ProfileFiles.open(file, unit);
        } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
            String why = String.valueOf(e.getMessage());
            throw new UsageException("perturbation: " + (why.contains(file.toString()) ? why : file + ": " + why));
        }
    }
}
