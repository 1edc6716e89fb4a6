package org.candor.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.candor.agent.filter.ClassFilter;
import org.candor.agent.filter.PatternException;
import org.candor.agent.scheme.RootMethods;
import org.candor.agent.options.AgentOptions;
import org.candor.agent.options.OptionException;

/**
 * What a profiling session is asked to do, as agent options. {@link #validate()} runs the agent's own parsers, so
 * anything the agent would refuse is refused here, before a target starts.
 */
public final class ProfileSettings {

    /** The shortest sampling interval libcandor.so accepts. */
    public static final long MIN_INTERVAL_NS = 10_000;
    /**
     * What instrumentation can measure a call with: libcandor.so's metric catalogue, in its order ({@code candor
     * counters} shows which this machine can read).
     */
    public static final List<String> METRICS = List.of("wall", "cpu", "task-clock", "page-faults", "context-switches",
            "instructions", "cycles", "cache-misses", "branch-misses");
    public static final String WALL = "wall";
    /** The mode of two runs: sampled, then instrumented. */
    public static final String BOTH = "both";

    private Path output;
    private Path outcome;
    private String mode = "instrument";
    private String event = "cpu";
    private boolean eventChosen;
    private String metric = WALL;
    private String clock = "auto";
    private Long intervalNanos;
    private Integer depth;
    private Integer maxNodes;
    private Path traceDirectory;
    private String scheme;
    private final List<String> roots = new ArrayList<>();
    private final List<String> includes = new ArrayList<>();
    private final List<String> excludes = new ArrayList<>();
    private boolean defaultExcludes = true;
    private final List<String> extra = new ArrayList<>();

    private String calibration;
    private String calstats = "auto";
    private boolean delayedStart;

    public ProfileSettings output(Path file) { this.output = file.toAbsolutePath(); return this; }

    /**
     * The file the agent notes its outcome in (that it loaded, where the snapshot went: the agent's
     * {@code RunOutcome}); made by the launcher, which reads it after the run.
     */
    public ProfileSettings outcome(Path file) { this.outcome = file.toAbsolutePath(); return this; }
    /** total, lazy or eager; unset: lazy with roots, total without. */
    public ProfileSettings scheme(String s) { this.scheme = s; return this; }
    /** Root method patterns, one or comma-separated (Lazy and Eager schemes). */
    public ProfileSettings root(String patterns) { roots.addAll(split(patterns)); return this; }

    /**
     * {@code instrument} (probes in the bytecode), {@code sample} (stack sampling by libcandor.so) or {@code both}:
     * two runs of the program, sampled and instrumented, each from {@link #run(String)}.
     */
    public ProfileSettings mode(String m) throws ClientException {
        switch (m) {
            case "instrument": case "sample": case BOTH: this.mode = m; return this;
            default: throw new ClientException("unknown mode '" + m + "' (known: instrument, sample, both)");
        }
    }

    /** {@code --mode both}: the settings are of two runs ({@link #run(String)}), not one. */
    public boolean both() { return mode.equals(BOTH); }

    /**
     * One of the runs of {@code --mode both}: {@code sample} (the options of instrumentation left out: the sampled
     * run is the plain program) or {@code instrument}, writing to {@code output}.
     */
    public ProfileSettings run(String runMode, Path runOutput) throws ClientException {
        if (!both()) throw new IllegalStateException("one run: mode " + mode);
        ProfileSettings r = new ProfileSettings().mode(runMode);
        r.output = runOutput.toAbsolutePath();
        r.outcome = outcome;
        // unless chosen, the sampled run measures what the probes measure: a thread's waiting is in instrumented wall time
        r.event = eventChosen ? event : metric.equals("cpu") ? "cpu" : "wall";
        r.intervalNanos = intervalNanos;
        r.depth = depth;
        r.includes.addAll(includes);
        r.excludes.addAll(excludes);
        r.defaultExcludes = defaultExcludes;
        r.extra.addAll(extra);
        if (!r.sampling()) {
            r.metric = metric;
            r.clock = clock;
            r.scheme = scheme;
            r.roots.addAll(roots);
            r.calibration = calibration;
            r.calstats = calstats;
        }
        return r;
    }

    /** Sampling: {@code cpu} (running threads, by their CPU time) or {@code wall} (all threads, by elapsed time). */
    public ProfileSettings event(String e) throws ClientException {
        switch (e) {
            case "cpu": case "wall": this.event = e; this.eventChosen = true; return this;
            default: throw new ClientException("unknown event '" + e + "' (known: cpu, wall)");
        }
    }

    /** Instrumentation: what a call is measured by, one of {@link #METRICS}; wall time by default. */
    public ProfileSettings metric(String m) throws ClientException {
        if (!METRICS.contains(m)) {
            throw new ClientException("unknown metric '" + m + "' (known: " + String.join(", ", METRICS) + ")");
        }
        this.metric = m;
        return this;
    }

    public String metric() { return metric; }

    /** Wall time's clock: {@code auto} (the TSC when it is invariant and the kernel keeps time with it), {@code tsc}, {@code monotonic}. */
    public ProfileSettings clock(String c) throws ClientException {
        switch (c) {
            case "auto": case "tsc": case "monotonic": this.clock = c; return this;
            default: throw new ClientException("unknown clock '" + c + "' (known: auto, tsc, monotonic)");
        }
    }

    public ProfileSettings interval(String text) throws ClientException {
        long ns = Durations.parseNanos(text);
        if (ns < MIN_INTERVAL_NS) {
            throw new ClientException("interval " + text + " is below the supported floor of "
                    + Durations.format(MIN_INTERVAL_NS));
        }
        this.intervalNanos = ns;
        return this;
    }

    /**
     * How often, at most, the agent checkpoints the snapshot while the program runs ({@code 1s}, {@code 500ms}), or
     * {@code off}: a program killed or crashed then leaves no snapshot.
     */
    public ProfileSettings checkpoint(String text) throws ClientException {
        if (text.equalsIgnoreCase("off")) return option("checkpoint=off");
        long ns = Durations.parseNanos(text);
        if (ns < 100_000_000L || ns > 86_400_000_000_000L) {
            throw new ClientException("checkpoint period " + text + " is outside 100ms .. 24h (or off)");
        }
        return option("checkpoint=" + ns / 1_000_000);
    }

    public ProfileSettings depth(int frames) throws ClientException {
        if (frames < 1 || frames > 4096) throw new ClientException("stack depth must be from 1 to 4096, not " + frames);
        this.depth = frames;
        return this;
    }

    public boolean sampling() { return mode.equals("sample"); }

    /**
     * A trace directory (docs/formats/trace.md): libcandor.so writes every thread's periods between sampling ticks
     * there. A new directory, or an existing one without a trace; its parent must exist.
     */
    public ProfileSettings trace(Path directory) throws ClientException {
        Path dir = directory.toAbsolutePath().normalize();
        // the native agent's options are comma-separated
        if (dir.toString().contains(",")) throw new ClientException("the trace directory's path cannot contain a comma: " + dir);
        if (Files.exists(dir.resolve("meta"))) {
            throw new ClientException(dir + " holds a trace already; choose another directory for --trace");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) throw new ClientException("--trace " + dir + " is not a directory");
        if (dir.getParent() == null || !Files.isDirectory(dir.getParent())) {
            throw new ClientException("--trace " + dir + ": its parent directory does not exist");
        }
        this.traceDirectory = dir;
        return this;
    }

    /** The trace directory; null when not tracing. */
    public Path traceDirectory() { return traceDirectory; }

    /** The options of libcandor.so: the metric when it is not wall time (else wall's clock), or the sampling options. */
    public String nativeOptions() {
        if (both()) throw new IllegalStateException("--mode both: the options of each run (run(mode, output))");
        if (!sampling()) {
            String clockOrMetric = !metric.equals(WALL) ? "metric=" + metric : clock.equals("auto") ? "" : "clock=" + clock;
            if (traceDirectory == null) return clockOrMetric;
            // a trace beside instrumentation: the sampler's ticks end its periods and give them their stacks
            StringBuilder o = new StringBuilder(clockOrMetric).append(clockOrMetric.isEmpty() ? "" : ",").append("sample=cpu");
            if (intervalNanos != null) o.append(",interval=").append(intervalNanos);
            if (depth != null) o.append(",depth=").append(depth);
            return o.append(",trace=").append(traceDirectory).toString();
        }
        StringBuilder o = new StringBuilder("sample=").append(event);
        if (intervalNanos != null) o.append(",interval=").append(intervalNanos);
        if (depth != null) o.append(",depth=").append(depth);
        if (maxNodes != null) o.append(",maxnodes=").append(maxNodes);
        if (traceDirectory != null) o.append(",trace=").append(traceDirectory);
        return o.toString();
    }
    /** One pattern or a comma-separated list of them (TAU: {@code java/lang,sun}). */
    public ProfileSettings include(String patterns) { includes.addAll(split(patterns)); return this; }
    public ProfileSettings exclude(String patterns) { excludes.addAll(split(patterns)); return this; }
    public ProfileSettings defaultExcludes(boolean on) { this.defaultExcludes = on; return this; }
    /**
     * The call-tree nodes kept over all threads: the probes' trees (the agent's {@code maxnodes}) or the sampler's
     * (libcandor.so's); past it, what needs a new node counts under a node beyond the tree budget.
     */
    public ProfileSettings maxNodes(int nodes) { this.maxNodes = nodes; return this; }

    /** Any other agent option, {@code key=value}. */
    public ProfileSettings option(String keyValue) { extra.add(keyValue); return this; }

    /** runtime, frozen or off; null for the agent's default (runtime). */
    public ProfileSettings calibration(String mode) throws ClientException {
        String m = mode.toLowerCase(java.util.Locale.ROOT);
        if (!m.equals("runtime") && !m.equals("frozen") && !m.equals("off")) {
            throw new ClientException("--calibration must be runtime, frozen or off, not '" + mode + "'");
        }
        this.calibration = m;
        return this;
    }

    /**
     * The calibration statistics file: a path (read at start, written at exit), {@code auto} (the default: the
     * minima {@code candor calibrate} left for this JVM and CPU, read only) or {@code none}.
     */
    public ProfileSettings calstats(String file) {
        this.calstats = file.equals("none") ? null : file.equals("auto") ? "auto" : Path.of(file).toAbsolutePath().toString();
        return this;
    }

    /**
     * Begin with recording stopped ({@code start=delayed}): the probes run and calibrate, and recording begins with
     * the control channel's {@code start}.
     */
    public ProfileSettings delayStart() { this.delayedStart = true; return this; }

    public boolean delayedStart() { return delayedStart; }

    public Path output() { return output; }

    /** One option per line, the form the agent's {@code optfile} reads. */
    public List<String> agentOptionLines() {
        if (both()) throw new IllegalStateException("--mode both: the options of each run (run(mode, output))");
        List<String> lines = new ArrayList<>();
        if (output != null) lines.add("output=" + output);
        if (outcome != null) lines.add("outcome=" + outcome);
        lines.add("mode=" + mode);
        if (!sampling()) {
            if (maxNodes != null) lines.add("maxnodes=" + maxNodes);
            if (scheme != null) lines.add("scheme=" + scheme);
            for (String r : roots) lines.add("root=" + r);
            if (calibration != null) lines.add("calibration=" + calibration);
            if (calstats != null) lines.add("calstats=" + calstats);
            if (delayedStart) lines.add("start=delayed");
        }
        if (traceDirectory != null) lines.add("trace=" + traceDirectory);
        for (String i : includes) lines.add("include=" + i);
        for (String e : excludes) lines.add("exclude=" + e);
        if (!defaultExcludes) lines.add("defaultexcludes=false");
        lines.addAll(extra);
        return lines;
    }

    /**
     * The settings a new session in a JVM whose session was detached can take (the control channel's {@code resume}
     * line, comma-separated: the mode, which the agent holds to the detached session's; sampling's event and interval,
     * which libcandor.so keeps as it was loaded; output, scheme, roots and filters; what is not named takes its default).
     */
    public String resumeSettings() {
        List<String> items = new ArrayList<>();
        items.add("mode=" + mode);
        if (sampling()) {
            items.add("event=" + event);
            if (intervalNanos != null) items.add("interval=" + intervalNanos);
        }
        for (String line : agentOptionLines()) {
            int eq = line.indexOf('=');
            if (eq < 0) continue;  // a flag such as quiet: the agent's, fixed at its start
            String key = line.substring(0, eq);
            if (List.of("output", "scheme", "root", "include", "exclude", "defaultexcludes").contains(key)) items.add(line);
        }
        return String.join(",", items);
    }

    public void validate() throws ClientException {
        if (both()) {
            validateBoth();
            return;
        }
        if (sampling() && (scheme != null || !roots.isEmpty())) {
            throw new ClientException("--scheme and --root apply to --mode instrument");
        }
        if (sampling() && !metric.equals(WALL)) {
            throw new ClientException("--metric " + metric + " applies to --mode instrument; sampling measures by --event cpu or wall");
        }
        if (sampling() && delayedStart) {
            throw new ClientException("--delay-start applies to --mode instrument (a sampling session samples from its"
                    + " start; 'candor ctl PID stop' pauses it)");
        }
        if (!clock.equals("auto") && (sampling() || !metric.equals(WALL))) {
            throw new ClientException("--clock applies to --metric wall in --mode instrument");
        }
        if (calstats != null && !calstats.equals("auto")) {
            InputFiles.refuseIfNotRegular(Path.of(calstats), "--calstats " + calstats);
        }
        try {
            AgentOptions o = AgentOptions.parseLines(agentOptionLines());
            new ClassFilter(o.includes(), o.excludes(), o.defaultExcludes());
            new RootMethods(o.roots());
        } catch (OptionException | PatternException e) {
            throw new ClientException(e.getMessage());
        }
    }

    /** {@code --mode both}: what the pair cannot do, then each run's own checks. */
    private void validateBoth() throws ClientException {
        if (traceDirectory != null) throw new ClientException("--trace applies to one run: --mode instrument or sample");
        if (delayedStart) {
            throw new ClientException("--delay-start applies to --mode instrument (with --mode both, the sampled run"
                    + " would record from its start and the two would not compare)");
        }
        if (!metric.equals(WALL) && !metric.equals("cpu")) {
            throw new ClientException("--mode both compares times: --metric wall or cpu, not " + metric);
        }
        Path out = output != null ? output : Path.of("both.candor");
        run("sample", out).validate();
        run("instrument", out).validate();
    }

    private static List<String> split(String list) {
        List<String> out = new ArrayList<>();
        for (String p : list.split(",", -1)) out.add(p.trim());
        return out;
    }
}
