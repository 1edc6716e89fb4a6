package org.candor.core.imports;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.candor.core.analysis.SamplingQuality;
import org.candor.core.model.JvmNames;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;

/**
 * A JFR recording (the JDK's, or async-profiler's JFR output) as a sampled snapshot: its {@code jdk.ExecutionSample}
 * events, the JVM's samples of threads running Java code, become per-thread trees of their stacks (the sampled
 * thread's Java name and id; methods by class, name and descriptor). Other events are not imported, native method
 * samples ({@code jdk.NativeMethodSample}, threads waiting in native code) neither: the snapshot is CPU samples only,
 * and its info says so. A stack JFR cut at its depth limit is kept as it is, its outermost frames missing, and
 * counted ({@link #TRUNCATED_STACKS}). The interval is the recording's setting for the event (its smallest, if it
 * changed); for a recording without one ({@code jdk.ActiveSetting} not recorded) it is the typical time between a
 * thread's samples ({@link SampleGaps}), and the info says so. The info names the recording as the snapshot's trace
 * ({@code trace.directory}): the trace readers read a recording as a trace ({@link JfrTimeline}), so the timeline and
 * the Chrome trace export have its threads' samples, waits and GC pauses.
 */
final class JfrRecording {

    static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    /** Statistic: samples whose stack JFR truncated at its depth limit. */
    static final String TRUNCATED_STACKS = "import.jfr.truncated_stacks";
    /** Statistic: samples without a stack (left out). */
    static final String NO_STACK = "import.jfr.no_stack";
    static final long DEFAULT_INTERVAL_NS = 20_000_000L;

    private JfrRecording() {}

    static Snapshot read(Path file) throws IOException {
        String name = file.toString();
        SampledStacks stacks = new SampledStacks();
        long truncated = 0, noStack = 0;
        long interval = Long.MAX_VALUE;
        int[] stack = new int[64];
        SampleGaps gaps = new SampleGaps();
        try (RecordingFile recording = new RecordingFile(file)) {
            long sampleTypeId = -1;
            for (EventType t : recording.readEventTypes()) {
                if (t.getName().equals(EXECUTION_SAMPLE)) sampleTypeId = t.getId();
            }
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                String type = e.getEventType().getName();
                if (type.equals("jdk.ActiveSetting")) {
                    if (e.getLong("id") == sampleTypeId && "period".equals(e.getString("name"))) {
                        long period = periodNanos(e.getString("value"));
                        if (period > 0) interval = Math.min(interval, period);
                    }
                    continue;
                }
                if (!type.equals(EXECUTION_SAMPLE)) continue;
                RecordedStackTrace trace = e.getStackTrace();
                if (trace == null || trace.getFrames().isEmpty()) {
                    noStack++;
                    continue;
                }
                if (trace.isTruncated()) truncated++;
                List<RecordedFrame> frames = trace.getFrames();
                int n = frames.size();
                if (n > stack.length) stack = new int[Math.max(n, stack.length * 2)];
                for (int i = 0; i < n; i++) stack[n - 1 - i] = method(stacks, frames.get(i)); // JFR's are leaf first
                RecordedThread thread = e.getThread("sampledThread");
                long tid = threadId(thread);
                stacks.add(tid, threadName(thread, tid), stack, n, 1);
                gaps.sample(tid, e.getStartTime());
            }
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw e;
        } catch (IOException | RuntimeException | InternalError e) {
            // truncated or damaged: the JDK's reader says what in an IOException; its other failures (an index out
            // of bounds in a cut-off chunk) are its internals, not words for a user
            String why = e instanceof IOException && e.getMessage() != null && !e.getMessage().isBlank()
                    ? e.getMessage() : "truncated or damaged";
            throw new ProfileImportException(name, "is not a complete JFR recording (" + why + ")");
        }
        if (stacks.samples() == 0) {
            throw new ProfileImportException(name, "has no " + EXECUTION_SAMPLE + " events with stacks to import"
                    + " (record with the 'profile' settings, or enable " + EXECUTION_SAMPLE + ")");
        }
        String intervalSource = null;
        if (interval == Long.MAX_VALUE) {
            interval = gaps.typicalNanos();
            intervalSource = "derived (the typical time between a thread's samples: the recording names none)";
        }
        if (interval <= 0) {
            interval = DEFAULT_INTERVAL_NS;
            intervalSource = "assumed (20 ms, JFR's default: the recording names none)";
        }
        SnapshotInfo info = new SnapshotInfo()
                .put(SnapshotInfo.MODE, "sampling")
                .put(SnapshotInfo.EVENT, "cpu")
                .put(SnapshotInfo.INTERVAL_NS, Long.toString(interval))
                .put(ProfileFiles.IMPORT_FORMAT, ProfileFormat.JFR.id())
                .put(ProfileFiles.IMPORT_FILE, name)
                .put(ProfileFiles.IMPORT_EVENTS, EXECUTION_SAMPLE + " only (threads running Java code)")
                // the recording is its own trace: its samples, waits and GC pauses as a timeline (JfrTimeline)
                .put(SnapshotInfo.TRACE_DIRECTORY, file.toAbsolutePath().toString());
        if (intervalSource != null) info.put(CollapsedStacks.INTERVAL_SOURCE, intervalSource);
        return stacks.snapshot(info, interval)
                .putStat(SamplingQuality.IMPORTED_SAMPLES, stacks.samples())
                .putStat(TRUNCATED_STACKS, truncated)
                .putStat(NO_STACK, noStack);
    }

    /** The Java thread id; the OS thread's for a thread without one; -1 for a sample that names none. */
    private static long threadId(RecordedThread thread) {
        if (thread == null) return -1;
        return thread.getJavaThreadId() > 0 ? thread.getJavaThreadId() : thread.getOSThreadId();
    }

    static String threadName(RecordedThread thread, long tid) {
        if (thread == null) return "[unknown thread]";
        if (thread.getJavaName() != null) return thread.getJavaName();
        return thread.getOSName() != null ? thread.getOSName() : "tid " + tid;
    }

    private static int method(SampledStacks stacks, RecordedFrame frame) {
        RecordedMethod m = frame.getMethod();
        if (m == null || m.getType() == null) return stacks.method(JvmNames.VM_CLASS, "[unknown]", "");
        String descriptor = m.getDescriptor() != null ? m.getDescriptor() : "";
        return stacks.method(JvmNames.className(signatureName(m.getType().getName())), m.getName(), descriptor);
    }

    /** JFR's name of a hidden class: {@code a.b.Foo$$Lambda$14+0x0000000800c0b000.707976812} (its identity hash last). */
    private static final java.util.regex.Pattern HIDDEN = java.util.regex.Pattern.compile("(.+)\\+(0x[0-9a-fA-F]+)\\.\\d+");

    /**
     * A class as JFR names it, in the JVM's signature spelling with dots ({@code a.b.C}; a hidden class {@code
     * a.b.Foo$$Lambda.0x0000000800c0b000}, as JVMTI signs it, not JFR's {@code +0x...} and identity hash), so that a
     * recording's lambdas are named as Candor's own profiles name them ({@link JvmNames#className}).
     */
    static String signatureName(String jfrName) {
        java.util.regex.Matcher hidden = HIDDEN.matcher(jfrName);
        return hidden.matches() ? hidden.group(1) + "." + hidden.group(2) : jfrName;
    }

    /** JFR's period setting ({@code 10 ms}, {@code 20 ms}, {@code 1 s}) in nanoseconds; 0 when off or unknown. */
    static long periodNanos(String value) {
        if (value == null) return 0;
        String[] parts = value.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (parts.length != 2) return 0;
        long n;
        try {
            n = Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            return 0;
        }
        switch (parts[1]) {
            case "ns": return n;
            case "us": return n * 1_000L;
            case "ms": return n * 1_000_000L;
            case "s": return n * 1_000_000_000L;
            default: return 0;
        }
    }
}
