package org.candor.ui.model.analyze;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.candor.client.ClientException;
import org.candor.client.ProfileSettings;

/**
 * The settings of one Analyze Performance task: roots and scheme, the classes to measure and to leave out, the
 * metric and calibration of instrumentation, or the event and interval of sampling. Immutable; each {@code with}
 * gives a changed copy. They become the client's {@link ProfileSettings}, whose checks are the agent's own, so the
 * app refuses exactly what {@code candor profile} refuses; and they are kept as named configurations
 * ({@link #toMap()}).
 */
public final class AnalyzeSettings {

    public static final String LAZY = "lazy";
    public static final String EAGER = "eager";

    /** Calibration modes of the agent: runtime (learns as it runs), frozen (after the warm-up), off (raw times). */
    public static final List<String> CALIBRATIONS = List.of("runtime", "frozen", "off");

    // set only on a fresh copy inside a with… method: a published instance never changes
    private ProfilingTask task;
    private List<String> roots;
    private String rootScheme;
    private List<String> includes;
    private List<String> excludes;
    private boolean defaultExcludes;
    private String metric;
    private String calibration;
    private String calstats;
    private boolean delayedStart;
    private String samplingEvent;
    private String interval;
    private boolean trace;

    private AnalyzeSettings() {}

    private AnalyzeSettings copy() {
        AnalyzeSettings c = new AnalyzeSettings();
        c.task = task;
        c.roots = roots;
        c.rootScheme = rootScheme;
        c.includes = includes;
        c.excludes = excludes;
        c.defaultExcludes = defaultExcludes;
        c.metric = metric;
        c.calibration = calibration;
        c.calstats = calstats;
        c.delayedStart = delayedStart;
        c.samplingEvent = samplingEvent;
        c.interval = interval;
        c.trace = trace;
        return c;
    }

    /** The first settings a user meets: the entire application, every class but the JDK's, wall time, calibrated. */
    public static AnalyzeSettings defaults() {
        AnalyzeSettings d = new AnalyzeSettings();
        d.task = ProfilingTask.ENTIRE_APPLICATION;
        d.roots = List.of();
        d.rootScheme = LAZY;
        d.includes = List.of();
        d.excludes = List.of();
        d.defaultExcludes = true;
        d.metric = ProfileSettings.WALL;
        d.calibration = "runtime";
        d.calstats = "auto";
        d.delayedStart = false;
        d.samplingEvent = "cpu";
        d.interval = "1ms";
        return d;
    }

    public ProfilingTask task() { return task; }
    public List<String> roots() { return roots; }
    /** Lazy or Eager: how Part of application finds what the roots reach. */
    public String rootScheme() { return rootScheme; }
    public List<String> includes() { return includes; }
    public List<String> excludes() { return excludes; }
    /** Whether the JDK and Candor's own classes stay out as well (the agent's default excludes). */
    public boolean defaultExcludes() { return defaultExcludes; }
    public String metric() { return metric; }
    /** runtime, frozen or off: see {@link #CALIBRATIONS}. */
    public String calibration() { return calibration; }
    public boolean calibrated() { return !calibration.equals("off"); }
    /** Where calibration minima come from: {@code auto} (what Calibrate Probes left for this JVM), {@code none}, or a file. */
    public String calstats() { return calstats; }
    public boolean delayedStart() { return delayedStart; }
    public String samplingEvent() { return samplingEvent; }
    public String interval() { return interval; }
    /** Whether the session also writes a trace (the Threads timeline), beside its snapshot; instrumented or sampled. */
    public boolean trace() { return trace; }

    public AnalyzeSettings withTask(ProfilingTask t) {
        AnalyzeSettings c = copy();
        c.task = java.util.Objects.requireNonNull(t);
        return c;
    }

    public AnalyzeSettings withRoots(List<String> r) {
        AnalyzeSettings c = copy();
        c.roots = clean(r);
        return c;
    }

    public AnalyzeSettings withRootScheme(String s) {
        AnalyzeSettings c = copy();
        c.rootScheme = EAGER.equals(s) ? EAGER : LAZY;
        return c;
    }

    public AnalyzeSettings withFilters(List<String> in, List<String> out, boolean jdkOut) {
        AnalyzeSettings c = copy();
        c.includes = clean(in);
        c.excludes = clean(out);
        c.defaultExcludes = jdkOut;
        return c;
    }

    public AnalyzeSettings withMetric(String m) {
        AnalyzeSettings c = copy();
        c.metric = m;
        return c;
    }

    /** Calibration {@code runtime}, {@code frozen} or {@code off}; anything else is runtime. */
    public AnalyzeSettings withCalibration(String mode) {
        AnalyzeSettings c = copy();
        c.calibration = mode != null && CALIBRATIONS.contains(mode) ? mode : "runtime";
        return c;
    }

    /** {@code auto}, {@code none} or a file's path; blank is auto. */
    public AnalyzeSettings withCalstats(String source) {
        AnalyzeSettings c = copy();
        c.calstats = source == null || source.isBlank() ? "auto" : source.trim();
        return c;
    }

    public AnalyzeSettings withDelayedStart(boolean on) {
        AnalyzeSettings c = copy();
        c.delayedStart = on;
        return c;
    }

    public AnalyzeSettings withSampling(String event, String every) {
        AnalyzeSettings c = copy();
        c.samplingEvent = "wall".equals(event) ? "wall" : "cpu";
        c.interval = every == null ? "" : every.trim();
        return c;
    }

    public AnalyzeSettings withTrace(boolean on) {
        AnalyzeSettings c = copy();
        c.trace = on;
        return c;
    }

    /** Where a traced session's trace goes: beside its snapshot, {@code NAME.trace} for {@code NAME.candor}. */
    public static Path traceDirectory(Path atExit) {
        String name = atExit.getFileName().toString();
        String base = name.endsWith(".candor") ? name.substring(0, name.length() - ".candor".length()) : name;
        return atExit.resolveSibling(base + ".trace");
    }

    /** The instrumentation scheme this task runs: total, lazy or eager; null for sampling. */
    public String scheme() {
        if (!task.instruments()) return null;
        return task.hasRoots() ? rootScheme : "total";
    }

    /**
     * The session's settings, checked by the agent's own parsers; {@code atExit} is where its snapshot goes when the
     * program ends. What the task does not use (roots outside Part of application, a metric when sampling) is left out.
     */
    public ProfileSettings profileSettings(Path atExit) throws ClientException {
        ProfileSettings s = new ProfileSettings().option("quiet").output(atExit);
        if (task.instruments()) {
            s.scheme(scheme());
            if (task.hasRoots()) {
                if (roots.isEmpty()) throw new ClientException("Part of application needs at least one root method");
                s.root(String.join(",", roots));
            }
            s.metric(metric);
            s.calibration(calibration);
            s.calstats(calstats);
            if (delayedStart) s.delayStart();
        } else {
            s.mode("sample").event(samplingEvent).interval(interval);
        }
        if (trace) s.trace(traceDirectory(atExit));
        if (task.instruments()) {  // which classes get probes; a sampled stack shows every frame
            if (!includes.isEmpty()) s.include(String.join(",", includes));
            if (!excludes.isEmpty()) s.exclude(String.join(",", excludes));
            s.defaultExcludes(defaultExcludes);
        }
        s.validate();
        return s;
    }

    /** What is wrong with these settings, in one line, or null: checked as the session would check them. */
    public String problem() {
        try {
            profileSettings(Path.of("check.candor"));
            return null;
        } catch (ClientException e) {
            return e.getMessage();
        }
    }

    /**
     * The control channel's {@code set} line that gives a running instrumentation session these settings
     * ({@code candor ctl PID set}): the whole filter lists are named, so what was there before goes; an empty include
     * is every class again.
     */
    public String setCommand() {
        StringBuilder line = new StringBuilder("set scheme=").append(scheme());
        if (task.hasRoots()) line.append(",root=").append(String.join(",", roots));
        line.append(",include=").append(includes.isEmpty() ? "**" : String.join(",", includes));
        line.append(",exclude=").append(String.join(",", excludes));  // empty: none any more
        line.append(",defaultexcludes=").append(defaultExcludes);
        return line.toString();
    }

    /** These settings in a few words, for a status line or a list of configurations. */
    public String summary() {
        StringBuilder b = new StringBuilder(task.title());
        if (task.instruments()) {
            b.append(": ").append(scheme()).append(" scheme");
            if (task.hasRoots()) b.append(", roots ").append(roots.isEmpty() ? "(none yet)" : String.join(", ", roots));
            b.append(includes.isEmpty() ? ", every class" : ", classes " + String.join(", ", includes));
            if (!excludes.isEmpty()) b.append(" but ").append(String.join(", ", excludes));
            b.append(", ").append(metric).append(metric.equals(ProfileSettings.WALL) ? " time" : "");
            if (!calibrated()) b.append(", not calibrated");
            else if (calibration.equals("frozen")) b.append(", calibration frozen after the warm-up");
            if (!calstats.equals("auto")) b.append(calstats.equals("none") ? ", no earlier minima" : ", minima from " + calstats);
            if (delayedStart) b.append(", recording from Start");
        } else {
            b.append(": ").append(samplingEvent.equals("wall") ? "wall-clock" : "CPU-time").append(" samples every ").append(interval);
        }
        if (trace) b.append(", with a trace");
        return b.toString();
    }

    /** Every setting as text, for a named configuration; {@link #fromMap} reads it back. */
    public Map<String, String> toMap() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("task", task.name());
        m.put("roots", String.join("\n", roots));
        m.put("rootScheme", rootScheme);
        m.put("includes", String.join("\n", includes));
        m.put("excludes", String.join("\n", excludes));
        m.put("defaultExcludes", Boolean.toString(defaultExcludes));
        m.put("metric", metric);
        m.put("calibration", calibration);
        m.put("calstats", calstats);
        m.put("delayedStart", Boolean.toString(delayedStart));
        m.put("samplingEvent", samplingEvent);
        m.put("interval", interval);
        m.put("trace", Boolean.toString(trace));
        return m;
    }

    /** Settings kept by {@link #toMap()}; what is missing or unknown (an older or damaged entry) takes its default. */
    public static AnalyzeSettings fromMap(Map<String, String> m) {
        AnalyzeSettings d = defaults();
        ProfilingTask task = d.task;
        try {
            task = ProfilingTask.valueOf(m.getOrDefault("task", task.name()));
        } catch (IllegalArgumentException e) {
            // a task this version does not know: the default
        }
        String calibration = m.containsKey("calibration") ? m.get("calibration")
                : "false".equals(m.get("calibrated")) ? "off" : "runtime";  // kept before the modes were offered
        return d.withTask(task).withRoots(lines(m.get("roots"))).withRootScheme(m.getOrDefault("rootScheme", LAZY))
                .withFilters(lines(m.get("includes")), lines(m.get("excludes")), !"false".equals(m.get("defaultExcludes")))
                .withMetric(m.get("metric") != null && ProfileSettings.METRICS.contains(m.get("metric")) ? m.get("metric") : d.metric)
                .withCalibration(calibration).withCalstats(m.get("calstats"))
                .withDelayedStart("true".equals(m.get("delayedStart")))
                .withSampling(m.getOrDefault("samplingEvent", d.samplingEvent), m.getOrDefault("interval", d.interval))
                .withTrace("true".equals(m.get("trace")));
    }

    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        if (text != null) for (String l : text.split("\n")) out.add(l);
        return out;
    }

    /** Trimmed, without empties or repeats, in the order given. */
    private static List<String> clean(List<String> patterns) {
        List<String> out = new ArrayList<>();
        for (String p : patterns) {
            String t = p == null ? "" : p.trim();
            if (!t.isEmpty() && !out.contains(t)) out.add(t);
        }
        return List.copyOf(out);
    }

    @Override public boolean equals(Object o) {
        return o instanceof AnalyzeSettings && ((AnalyzeSettings) o).toMap().equals(toMap());
    }

    @Override public int hashCode() { return toMap().hashCode(); }

    @Override public String toString() { return summary(); }
}
