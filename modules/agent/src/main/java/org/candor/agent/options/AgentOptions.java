package org.candor.agent.options;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.candor.probe.CalibrationSettings;

/**
 * The options of the Java agent: {@code -javaagent:candor-agent.jar=key=value,key=value,...}.
 *
 * <p>Lists follow TAU's syntax: in {@code exclude=java/lang,sun,output=x.candor} the item {@code sun} has no
 * {@code =}, so it continues the list of the key before it. {@code optfile=PATH} reads further options from a file,
 * one per line (blank lines and lines starting with {@code #} ignored), which is how the {@code candor} command
 * passes them, free of any quoting problem.
 */
public final class AgentOptions {

    /** Total: every method that passes the filters; Lazy and Eager: what root methods may call (seed 002). */
    public enum Scheme { TOTAL, LAZY, EAGER }

    /** Instrumentation (probes in the bytecode) or sampling (libcandor.so's stack sampler; no bytecode changes). */
    public enum Mode { INSTRUMENT, SAMPLE }

    /** Runtime calibration of instrumented times (see org.candor.probe.Calibration). */
    public enum CalibrationMode { RUNTIME, FROZEN, OFF }

    static final String[] KEYS = {
        "output", "mode", "scheme", "include", "exclude", "defaultexcludes", "maxnodes", "maxdepth", "maxthreads",
        "quiet", "verbose", "optfile", "calibration", "warmupdelay", "warmupcount", "calstats",
        "calstatswrite", "trainer", "root", "lookahead", "start", "recursion", "foldafter", "measureevery", "trace",
        "outcome", "checkpoint"
    };

    /** How a thread's tree grows when paths are many (org.candor.probe.TreeShape). */
    public enum Recursion { KEEP, FOLD, AUTO }

    private Path output;
    private Path outcome;
    private Path traceDirectory;
    private Mode mode = Mode.INSTRUMENT;
    private Scheme scheme;
    private final List<String> roots = new ArrayList<>();
    /**
     * Lazy's look-ahead unless told: 2 levels made javac on Guava 14 % faster than 0 (half the retransformations,
     * each a fixed-cost VM operation) for 8 % more methods instrumented; more levels gain little (bench/README.md).
     */
    public static final int DEFAULT_LOOKAHEAD = 2;
    private int lookahead = DEFAULT_LOOKAHEAD;
    private final List<String> includes = new ArrayList<>();
    private final List<String> excludes = new ArrayList<>();
    private boolean defaultExcludes = true;
    private int maxNodes;
    private int maxDepth = 100_000;
    private int maxThreads = 10_000;
    private boolean quiet;
    private boolean verbose;
    private CalibrationMode calibration = CalibrationMode.RUNTIME;
    private long warmupDelay = 1;
    private long warmupCount = 1_000_000;
    private String calstats;
    private Boolean calstatsWrite;
    private boolean trainer;
    private boolean delayedStart;
    private Recursion recursion = Recursion.AUTO;
    private int foldAfter = 1_000_000;
    /**
     * One calibrated event in this many reads the clock twice to measure the probe (org.candor.probe.ProbeTime).
     * CalibrationSettings' constants are compiled in: the client parses options without the probe jar.
     */
    private int measureEvery = CalibrationSettings.DEFAULT_MEASURE_EVERY;
    /** Checkpoints of the snapshot while the program runs: at most this often (ms); 0 for none. */
    private long checkpointMillis = DEFAULT_CHECKPOINT_MILLIS;
    /** A program killed or crashed keeps what it recorded until about a second before (JFR's chunks do as much). */
    public static final long DEFAULT_CHECKPOINT_MILLIS = 1000;
    /** Shorter periods would cost the program more than they save. */
    public static final long MIN_CHECKPOINT_MILLIS = 100;

    /** What a running session can change ({@link #withChanges}); every other option is fixed at start. */
    static final String[] LIVE_KEYS = {"root", "scheme", "include", "exclude", "lookahead", "defaultexcludes"};
    /** Set on the options a change names: only {@link #LIVE_KEYS} are accepted. */
    private boolean liveOnly;
    /** With {@link #liveOnly}: a new session after a detach may also name its snapshot at exit. */
    private boolean outputAllowed;
    /** The keys given, for a change. */
    private final List<String> given = new ArrayList<>();

    private AgentOptions() {}

    /**
     * These options with the settings {@code changes} names replaced (same syntax as the agent options; a list given
     * replaces the whole list). A root with no scheme given makes a Total session Lazy; {@code scheme=total} drops
     * the roots. Checked like the options at start.
     */
    public AgentOptions withChanges(String changes) throws OptionException {
        AgentOptions c = new AgentOptions();
        c.liveOnly = true;
        c.apply(changes == null ? "" : changes, 1);
        if (c.given.isEmpty()) {
            throw new OptionException("no settings to change (these can change: " + String.join(", ", LIVE_KEYS) + ")");
        }
        AgentOptions next = copy();
        if (c.given.contains("root")) replace(next.roots, c.roots);
        if (c.given.contains("include")) replace(next.includes, c.includes);
        if (c.given.contains("exclude")) replace(next.excludes, c.excludes);
        if (c.given.contains("lookahead")) next.lookahead = c.lookahead;
        if (c.given.contains("defaultexcludes")) next.defaultExcludes = c.defaultExcludes;
        if (c.given.contains("scheme")) {
            next.scheme = c.scheme;
            if (c.scheme == Scheme.TOTAL && !c.given.contains("root")) next.roots.clear();
        } else if (c.given.contains("root") && next.scheme == Scheme.TOTAL) {
            next.scheme = null;
        }
        next.checkScheme();
        return next;
    }

    /**
     * The options of a new session in this JVM after a detach ({@code resume}): the live settings and {@code output}
     * as {@code settings} gives them (what it leaves out takes its default, not the old session's value), the rest
     * (mode, calibration, limits, clock) as this session had them, since they were fixed when the agent loaded.
     */
    public AgentOptions forNewSession(String settings) throws OptionException {
        AgentOptions c = new AgentOptions();
        c.liveOnly = true;
        c.outputAllowed = true;
        c.apply(settings == null ? "" : settings, 1);
        AgentOptions next = copy();
        replace(next.roots, c.roots);
        replace(next.includes, c.includes);
        replace(next.excludes, c.excludes);
        next.lookahead = c.lookahead;
        next.defaultExcludes = c.defaultExcludes;
        next.scheme = c.scheme;
        next.output = c.output;
        next.checkScheme();
        return next;
    }

    private static void replace(List<String> list, List<String> with) {
        list.clear();
        list.addAll(with);
    }

    private AgentOptions copy() {
        AgentOptions o = new AgentOptions();
        o.output = output;
        o.outcome = outcome;
        o.mode = mode;
        o.scheme = scheme;
        o.roots.addAll(roots);
        o.lookahead = lookahead;
        o.includes.addAll(includes);
        o.excludes.addAll(excludes);
        o.defaultExcludes = defaultExcludes;
        o.maxNodes = maxNodes;
        o.maxDepth = maxDepth;
        o.maxThreads = maxThreads;
        o.quiet = quiet;
        o.verbose = verbose;
        o.calibration = calibration;
        o.warmupDelay = warmupDelay;
        o.warmupCount = warmupCount;
        o.calstats = calstats;
        o.calstatsWrite = calstatsWrite;
        o.trainer = trainer;
        o.delayedStart = delayedStart;
        o.recursion = recursion;
        o.foldAfter = foldAfter;
        o.measureEvery = measureEvery;
        o.checkpointMillis = checkpointMillis;
        return o;
    }

    public static AgentOptions parse(String text) throws OptionException {
        AgentOptions o = new AgentOptions();
        o.apply(text == null ? "" : text, 0);
        o.checkScheme();
        o.checkStart();
        return o;
    }

    private void checkScheme() throws OptionException {
        if (scheme == null) return;
        if (scheme != Scheme.TOTAL && roots.isEmpty()) {
            throw new OptionException("agent option 'scheme=" + scheme.name().toLowerCase(Locale.ROOT)
                    + "' needs root methods (root=com.acme.Server.handle, root=com.acme.**, ...)");
        }
        if (scheme == Scheme.TOTAL && !roots.isEmpty()) {
            throw new OptionException("agent option 'root' applies to scheme=lazy or scheme=eager, not total");
        }
    }

    private void checkStart() throws OptionException {
        if (delayedStart && mode == Mode.SAMPLE) {
            throw new OptionException("agent option 'start=delayed' applies to mode=instrument (a sampling session"
                    + " samples from its start; the control channel's 'stop' pauses it)");
        }
    }

    private void apply(String text, int fileDepth) throws OptionException {
        String lastListKey = null;
        for (String item : text.split(",", -1)) {
            String trimmed = item.trim();
            if (trimmed.isEmpty()) continue;
            int eq = trimmed.indexOf('=');
            if (eq < 0 && lastListKey != null && !isKey(trimmed)) {
                set(lastListKey, trimmed, fileDepth);
                continue;
            }
            String key = (eq < 0 ? trimmed : trimmed.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
            String value = eq < 0 ? null : trimmed.substring(eq + 1).trim();
            set(key, value, fileDepth);
            lastListKey = key.equals("include") || key.equals("exclude") || key.equals("root") ? key : null;
        }
    }

    private static boolean isKey(String token) {
        for (String k : KEYS) if (k.equalsIgnoreCase(token)) return true;
        return false;
    }

    private void set(String key, String value, int fileDepth) throws OptionException {
        if (liveOnly && !java.util.Arrays.asList(LIVE_KEYS).contains(key) && !(outputAllowed && key.equals("output"))) {
            throw new OptionException("'" + key + "' cannot change in a running session (these can: "
                    + String.join(", ", LIVE_KEYS) + ")");
        }
        if (!given.contains(key)) given.add(key);
        switch (key) {
            case "output": output = path(key, value); break;
            case "mode": mode = mode(required(key, value)); break;
            case "scheme": scheme = scheme(required(key, value)); break;
            case "include": includes.add(required(key, value)); break;
            case "exclude":
                // a change may name an empty exclude list: none any more (at start, leaving the key out says that)
                if (liveOnly && (value == null || value.isEmpty())) break;
                excludes.add(required(key, value));
                break;
            case "root": roots.add(required(key, value)); break;
            case "lookahead": lookahead = (int) Math.min(8, notNegative(key, value)); break;
            case "defaultexcludes": defaultExcludes = bool(key, value); break;
            case "maxnodes": maxNodes = positive(key, value); break;
            case "maxdepth": maxDepth = positive(key, value); break;
            case "maxthreads": maxThreads = positive(key, value); break;
            case "quiet": quiet = value == null || bool(key, value); break;
            case "verbose": verbose = value == null || bool(key, value); break;
            case "optfile": readFile(required(key, value), fileDepth); break;
            case "calibration": calibration = calibration(required(key, value)); break;
            case "warmupdelay": warmupDelay = notNegative(key, value); break;
            case "warmupcount": warmupCount = notNegative(key, value); break;
            case "calstats": calstats = required(key, value); break;
            case "calstatswrite": calstatsWrite = bool(key, value); break;
            case "trainer": trainer = value == null || bool(key, value); break;
            case "start": delayedStart = delayed(required(key, value)); break;
            case "recursion": recursion = recursion(required(key, value)); break;
            case "foldafter": foldAfter = positive(key, value); break;
            case "measureevery": measureEvery = measureEvery(key, value); break;
            case "trace": traceDirectory = path(key, value); break;
            case "outcome": outcome = path(key, value); break;
            case "checkpoint": checkpointMillis = checkpoint(key, value); break;
            default:
                throw new OptionException("agent option '" + key + "' is unknown (known: " + String.join(", ", KEYS) + ")");
        }
    }

    /** Options one per line, as in an options file: a value may hold commas (a path); lists repeat the key. */
    public static AgentOptions parseLines(List<String> lines) throws OptionException {
        AgentOptions o = new AgentOptions();
        o.applyLines(lines, 1);
        o.checkScheme();
        o.checkStart();
        return o;
    }

    private void readFile(String path, int fileDepth) throws OptionException {
        if (fileDepth > 0) throw new OptionException("agent option 'optfile' cannot be used inside an options file");
        try {
            applyLines(Files.readAllLines(Paths.get(path), StandardCharsets.UTF_8), fileDepth + 1);
        } catch (IOException | RuntimeException e) {
            throw new OptionException("agent options file '" + path + "' cannot be read: " + e.getMessage());
        }
    }

    private void applyLines(List<String> lines, int fileDepth) throws OptionException {
        for (String line : lines) {
            String l = line.trim();
            if (l.isEmpty() || l.startsWith("#")) continue;
            int eq = l.indexOf('=');
            String key = (eq < 0 ? l : l.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
            set(key, eq < 0 ? null : l.substring(eq + 1).trim(), fileDepth);
        }
    }

    /** A path the file system can name: a NUL in it ends in one line here, not an exception in premain. */
    private static Path path(String key, String value) throws OptionException {
        String text = required(key, value);
        try {
            return Paths.get(text);
        } catch (InvalidPathException e) {
            throw new OptionException("agent option '" + key + "' is not a usable path (" + e.getReason() + ")");
        }
    }

    private static String required(String key, String value) throws OptionException {
        if (value == null || value.isEmpty()) throw new OptionException("agent option '" + key + "' needs a value");
        return value;
    }

    private static Recursion recursion(String value) throws OptionException {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "keep": return Recursion.KEEP;
            case "fold": return Recursion.FOLD;
            case "auto": return Recursion.AUTO;
            default: throw new OptionException("agent option 'recursion' must be keep, fold or auto, not '" + value + "'");
        }
    }

    private static Mode mode(String value) throws OptionException {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "instrument": case "instrumentation": return Mode.INSTRUMENT;
            case "sample": case "sampling": return Mode.SAMPLE;
            default: throw new OptionException("agent option 'mode' has unknown value '" + value + "' (known: instrument, sample)");
        }
    }

    private static Scheme scheme(String value) throws OptionException {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "total": return Scheme.TOTAL;
            case "lazy": return Scheme.LAZY;
            case "eager": return Scheme.EAGER;
            default:
                throw new OptionException("agent option 'scheme' has unknown value '" + value
                        + "' (known: total, lazy, eager)");
        }
    }

    private static CalibrationMode calibration(String value) throws OptionException {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "runtime": case "on": return CalibrationMode.RUNTIME;
            case "frozen": case "delayed": return CalibrationMode.FROZEN;
            case "off": case "none": return CalibrationMode.OFF;
            default:
                throw new OptionException("agent option 'calibration' has unknown value '" + value
                        + "' (known: runtime, frozen, off)");
        }
    }

    private static boolean delayed(String value) throws OptionException {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "now": return false;
            case "delayed": return true;
            default:
                throw new OptionException("agent option 'start' has unknown value '" + value + "' (known: now, delayed)");
        }
    }

    private static long notNegative(String key, String value) throws OptionException {
        try {
            long v = Long.parseLong(required(key, value).replace("_", ""));
            if (v < 0) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new OptionException("agent option '" + key + "' must be a whole number from 0, not '" + value + "'");
        }
    }

    private static boolean bool(String key, String value) throws OptionException {
        switch (required(key, value).toLowerCase(Locale.ROOT)) {
            case "true": case "yes": case "on": return true;
            case "false": case "no": case "off": return false;
            default: throw new OptionException("agent option '" + key + "' must be true or false, not '" + value + "'");
        }
    }

    private static int measureEvery(String key, String value) throws OptionException {
        String range = "agent option '" + key + "' must be a whole number from 1 to "
                + CalibrationSettings.MAX_MEASURE_EVERY + ", not '" + value + "'";
        int n;
        try {
            n = positive(key, value);
        } catch (OptionException e) {
            throw new OptionException(range);
        }
        if (n > CalibrationSettings.MAX_MEASURE_EVERY) throw new OptionException(range);
        return n;
    }

    /** {@code off}, or a period in milliseconds from {@link #MIN_CHECKPOINT_MILLIS}. */
    private static long checkpoint(String key, String value) throws OptionException {
        String text = required(key, value);
        if (text.equalsIgnoreCase("off")) return 0;
        try {
            long v = Long.parseLong(text.replace("_", ""));
            if (v < MIN_CHECKPOINT_MILLIS || v > 86_400_000) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw new OptionException("agent option '" + key + "' must be off or milliseconds from "
                    + MIN_CHECKPOINT_MILLIS + " to 86400000, not '" + value + "'");
        }
    }

    private static int positive(String key, String value) throws OptionException {
        try {
            long v = Long.parseLong(required(key, value).replace("_", ""));
            if (v < 1 || v > Integer.MAX_VALUE) throw new NumberFormatException();
            return (int) v;
        } catch (NumberFormatException e) {
            throw new OptionException("agent option '" + key + "' must be a whole number from 1 to "
                    + Integer.MAX_VALUE + ", not '" + value + "'");
        }
    }

    /** Where the snapshot goes; {@code candor-<pid>.candor} in the working directory when not set. */
    public Path output() {
        return output != null ? output : Paths.get("candor-" + ProcessHandle.current().pid() + ".candor");
    }

    /**
     * The file the launching tool reads after the run: that the agent loaded, and where the snapshot went
     * ({@link org.candor.agent.snapshot.RunOutcome}). Null: none.
     */
    public Path outcome() { return outcome; }

    /** The trace directory libcandor.so writes (its own trace= option); recorded in the snapshot. Null: none. */
    public Path traceDirectory() { return traceDirectory; }

    public Mode mode() { return mode; }
    /** Lazy when root methods are given and no scheme is, else Total. */
    public Scheme scheme() {
        if (scheme != null) return scheme;
        return roots.isEmpty() ? Scheme.TOTAL : Scheme.LAZY;
    }

    /** Lazy scheme: levels of callees expanded ahead of their first run (0, the default: none; at most 8). */
    public int lookahead() { return lookahead; }

    /** How often, at most, the snapshot is checkpointed while the program runs (ms); 0 for never. */
    public long checkpointMillis() { return checkpointMillis; }

    /** Root method patterns (Lazy and Eager schemes). */
    public List<String> roots() { return Collections.unmodifiableList(roots); }
    public List<String> includes() { return Collections.unmodifiableList(includes); }
    public List<String> excludes() { return Collections.unmodifiableList(excludes); }
    public boolean defaultExcludes() { return defaultExcludes; }
    /** 0 when not set: the agent then sizes the limit to the target's heap. */
    public int maxNodes() { return maxNodes; }
    public Recursion recursion() { return recursion; }
    /** {@code recursion=auto}: a thread's tree folds recursion once it has this many nodes. */
    public int foldAfter() { return foldAfter; }
    public int maxDepth() { return maxDepth; }
    public int maxThreads() { return maxThreads; }
    public boolean quiet() { return quiet; }
    public boolean verbose() { return verbose; }
    public CalibrationMode calibration() { return calibration; }
    /** JIT compilations before the calibration warm-up starts. */
    public long warmupDelay() { return warmupDelay; }
    /** Entry/exit events in the calibration warm-up; 0: none. */
    public long warmupCount() { return warmupCount; }
    /**
     * The calibration statistics file: a path, {@code auto} (the file for this JVM, CPU and agent in the user's
     * cache, see CalibrationFiles), or null for none.
     */
    public String calstats() { return calstats; }

    /**
     * {@code start=delayed} (JPROF's DELAY_START): the session begins with recording stopped and records from the
     * control channel's first {@code start}; until then the probes run and calibrate.
     */
    public boolean delayedStart() { return delayedStart; }

    /** The run of {@code candor calibrate}'s trainer: keep the typical minimal section per category. */
    public boolean trainer() { return trainer; }

    /** One calibrated probe event in this many measures the probe's own time (1: all of them). */
    public int measureEvery() { return measureEvery; }

    /** Whether the minima are written back at exit: by default for a named file, not for {@code auto}. */
    public boolean calstatsWrite() {
        return calstatsWrite != null ? calstatsWrite : calstats != null && !calstats.equals("auto");
    }
}
