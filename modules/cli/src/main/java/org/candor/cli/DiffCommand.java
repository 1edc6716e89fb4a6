package org.candor.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.analysis.CalibratedValues;
import org.candor.core.analysis.RunComparison;
import org.candor.core.imports.CollapsedUnit;
import org.candor.core.imports.ProfileFiles;
import org.candor.core.io.ReplaceFile;
import org.candor.core.report.RunComparisonReport;
import org.candor.core.report.SnapshotDiffReport;
import org.candor.core.snapshot.SnapshotFile;

/**
 * {@code candor diff A B}: what changed between two profiles, per method and per call path ({@link
 * SnapshotDiffReport}); {@code candor diff A1 A2 -- B1 B2}: several runs a side, judged per method ({@link
 * RunComparison}), with an exit code for CI jobs.
 */
final class DiffCommand implements Command {

    /** The exit code when {@code --fail-on-regression} finds a method slower by more than its percent. */
    static final int REGRESSION = 3;

    @Override public String name() { return "diff"; }

    @Override public String summary() { return "what changed from A to B, per method and call path; several runs a side judged"; }

    @Override public String usage() {
        return "usage: candor diff [options] A B\n"
                + "       candor diff [options] A1 A2 ... -- B1 B2 ...\n\n"
                + "Two profiles (A is the baseline): per method, self time in A and B, and the change in self time,\n"
                + "total time and calls, largest change first; then the call paths of all threads with theirs.\n"
                + "Methods and paths match by class, name and descriptor. A and B may be .candor snapshots, JFR\n"
                + "recordings or collapsed stacks.\n\n"
                + "Several runs a side (A's before '--', B's after it): per method, its figure's mean per run on\n"
                + "each side, a Welch t interval of the change, and a verdict (slower, faster, unchanged, or not\n"
                + "enough runs: two a side at least). The intervals hold together: the chance that noise alone\n"
                + "gets any method called changed is at most 1 - the confidence (docs/ARCHITECTURE.md, Diff).\n\n"
                + "  --format F                 " + SnapshotDiffReport.Format.ids("|") + " (default text; several\n"
                + "                             runs a side: text); html: the text as a page; collapsed: 'frames\n"
                + "                             selfA selfB' lines for flamegraph.pl; flamegraph: one HTML page,\n"
                + "                             frames red where B spends more, blue where it spends less\n"
                + "  -o, --output FILE          write to FILE instead of standard output\n"
                + "  --top N                    methods shown (default 30)\n"
                + "  --min-percent P            call paths shown: at least P % of A's or B's total (default 0.5)\n"
                + "  --raw                      instrumented times before calibration\n"
                + CollapsedUnitOption.help(29)
                + "  --metric M                 several runs: the figure judged (default self_time)\n"
                + "  --confidence C             several runs: 0 < C < 1 (default 0.95)\n"
                + "  --fail-on-regression PCT   several runs: exit " + REGRESSION + " when a method (or the sum) is\n"
                + "                             slower by more than PCT % even at its interval's low end\n\n"
                + "examples:\n"
                + "  candor diff before.candor after.candor\n"
                + "  candor diff --format flamegraph -o diff.html before.candor after.jfr\n"
                + "  candor diff --fail-on-regression 5 a1.candor a2.candor a3.candor -- b1.candor b2.candor b3.candor\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        int dashes = argList.indexOf("--");
        boolean runs = dashes >= 0;
        if (runs && argList.subList(dashes + 1, argList.size()).contains("--")) {
            throw new UsageException("diff: '--' twice; it goes once, between A's runs and B's");
        }
        Settings settings = new Settings();
        List<Path> sideA = settings.read(new Args(name(), runs ? argList.subList(0, dashes) : argList));
        List<Path> sideB = runs ? settings.read(new Args(name(), argList.subList(dashes + 1, argList.size()))) : List.of();
        if (!runs) {
            if (sideA.size() != 2) {
                throw new UsageException("diff: two profiles, A (the baseline) and B, or several runs a side: A1 A2 -- B1 B2"
                        + (sideA.size() > 2 ? " (" + sideA.size() + " files and no '--')" : ""));
            }
            sideB = List.of(sideA.get(1));
            sideA = List.of(sideA.get(0));
        }
        if (sideA.isEmpty()) throw new UsageException("diff: no runs before '--' (A, the baseline)");
        if (sideB.isEmpty()) throw new UsageException("diff: no runs after '--' (B)");
        if (runs && settings.format != SnapshotDiffReport.Format.TEXT) {
            throw new UsageException("diff: several runs a side report as text, not " + settings.format.id());
        }
        if (!Double.isNaN(settings.failPercent) && (sideA.size() < 2 || sideB.size() < 2)) {
            throw new UsageException("diff: --fail-on-regression needs two runs a side at least (A has " + sideA.size()
                    + ", B has " + sideB.size() + "): A1 A2 -- B1 B2");
        }
        List<SnapshotFile> open = new ArrayList<>();
        try {
            List<SnapshotFile> filesA = open(sideA, settings, open);
            List<SnapshotFile> filesB = open(sideB, settings, open);
            if (!runs) {
                SnapshotDiffReport report = new SnapshotDiffReport(filesA.get(0), filesB.get(0), sideA.get(0).toString(),
                        sideB.get(0).toString(), settings.top, settings.minPercent);
                return write(settings, console, out -> report.write(settings.format, out));
            }
            RunComparison comparison = RunComparison.of(filesA, filesB, settings.metric, settings.confidence);
            String text = RunComparisonReport.format(comparison, settings.top, settings.failPercent);
            int written = write(settings, console, out -> {
                out.write(text.getBytes(StandardCharsets.UTF_8));
                out.flush();
            });
            if (written != 0) return written;
            boolean regressed = !Double.isNaN(settings.failPercent) && !comparison.slowerByMoreThan(settings.failPercent).isEmpty();
            return regressed ? REGRESSION : 0;
        } catch (IllegalArgumentException e) {
            throw new UsageException("diff: " + e.getMessage());
        } finally {
            for (SnapshotFile f : open) f.close();
        }
    }

    private static List<SnapshotFile> open(List<Path> paths, Settings settings, List<SnapshotFile> open) throws IOException {
        List<SnapshotFile> files = new ArrayList<>();
        for (Path p : paths) {
            SnapshotFile f = ProfileFiles.open(p, settings.collapsedUnit);
            open.add(f);
            files.add(CalibratedValues.select(f, settings.raw));
        }
        return files;
    }

    private interface Body {
        void write(OutputStream out) throws IOException;
    }

    /** Writes to the output file or standard output; 141 when standard output's reader went away, as SIGPIPE would. */
    private static int write(Settings settings, Console console, Body body) throws IOException {
        if (settings.output == null) {
            console.out.flush();
            try {
                body.write(new StandardOutput(console.data));
            } catch (StandardOutput.Failure e) {
                // a diff reads its files as it writes: only what standard output refused is said to be its error
                if (CheckedOutput.isBrokenPipe(e.getCause())) return 141;
                throw new IOException("cannot write to standard output: " + e.getCause().getMessage(), e.getCause());
            }
        } else {
            // whole, then renamed over: an older diff stays until the new one is complete
            ReplaceFile.write(settings.output, body::write);
        }
        return 0;
    }

    /** Standard output, its write errors told apart from the errors of reading the profiles. */
    private static final class StandardOutput extends java.io.FilterOutputStream {
        static final class Failure extends IOException {
            Failure(IOException cause) {
                super(cause);
            }

            @Override public synchronized IOException getCause() { return (IOException) super.getCause(); }
        }

        StandardOutput(OutputStream out) {
            super(out);
        }

        @Override public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw new Failure(e);
            }
        }

        @Override public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw new Failure(e);
            }
        }

        @Override public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw new Failure(e);
            }
        }
    }

    /** The options, on either side of '--'. */
    private static final class Settings {
        SnapshotDiffReport.Format format = SnapshotDiffReport.Format.TEXT;
        Path output;
        int top = 30;
        double minPercent = 0.5;
        boolean raw;
        String metric = "self_time";
        double confidence = 0.95;
        double failPercent = Double.NaN;
        CollapsedUnit collapsedUnit = CollapsedUnit.SAMPLES;

        /** Reads options into these settings; returns the files named. */
        List<Path> read(Args args) throws UsageException {
            List<Path> files = new ArrayList<>();
            while (args.hasNext()) {
                String a = args.next();
                switch (a) {
                    case "--format":
                        String id = args.value(a);
                        try {
                            format = SnapshotDiffReport.Format.of(id);
                        } catch (IllegalArgumentException e) {
                            throw new UsageException("diff: " + e.getMessage());
                        }
                        break;
                    case "-o": case "--output": output = Path.of(args.value(a)); break;
                    case "--top": top = args.intValue(a, 1); break;
                    case "--min-percent": minPercent = args.doubleValue(a); break;
                    case "--raw": raw = true; break;
                    case "--metric": metric = args.value(a); break;
                    case "--confidence":
                        confidence = args.doubleValue(a);
                        if (!(confidence > 0 && confidence < 1)) {
                            throw new UsageException("diff: option --confidence needs a number between 0 and 1 (0.95), not " + confidence);
                        }
                        break;
                    case "--fail-on-regression": failPercent = args.doubleValue(a); break;
                    case CollapsedUnitOption.NAME: collapsedUnit = CollapsedUnitOption.parse("diff", args.value(a)); break;
                    default:
                        if (Args.isOption(a)) throw args.unknown(a);
                        files.add(Path.of(a));
                }
            }
            return files;
        }
    }
}
