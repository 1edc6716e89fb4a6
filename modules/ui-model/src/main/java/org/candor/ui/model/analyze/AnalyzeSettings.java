package org.candor.ui.model.analyze;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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

    private final ProfilingTask task;
    private final List<String> roots;
    private final String rootScheme;
    private final List<String> includes;
    private final List<String> excludes;
    private final boolean defaultExcludes;
    private final String metric;
    private final boolean calibrated;
    private final boolean delayedStart;
    private final String samplingEvent;
    private final String interval;

    private AnalyzeSettings(ProfilingTask task, List<String> roots, String rootScheme, List<String> includes,
                            List<String> excludes, boolean defaultExcludes, String metric, boolean calibrated,
                            boolean delayedStart, String samplingEvent, String interval) {
        this.task = Objects.requireNonNull(task);
        this.roots = clean(roots);
        this.rootScheme = rootScheme.equals(EAGER) ? EAGER : LAZY;
        this.includes = clean(includes);
        this.excludes = clean(excludes);
        this.defaultExcludes = defaultExcludes;
        this.metric = metric;
        this.calibrated = calibrated;
        this.delayedStart = delayedStart;
        this.samplingEvent = samplingEvent.equals("wall") ? "wall" : "cpu";
        this.interval = interval;
    }

    /** The first settings a user meets: the entire application, every class but the JDK's, wall time, calibrated. */
    public static AnalyzeSettings defaults() {
        return new AnalyzeSettings(ProfilingTask.ENTIRE_APPLICATION, List.of(), LAZY, List.of(), List.of(), true,
                ProfileSettings.WALL, true, false, "cpu", "1ms");
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
    public boolean calibrated() { return calibrated; }
    public boolean delayedStart() { return delayedStart; }
    public String samplingEvent() { return samplingEvent; }
    public String interval() { return interval; }

    public AnalyzeSettings withTask(ProfilingTask t) { return copy(t, roots, rootScheme, includes, excludes, defaultExcludes, metric, calibrated, delayedStart, samplingEvent, interval); }
    public AnalyzeSettings withRoots(List<String> r) { return copy(task, r, rootScheme, includes, excludes, defaultExcludes, metric, calibrated, delayedStart, samplingEvent, interval); }
    public AnalyzeSettings withRootScheme(String s) { return copy(task, roots, s, includes, excludes, defaultExcludes, metric, calibrated, delayedStart, samplingEvent, interval); }
    public AnalyzeSettings withFilters(List<String> in, List<String> out, boolean jdkOut) { return copy(task, roots, rootScheme, in, out, jdkOut, metric, calibrated, delayedStart, samplingEvent, interval); }
    public AnalyzeSettings withMetric(String m) { return copy(task, roots, rootScheme, includes, excludes, defaultExcludes, m, calibrated, delayedStart, samplingEvent, interval); }
    public AnalyzeSettings withCalibration(boolean on) { return copy(task, roots, rootScheme, includes, excludes, defaultExcludes, metric, on, delayedStart, samplingEvent, interval); }
    public AnalyzeSettings withDelayedStart(boolean on) { return copy(task, roots, rootScheme, includes, excludes, defaultExcludes, metric, calibrated, on, samplingEvent, interval); }
    public AnalyzeSettings withSampling(String event, String every) { return copy(task, roots, rootScheme, includes, excludes, defaultExcludes, metric, calibrated, delayedStart, event, every); }

    private static AnalyzeSettings copy(ProfilingTask task, List<String> roots, String rootScheme, List<String> includes,
                                        List<String> excludes, boolean defaultExcludes, String metric, boolean calibrated,
                                        boolean delayedStart, String samplingEvent, String interval) {
        return new AnalyzeSettings(task, roots, rootScheme, includes, excludes, defaultExcludes, metric, calibrated,
                delayedStart, samplingEvent, interval);
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
            if (!calibrated) s.calibration("off");
            if (delayedStart) s.delayStart();
        } else {
            s.mode("sample").event(samplingEvent).interval(interval);
        }
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
            if (!calibrated) b.append(", not calibrated");
            if (delayedStart) b.append(", recording from Start");
        } else {
            b.append(": ").append(samplingEvent.equals("wall") ? "wall-clock" : "CPU-time").append(" samples every ").append(interval);
        }
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
        m.put("calibrated", Boolean.toString(calibrated));
        m.put("delayedStart", Boolean.toString(delayedStart));
        m.put("samplingEvent", samplingEvent);
        m.put("interval", interval);
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
        return new AnalyzeSettings(task, lines(m.get("roots")), m.getOrDefault("rootScheme", d.rootScheme),
                lines(m.get("includes")), lines(m.get("excludes")),
                !"false".equals(m.get("defaultExcludes")),
                ProfileSettings.METRICS.contains(m.get("metric")) ? m.get("metric") : d.metric,
                !"false".equals(m.get("calibrated")), "true".equals(m.get("delayedStart")),
                m.getOrDefault("samplingEvent", d.samplingEvent), m.getOrDefault("interval", d.interval));
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
