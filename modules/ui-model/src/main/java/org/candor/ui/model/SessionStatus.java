package org.candor.ui.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A live session as its control channel's {@code status} describes it ({@code docs/formats/control.md}), parsed
 * once into typed fields; the fields as they came stay available for a details view. Unknown or missing fields
 * are no error: a newer or older agent says more or less.
 */
public final class SessionStatus {

    private final SessionState state;
    private final Map<String, String> fields;
    private final List<String> warnings;
    private final String problem;

    private SessionStatus(SessionState state, Map<String, String> fields, String problem) {
        this.state = state;
        this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        this.problem = problem;
        List<String> w = new ArrayList<>();
        for (int i = 1; fields.get("warning." + i) != null; i++) w.add(fields.get("warning." + i));
        this.warnings = Collections.unmodifiableList(w);
    }

    /** The status reply's fields. */
    public static SessionStatus parse(Map<String, String> fields) {
        String s = fields.getOrDefault("state", "recording");
        SessionState state;
        switch (s) {
            case "stopped":
                boolean waiting = "delayed".equals(fields.get("start")) && "waiting".equals(fields.get("recording.start"));
                state = waiting ? SessionState.WAITING_FOR_START : SessionState.STOPPED;
                break;
            case "detached": state = SessionState.DETACHED; break;
            default: state = SessionState.RECORDING;
        }
        return new SessionStatus(state, fields, null);
    }

    /** A JVM with no session. */
    public static SessionStatus none() {
        return new SessionStatus(SessionState.NONE, Map.of(), null);
    }

    /** A session that did not answer, and why. */
    public static SessionStatus unreachable(String why) {
        return new SessionStatus(SessionState.UNREACHABLE, Map.of(), why);
    }

    public SessionState state() { return state; }
    /** The commands this session allows: a sampling session has no roots or filters to apply. */
    public SessionActions actions() { return SessionActions.of(state, sampling()); }

    /** A sampling session ({@code mode=sample}): libcandor.so samples stacks, no bytecode is changed. */
    public boolean sampling() { return "sample".equals(fields.get("mode")); }

    /** What the session counts as it records: calls (instrumentation) or samples (sampling), since its data start. */
    public long recorded() { return count(recordedUnit()); }

    /** {@code calls} or {@code samples}: the word for {@link #recorded()}. */
    public String recordedUnit() { return sampling() ? "samples" : "calls"; }
    /** Include and root patterns that matched nothing loaded so far, worded as the agent says them. */
    public List<String> warnings() { return warnings; }
    /** Every field as the channel sent it, in its order. */
    public Map<String, String> fields() { return fields; }
    public String field(String key) { return fields.get(key); }
    /** Why a session did not answer; null otherwise. */
    public String problem() { return problem; }

    /** A count field, or -1 when absent or not a number. */
    public long count(String key) {
        try {
            return Long.parseLong(fields.getOrDefault(key, "-1"));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The status in a few lines a person reads: state and figures, settings, measurement, the snapshot at exit. */
    public List<String> summary() {
        List<String> lines = new ArrayList<>();
        switch (state) {
            case NONE: lines.add("No Candor session: Attach starts one."); return lines;
            case UNREACHABLE: lines.add("The session does not answer: " + problem); return lines;
            case DETACHED:
                lines.add(sampling() ? "Detached: sampling stopped, no signal reaches the program. Attach starts a new"
                        + " session (with the same event and interval)."
                        : "Detached: the original bytecode is back (" + count("classes.restored") + " classes restored). "
                        + "Attach starts a new session.");
                return lines;
            default:
        }
        if (sampling()) return samplingSummary(lines);
        String what = state == SessionState.RECORDING ? "Recording" : state == SessionState.STOPPED ? "Stopped"
                : "Waiting for Start (calibrating)";
        lines.add(what + ": " + grouped(count("calls")) + " calls in " + grouped(count("threads")) + (count("threads") == 1 ? " thread" : " threads") + " since "
                + time(field("data.start")) + ", up " + duration(count("uptime.ms")) + (count("resets") > 0
                ? ", " + count("resets") + (count("resets") == 1 ? " reset" : " resets") : ""));
        String roots = field("roots");
        String include = field("include");
        lines.add("Scheme " + field("scheme") + (roots == null || roots.isEmpty() ? "" : ", roots " + roots)
                + (include == null || include.isEmpty() ? "" : "; include " + include) + "; "
                + grouped(count("methods.instrumented")) + " methods instrumented in " + grouped(count("classes.instrumented"))
                + " classes");
        String calibration = field("calibration");
        lines.add("Metric " + field("metric") + " (clock " + field("clock") + "), calibration " + calibration
                + (field("calibration.warmup") != null ? " (warm-up " + field("calibration.warmup") + ")" : "")
                + ", started by " + field("started.by"));
        if (field("output") != null) lines.add("Snapshot at exit: " + field("output"));
        lines.addAll(warnings);
        return lines;
    }

    private List<String> samplingSummary(List<String> lines) {
        String what = state == SessionState.RECORDING ? "Sampling" : "Stopped (no sampling signals)";
        lines.add(what + ": " + grouped(count("samples")) + " samples in " + grouped(count("threads"))
                + (count("threads") == 1 ? " thread" : " threads") + " since " + time(field("data.start")) + ", up "
                + duration(count("uptime.ms")) + (count("resets") > 0
                ? ", " + count("resets") + (count("resets") == 1 ? " reset" : " resets") : ""));
        lines.add("Event " + field("event") + " every " + interval(count("interval.ns")) + " (" + field("timer") + "); "
                + grouped(count("samples.failed")) + " stack walks failed, " + grouped(count("samples.dropped")) + " dropped");
        lines.add("Started by " + field("started.by"));
        if (field("output") != null) lines.add("Snapshot at exit: " + field("output"));
        return lines;
    }

    /** {@code 1000000} as {@code 1 ms}, {@code 250000} as {@code 250 µs}. */
    private static String interval(long nanos) {
        if (nanos <= 0) return "?";
        if (nanos % 1_000_000 == 0) return nanos / 1_000_000 + " ms";
        if (nanos % 1_000 == 0) return nanos / 1_000 + " \u00b5s";
        return nanos + " ns";
    }

    private static String grouped(long n) {
        return n < 0 ? "?" : String.format("%,d", n);
    }

    /** {@code 2026-11-25T14:02:11.123Z} as {@code 14:02:11}; anything else as it is. */
    private static String time(String instant) {
        if (instant == null) return "?";
        int t = instant.indexOf('T');
        return t > 0 && instant.length() >= t + 9 ? instant.substring(t + 1, t + 9) : instant;
    }

    private static String duration(long ms) {
        if (ms < 0) return "?";
        long s = ms / 1000;
        if (s < 60) return s + " s";
        if (s < 3600) return s / 60 + " min " + s % 60 + " s";
        return s / 3600 + " h " + s % 3600 / 60 + " min";
    }
}
