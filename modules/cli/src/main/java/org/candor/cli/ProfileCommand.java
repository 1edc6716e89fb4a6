package org.candor.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.candor.agent.snapshot.RunOutcome;
import org.candor.client.AgentFiles;
import org.candor.client.ClientException;
import org.candor.client.JavaCommand;
import org.candor.client.ProfileLaunch;
import org.candor.client.ProfileSettings;
import org.candor.client.filters.SelectionFile;
import org.candor.client.system.LibCandor;
import org.candor.client.system.MetricStatus;
import org.candor.core.analysis.SnapshotWarnings;
import org.candor.core.io.ReplaceFile;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;
import org.candor.core.trace.TraceDirectory;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceSource;
import org.candor.core.trace.TraceStats;

/** {@code candor profile [options] -o FILE -- java ...}: runs a program under the agents, writes a snapshot. */
final class ProfileCommand implements Command {

    @Override public String name() { return "profile"; }

    @Override public String summary() { return "run a Java program under the profiler and write a snapshot"; }

    @Override public String usage() {
        return "usage: candor profile [options] -o FILE.candor -- java <the program's own arguments...>\n\n"
                + "  -o, --output FILE        the snapshot to write (required)\n"
                + "  --mode instrument|sample|both  instrument: exact counts and times from probes in the bytecode\n"
                + "                           (default); sample: stack samples from libcandor.so, no bytecode changed;\n"
                + "                           both: the program runs twice with these options, sampled (to\n"
                + "                           FILE-sampled.candor), then instrumented (to FILE.candor), and the\n"
                + "                           perturbation report compares them: per method, its share of self time\n"
                + "                           with and without probes, and why they differ ('candor help\n"
                + "                           perturbation'); each run takes its mode's options (--trace and\n"
                + "                           --delay-start are refused, --metric is wall or cpu); without --event\n"
                + "                           the sampled run measures what the probes do (wall, or cpu with --metric cpu)\n"
                + "  --root PATTERN           a root method (repeatable; or a comma-separated list): only calls made\n"
                + "                           while a thread is inside a root are recorded, e.g. com.acme.Server.handle,\n"
                + "                           com.acme.Server.handle(*), com.acme.Server.* (a class), com.acme.** (a package)\n"
                + "  --scheme total|lazy|eager  total: every method that passes the filters, as its class loads\n"
                + "                           (the default without --root); lazy: the roots, then what each method may\n"
                + "                           call, at its first run (the default with --root); eager: every method\n"
                + "                           the roots can reach, as its class loads\n"
                + "  --lookahead N            lazy: also instrument N levels of callees ahead of their first run\n"
                + "                           (default 2): fewer retransformations while the program discovers its\n"
                + "                           call graph, for some methods instrumented that never run\n"
                + "  --include LIST           only these classes/methods (comma-separated patterns)\n"
                + "  --exclude LIST           never these (TAU syntax works too: java/lang,sun)\n"
                + "  --filter-file FILE       includes and excludes from a TAU selective instrumentation file\n"
                + "                           (BEGIN_EXCLUDE_LIST ... END_EXCLUDE_LIST, BEGIN_INCLUDE_LIST ...; # is a\n"
                + "                           wildcard in a name, a comment at a line's start); the app exports them\n"
                + "  --no-default-excludes    also instrument what is excluded by default\n"
                + "                           (java, javax, jdk, sun, com.sun; the JDK core itself never is)\n"
                + "  --max-nodes N            call-tree nodes kept over all threads (default: an eighth of the\n"
                + "                           target's heap at ~48 bytes a node, at most 32000000); a call past it\n"
                + "                           counts under a node 'beyond the tree budget' of its caller, and its\n"
                + "                           method's own figures stay exact. Sampling: 1000..100000000 nodes\n"
                + "                           (default 1000000, up to 68 bytes each, off the heap); a sample past\n"
                + "                           it counts under its deepest recorded frame's such node, its leaf\n"
                + "                           method below it\n"
                + "  --recursion keep|fold|auto  keep: every call path its own node; fold: a call of a method that\n"
                + "                           is already on the thread's stack counts at that first frame (paths\n"
                + "                           never repeat a method); auto (default): keep until a thread's tree\n"
                + "                           has --fold-after paths (default 1000000), fold from there on\n"
                + "  --max-depth N            frames recorded per thread (default 100000)\n"
                + "  --metric NAME            what a call is measured by (default wall): wall (elapsed time),\n"
                + "                           cpu (the thread's CPU time), or a counter of the thread: task-clock,\n"
                + "                           page-faults, context-switches, instructions, cycles, cache-misses,\n"
                + "                           branch-misses ('candor counters' shows which this machine can read)\n"
                + "  --clock CLOCK            wall time's clock: auto (default: the TSC when it is invariant and\n"
                + "                           the kernel keeps time with it), tsc, monotonic\n"
                + "  --delay-start            begin with recording stopped: 'candor ctl PID start' begins it; until\n"
                + "                           then the probes run and calibrate, so times are calibrated from the\n"
                + "                           first recorded call (JPROF's DELAY_START)\n"
                + "  --agent-option K=V       pass any other agent option\n"
                + "  --calibration MODE       runtime: take the probes' own cost out of every time as it is\n"
                + "                           measured (default); frozen: with the minima fixed after the warm-up;\n"
                + "                           off: raw times only (the cheapest probe)\n"
                + "  --calstats FILE|auto|none  calibration minima from an earlier run: FILE is read at start and\n"
                + "                           written at exit; auto (default) reads what 'candor calibrate' left\n"
                + "                           for this JVM and CPU\n"
                + "sampling:\n"
                + "  --event cpu|wall         cpu: running threads, by CPU time (default): user + system time, or\n"
                + "                           user time only where the kernel refuses system time to perf (the\n"
                + "                           report's Event line says which); wall: all threads, by elapsed time,\n"
                + "                           sleeping and waiting ones too\n"
                + "  --interval T             time between samples: 100us, 1ms (cpu default), 10ms (wall default);\n"
                + "                           randomised a little so it never keeps step with the program\n"
                + "  --depth N                deepest stack recorded (default 1024)\n"
                + "either mode:\n"
                + "  --trace DIR              also write a trace there: every thread's periods between sampling\n"
                + "                           ticks and context switches, with their CPU, stack and counters, and\n"
                + "                           org.candor.api.Candor's markers ('candor trace stats DIR';\n"
                + "                           docs/formats/trace.md); with --mode instrument the sampler runs\n"
                + "                           beside the probes for it (--interval, --depth apply)\n"
                + "  --checkpoint T|off       write the snapshot every T while the program runs (default 1s; longer\n"
                + "                           while a snapshot of big trees costs more than a fiftieth of T), so\n"
                + "                           a program killed or crashed leaves what it recorded until then, marked\n"
                + "                           as a checkpoint; the snapshot at exit replaces it\n\n"
                + "patterns: com.acme (a package or class and everything below it), com.acme.* (one package),\n"
                + "  com.acme.** (with subpackages), com.acme.Cache.get* (methods), com.acme.Server.handle(String, int)\n\n"
                + "Everything after -- is the target's command line, unchanged. The exit code is the target's (with\n"
                + "--mode both: the sampled run's when it failed, else the instrumented run's; a line says when they\n"
                + "differ).\n"
                + "A snapshot already at FILE stays until this run's first checkpoint replaces it, whole.\n"
                + "A command that is not a java launcher (a script that starts java) gets the agents through\n"
                + "JAVA_TOOL_OPTIONS; its JVM then prints a 'Picked up JAVA_TOOL_OPTIONS' line on stderr.\n\n"
                + "examples:\n"
                + "  candor profile --include com.acme.** -o run.candor -- java -cp app.jar com.acme.Main input.txt\n"
                + "  candor profile --root com.acme.Server.handle -o run.candor -- java -jar server.jar\n"
                + "  candor profile --delay-start --include com.acme.** -o run.candor -- java -jar server.jar\n"
                + "  candor profile --mode sample --interval 1ms -o run.candor -- java -jar app.jar\n"
                + "  candor profile --mode both --include com.acme.** -o run.candor -- java -jar app.jar\n"
                + "  candor profile --metric page-faults --include com.acme.** -o faults.candor -- java -jar app.jar\n";
    }

    @Override
    public int run(List<String> argList, Console console) throws Exception {
        Args args = new Args(name(), argList);
        ProfileSettings settings = new ProfileSettings().option("quiet");
        Path output = readOptions(args, settings);
        try {
            if (output == null) throw new UsageException("profile: where should the snapshot go? (-o FILE.candor)");
            settings.validate();
        } catch (ClientException e) {
            throw new UsageException(e.getMessage());
        }
        checkMetric(settings);
        if (settings.both()) return profileBoth(settings, output, args.rest(), console);
        return profile(settings.output(output), args.rest(), console);
    }

    /** The session options {@code profile} and {@code attach} share; returns {@code -o}'s file, null without one. */
    static Path readOptions(Args args, ProfileSettings settings) throws UsageException {
        Path output = null;
        try {
            while (args.hasNext()) {
                String a = args.next();
                switch (a) {
                    case "-o": case "--output": output = Path.of(args.value(a)); break;
                    case "--scheme": settings.scheme(args.value(a)); break;
                    case "--root": settings.root(args.value(a)); break;
                    case "--lookahead": settings.option("lookahead=" + args.intValue(a, 0)); break;
                    case "--mode": settings.mode(args.value(a)); break;
                    case "--metric": settings.metric(args.value(a)); break;
                    case "--clock": settings.clock(args.value(a)); break;
                    case "--event": settings.event(args.value(a)); break;
                    case "--interval": settings.interval(args.value(a)); break;
                    case "--depth": settings.depth(args.intValue(a, 1)); break;
                    case "--trace": settings.trace(Path.of(args.value(a))); break;
                    case "--include": settings.include(args.value(a)); break;
                    case "--exclude": settings.exclude(args.value(a)); break;
                    case "--filter-file": {
                        SelectionFile.Selection chosen = SelectionFile.read(Path.of(args.value(a)));
                        if (!chosen.includes().isEmpty()) settings.include(String.join(",", chosen.includes()));
                        if (!chosen.excludes().isEmpty()) settings.exclude(String.join(",", chosen.excludes()));
                        break;
                    }
                    case "--no-default-excludes": settings.defaultExcludes(false); break;
                    case "--max-nodes": settings.maxNodes(args.intValue(a, 1)); break;
                    case "--max-depth": settings.option("maxdepth=" + args.intValue(a, 1)); break;
                    case "--recursion": settings.option("recursion=" + args.value(a)); break;
                    case "--fold-after": settings.option("foldafter=" + args.intValue(a, 1)); break;
                    case "--agent-option": settings.option(args.value(a)); break;
                    case "--calibration": settings.calibration(args.value(a)); break;
                    case "--calstats": settings.calstats(args.value(a)); break;
                    case "--delay-start": settings.delayStart(); break;
                    case "--checkpoint": settings.checkpoint(args.value(a)); break;
                    default:
                        if (Args.isOption(a)) throw args.unknown(a);
                        throw args.unexpected(a);
                }
            }
        } catch (ClientException e) {
            throw new UsageException(e.getMessage());
        }
        return output;
    }

    /**
     * A metric other than wall time is tried on this machine before the target starts (libcandor.so asked in this process):
     * one that cannot be read is a usage error, with the reason, and nothing runs.
     */
    static void checkMetric(ProfileSettings settings) throws UsageException, ClientException, InterruptedException {
        if (settings.metric().equals(ProfileSettings.WALL)) return;
        AgentFiles agent = AgentFiles.locate();
        if (agent.nativeLibrary() == null) return; // ProfileLaunch says what is missing
        MetricStatus status = LibCandor.of(agent).metric(settings.metric());
        if (status == null) throw new ClientException("libcandor.so does not know the metric '" + settings.metric() + "'");
        if (!status.available()) {
            throw new UsageException("metric " + status.name() + " cannot be read: " + status.reason()
                    + "; 'candor counters' lists the metrics this machine can read");
        }
    }

    /**
     * Runs the target and reports the snapshot; shared with {@code demo}. A snapshot already at the output stays until
     * the agent's new one replaces it whole; whether this run wrote one, and where, the agent says in its outcome file.
     */
    static int profile(ProfileSettings settings, List<String> target, Console console)
            throws ClientException, InterruptedException, IOException {
        return run(settings, target, console).exit;
    }

    /** How one run went: the target's exit code (or 1 where it exited 0 and left no snapshot), and whether it wrote one. */
    private static final class Run {
        final int exit;
        final boolean wroteSnapshot;

        Run(int exit, boolean wroteSnapshot) {
            this.exit = exit;
            this.wroteSnapshot = wroteSnapshot;
        }
    }

    private static Run run(ProfileSettings settings, List<String> target, Console console)
            throws ClientException, InterruptedException, IOException {
        JavaCommand command = JavaCommand.of(target);
        Path output = settings.output();
        checkWritable(output);
        Path outcomeFile = Files.createTempFile("candor-outcome", ".txt");
        int exit;
        RunOutcome.Report outcome;
        try {
            settings.outcome(outcomeFile);
            exit = new ProfileLaunch(AgentFiles.locate(), settings, command).run(pid -> {
                if (!settings.delayedStart()) return;
                // a script that starts java is not the JVM: 'candor list' finds that one
                String jvm = command.isJavaLauncher() ? Long.toString(pid) : "PID";
                console.note("recording is stopped until 'candor ctl " + jvm + " start' (--delay-start"
                        + (command.isJavaLauncher() ? ")" : "; 'candor list' shows the JVM's PID)"));
            });
            outcome = RunOutcome.read(outcomeFile);
        } finally {
            Files.deleteIfExists(outcomeFile);
        }
        Instant ended = Instant.now();
        boolean whole = outcome.snapshots().contains(output);
        // killed or crashed after a checkpoint: that is what the run leaves, said as such (its own warning says more)
        boolean checkpoint = !whole && outcome.checkpoints().contains(output) && Files.isRegularFile(output);
        if (!whole && !checkpoint) {
            console.error(noSnapshot(output, exit, outcome));
            noteTrace(settings, console);
            // a program that never loaded the agent ran as it would have without Candor: its own exit code
            return new Run(exit != 0 || !outcome.loaded() ? exit : 1, false);
        }
        noteTrace(settings, console);
        try (SnapshotFile s = SnapshotFile.open(output)) {
            SnapshotInfo info = s.info();
            if (checkpoint) {
                console.error("the target exited with code " + exit + " without its snapshot at exit (killed, or"
                        + " crashed); " + output + " holds its last checkpoint" + before(info, ended));
                console.note("kept " + output + ": " + Summary.of(s));
            } else {
                console.note("wrote " + output + ": " + Summary.of(s));
            }
            for (String warning : SnapshotWarnings.of(s)) console.note(warning);
            if ("delayed".equals(info.get("session.start")) && info.get("session.recording_start_time") == null) {
                console.note("recording never started: the session waited for 'candor ctl PID start' (--delay-start)");
            }
            String scheme = Summary.scheme(s);
            if (scheme != null) console.note(scheme);
            if ("run".equals(info.get("calibration.minima"))) {
                console.note("times calibrated from this run alone; 'candor calibrate' (once per JVM and CPU) gives"
                        + " the probes' true minima");
            }
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            console.error(e.getMessage());
            return new Run(exit != 0 ? exit : 1, false);
        }
        // a checkpoint is what a killed run leaves, not its whole snapshot
        return checkpoint ? new Run(exit == 0 ? 1 : exit, false) : new Run(exit, true);
    }

    /**
     * {@code --mode both}: the program sampled (no probes: the truth the other run is judged by), then instrumented
     * with the same options, then the perturbation report of the two. The exit code is the program's: the first
     * run's when it failed, else the second's; two runs that exit differently are said to.
     */
    private static int profileBoth(ProfileSettings settings, Path output, List<String> target, Console console)
            throws ClientException, InterruptedException, IOException {
        Path sampledOutput = sampledOutput(output);
        checkWritable(sampledOutput);
        checkWritable(output);  // both before either run: the second must not find out after the first
        console.note("run 1 of 2: sampled, without probes, to " + sampledOutput);
        Run sampled = run(settings.run("sample", sampledOutput), target, console);
        console.note("run 2 of 2: instrumented, to " + output);
        Run instrumented = run(settings.run("instrument", output), target, console);
        if (sampled.exit != instrumented.exit) {
            console.error("the two runs exited differently: sampled " + sampled.exit + ", instrumented "
                    + instrumented.exit + " (they may not have done the same work)");
        }
        int exit = sampled.exit != 0 ? sampled.exit : instrumented.exit;
        if (!sampled.wroteSnapshot || !instrumented.wroteSnapshot) {
            console.error("no perturbation report: the " + (sampled.wroteSnapshot ? "instrumented" : "sampled")
                    + " run left no snapshot");
            return exit != 0 ? exit : 1;
        }
        String report;
        try {
            report = PerturbationCommand.report(output, sampledOutput, PerturbationCommand.DEFAULT_TOP);
        } catch (UsageException e) {
            console.error(e.getMessage());
            return exit != 0 ? exit : 1;
        }
        console.out.print(report);
        return exit;
    }

    /** How long before the program's end its last checkpoint was taken, in words; empty if the file does not say. */
    private static String before(SnapshotInfo info, Instant ended) {
        try {
            java.time.Duration d = java.time.Duration.between(Instant.parse(info.get(SnapshotInfo.END_TIME)), ended);
            return String.format(java.util.Locale.ROOT, ", taken %.1f s before it ended", Math.max(0, d.toMillis()) / 1000.0);
        } catch (RuntimeException noTime) {
            return "";
        }
    }

    /** Where {@code --mode both} writes its sampled snapshot: beside the instrumented one, {@code NAME-sampled.candor}. */
    static Path sampledOutput(Path output) {
        String name = output.getFileName().toString();
        String sampled = name.endsWith(".candor") ? name.substring(0, name.length() - ".candor".length()) + "-sampled.candor"
                : name + "-sampled";
        return output.resolveSibling(sampled);
    }

    /** A traced run: what its trace holds, in one line (a trace is kept even when the snapshot is not). */
    private static void noteTrace(ProfileSettings settings, Console console) {
        Path dir = settings.traceDirectory();
        if (dir == null) return;
        if (!Files.isRegularFile(dir.resolve(TraceMeta.FILE_NAME))) {
            console.note("wrote no trace to " + dir + " (the target's stderr says why)");
            return;
        }
        try {
            TraceSource source = TraceDirectory.open(dir);
            TraceStats stats = TraceStats.of(source);
            Long dropped = stats.dropped();
            console.note(String.format(java.util.Locale.ROOT, "wrote trace %s: %,d periods and %,d markers of %,d threads"
                            + " on %,d CPU files%s ('candor trace stats %s')", dir, stats.total().periods(),
                    stats.total().markers(), stats.threads().size(), source.files().size(),
                    dropped != null && dropped > 0 ? String.format(java.util.Locale.ROOT, ", %,d records dropped", dropped) : "",
                    dir));
            for (String warning : stats.warnings()) console.note(warning);
        } catch (java.io.IOException | RuntimeException e) {
            console.error("cannot read the trace " + dir + ": " + e.getMessage());
        }
    }

    /**
     * The snapshot's folder takes a new file, tried before the target runs: the agent would otherwise find out at the
     * program's end and write to the temporary folder instead.
     */
    private static void checkWritable(Path output) throws IOException {
        ReplaceFile.deleteQuietly(ReplaceFile.temporaryBeside(output));
    }

    /** Why there is no snapshot at {@code output} from this run, in one line. */
    private static String noSnapshot(Path output, int exit, RunOutcome.Report outcome) {
        if (!outcome.snapshots().isEmpty()) {
            return "the snapshot went to " + outcome.snapshots().get(0) + ", not " + output
                    + " (the agent's error above says why)";
        }
        String why;
        if (!outcome.loaded()) {
            why = "no snapshot written to " + output + ": the program did not load the Candor agent (not a Java"
                    + " program?) and exited with code " + exit;
        } else if (outcome.unwritten()) {
            why = "the target exited with code " + exit + " and its snapshot to " + output + " could not be written"
                    + " (the agent's error above says why)";
        } else {
            why = "the target exited with code " + exit + " and wrote no snapshot to " + output
                    + " (killed, or halted without running shutdown hooks)";
        }
        return Files.exists(output) ? why + "; the file there is an earlier run's" : why;
    }
}
