package org.candor.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a snapshot was taken of and how: JVM, command, settings, times. Stored as ordered text properties so that a
 * newer writer can add keys an older reader simply shows. Well-known keys are constants here.
 */
public final class SnapshotInfo {

    public static final String CANDOR_VERSION = "candor.version";
    public static final String MODE = "mode";
    public static final String SCHEME = "scheme";
    /** Root method patterns of a Lazy or Eager session, comma-separated. */
    public static final String ROOTS = "roots";
    /** Sampling: cpu or wall. */
    public static final String EVENT = "event";
    /** Sampling: the interval in nanoseconds. */
    public static final String INTERVAL_NS = "interval.ns";
    /** Sampling with a trace: the trace's directory (docs/formats/trace.md), as the target saw it. */
    public static final String TRACE_DIRECTORY = "trace.directory";
    /** A call tree cut from a trace: the range it holds, in words (org.candor.core.trace.TraceCut). */
    public static final String TRACE_CUT = "trace.cut";
    public static final String INCLUDE = "include";
    public static final String EXCLUDE = "exclude";
    public static final String CLOCK = "clock";
    /** Instrumentation: runtime, frozen or off (see docs/formats/snapshot.md, "Calibration"). */
    public static final String CALIBRATION = "calibration";
    /** Instrumentation: what the probes measured between entry and exit, e.g. wall, cpu, page-faults. */
    public static final String METRIC = "metric";
    /** Instrumentation: the unit of the measured values, {@code ns} or {@code events}. */
    public static final String METRIC_UNIT = "metric.unit";
    public static final String JVM_NAME = "jvm.name";
    public static final String JVM_VERSION = "jvm.version";
    public static final String JVM_VENDOR = "jvm.vendor";
    public static final String JVM_ARGS = "jvm.args";
    public static final String JAVA_COMMAND = "java.command";
    public static final String PID = "pid";
    public static final String HOST = "host";
    public static final String START_TIME = "start.time";
    public static final String END_TIME = "end.time";
    /**
     * A checkpoint: the snapshot the agent writes over its output while the program runs ({@code checkpoint=}), so
     * that a program killed or crashed leaves what it recorded until then; the snapshot at exit replaces it. The
     * value is {@code true}; {@link #END_TIME} says when it was taken.
     */
    public static final String CHECKPOINT = "checkpoint";
    /**
     * In a part of a checkpoint file after its first, {@code true}: the part is a continuation, whose values are what
     * changed since the part before it (docs/formats/snapshot.md, "Checkpoint continuations"). Readers add the
     * parts up and drop this key.
     */
    public static final String CHECKPOINT_CONTINUATION = "checkpoint.continuation";
    /** Added by readers: how many continuations were added to the checkpoint's first, whole part. */
    public static final String CHECKPOINT_CONTINUATIONS = "checkpoint.continuations";
    /** Added by readers of a checkpoint with continuations: when its whole first part was taken (its end.time). */
    public static final String CHECKPOINT_WHOLE_TIME = "checkpoint.whole_time";
    /** Added by readers: how many bytes at the end of a checkpoint file were left out (a part cut short and all after it). */
    public static final String CHECKPOINT_LEFT_OUT_BYTES = "checkpoint.left_out_bytes";
    /** Added by readers with {@link #CHECKPOINT_LEFT_OUT_BYTES}: why, in words ({@code a continuation cut short at offset 5,678}). */
    public static final String CHECKPOINT_LEFT_OUT_REASON = "checkpoint.left_out.reason";
    /** Added by readers: how many whole continuations were not added up (too large for the heap), the first part shown alone. */
    public static final String CHECKPOINT_NOT_ADDED = "checkpoint.not_added";
    /** Added by readers with {@link #CHECKPOINT_NOT_ADDED}: why, in words. */
    public static final String CHECKPOINT_NOT_ADDED_REASON = "checkpoint.not_added.reason";

    private final Map<String, String> properties = new LinkedHashMap<>();

    public SnapshotInfo put(String key, String value) {
        if (value != null) properties.put(key, value);
        return this;
    }

    public String get(String key) { return properties.get(key); }

    /** Whether this is a checkpoint written while the program ran ({@link #CHECKPOINT}), not its snapshot at exit. */
    public boolean checkpoint() { return "true".equals(properties.get(CHECKPOINT)); }

    public String get(String key, String fallback) {
        String v = properties.get(key);
        return v != null ? v : fallback;
    }

    public Map<String, String> asMap() { return Collections.unmodifiableMap(properties); }
}
