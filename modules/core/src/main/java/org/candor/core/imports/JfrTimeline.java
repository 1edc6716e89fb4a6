package org.candor.core.imports;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.candor.core.model.JvmNames;
import org.candor.core.trace.TraceFileWriter;
import org.candor.core.trace.TraceFormat;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TraceRecord;

/**
 * A JFR recording as a Candor trace (docs/formats/trace.md, "A JFR recording as a trace"): one merged trace file
 * whose periods and markers come from the recording's events, so that every reader of traces (stats, dump, cut, the
 * Chrome trace export, the app's timeline) reads a recording as it reads a traced run.
 * <ul>
 * <li>a thread's execution sample ({@code jdk.ExecutionSample}) or native method sample ({@code
 * jdk.NativeMethodSample}) at time t is a <em>running</em> period that ends at t (a tick) and stands for the
 * sampling interval before it (from the thread's previous period's end, if that is later), with the sample's stack
 * and top method;
 * <li>a thread's wait of at least JFR's threshold ({@code jdk.ThreadPark}, {@code jdk.JavaMonitorWait}, {@code
 * jdk.JavaMonitorEnter}, {@code jdk.ThreadSleep}) is a <em>blocked</em> period over the wait (its thread negated,
 * off-CPU), with the wait's top method (no stack: it is no sample); a sample inside a wait is left out;
 * <li>a GC pause ({@code jdk.GCPhasePause}; where the recording has none, {@code jdk.GarbageCollection}) is a pair
 * of GC markers of thread 0, as the agent writes them, the text naming the collection;
 * <li>the meta names the threads (OS thread ids, JFR's names), the methods and stacks, one counter {@code task-clock}
 * that is an estimate (a running period's whole length, a blocked period's none), the sampling interval, the pid.
 * </ul>
 * Times are JFR's, nanoseconds since the epoch (clock {@value #CLOCK}); CPUs are not known (0). No other event
 * makes a record. Memory: some 150 bytes an event kept, while the file is written.
 */
public final class JfrTimeline {

    /** The meta's clock: the events' times as JFR's reader gives them, ns since the epoch. */
    public static final String CLOCK = "jfr-epoch";

    private static final String EXECUTION_SAMPLE = JfrRecording.EXECUTION_SAMPLE;
    private static final String NATIVE_SAMPLE = "jdk.NativeMethodSample";
    private static final String GC_PAUSE = "jdk.GCPhasePause";
    private static final String GC = "jdk.GarbageCollection";
    private static final List<String> WAITS = List.of("jdk.ThreadPark", "jdk.JavaMonitorWait", "jdk.JavaMonitorEnter",
            "jdk.ThreadSleep");
    private static final long NO_TIME = Long.MIN_VALUE;

    /** A sample (a point: {@code end}) or a wait ({@code start} to {@code end}) of one thread. */
    private static final class Event {
        static final byte JAVA_SAMPLE = 0, NATIVE_SAMPLE = 1, WAIT = 2;
        final byte kind;
        final boolean wait;
        final long start;
        final long end;
        final int method;
        final int stack;

        Event(byte kind, long start, long end, int method, int stack) {
            this.kind = kind;
            this.wait = kind == WAIT;
            this.start = start;
            this.end = end;
            this.method = method;
            this.stack = stack;
        }
    }

    /** A GC pause, or a whole collection: its times and what the recording calls it. */
    private static final class Pause {
        final long gcId;
        final long start;
        final long end;
        final String text;

        Pause(long gcId, long start, long end, String text) {
            this.gcId = gcId;
            this.start = start;
            this.end = end;
            this.text = text;
        }
    }

    private final String name;
    private final TraceMeta.Builder meta = new TraceMeta.Builder();
    private final Map<String, Integer> methods = new HashMap<>();
    /** Stack ids by (caller id, method id): the meta's tree of prefixes. */
    private final Map<Long, Integer> stacks = new HashMap<>();
    private final Map<Integer, List<Event>> threads = new TreeMap<>();
    private final List<Pause> pauses = new ArrayList<>();
    private final List<Pause> collections = new ArrayList<>();
    private long sampleInterval = Long.MAX_VALUE;
    private long nativeInterval = Long.MAX_VALUE;
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    private JfrTimeline(String name) {
        this.name = name;
    }

    /**
     * Writes the recording as a merged trace to {@code out} (whole, then renamed over it). A recording that cannot be
     * read is a {@link ProfileImportException} of one line.
     */
    public static void write(Path recording, Path out) throws IOException {
        JfrTimeline t = new JfrTimeline(recording.toString());
        t.read(recording);
        t.writeTrace(out);
    }

    private void read(Path file) throws IOException {
        try (RecordingFile recording = new RecordingFile(file)) {
            Map<Long, String> sampleTypes = new HashMap<>();
            for (EventType t : recording.readEventTypes()) {
                if (t.getName().equals(EXECUTION_SAMPLE) || t.getName().equals(NATIVE_SAMPLE)) sampleTypes.put(t.getId(), t.getName());
            }
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                String type = e.getEventType().getName();
                if (type.equals("jdk.ActiveSetting")) {
                    setting(sampleTypes.get(e.getLong("id")), e);
                } else if (type.equals(EXECUTION_SAMPLE) || type.equals(NATIVE_SAMPLE)) {
                    long t = nanos(e.getStartTime());
                    byte kind = type.equals(EXECUTION_SAMPLE) ? Event.JAVA_SAMPLE : Event.NATIVE_SAMPLE;
                    add(e.getThread("sampledThread"), new Event(kind, t, t, topMethod(e), stack(e.getStackTrace())));
                } else if (WAITS.contains(type)) {
                    // no stack: a period's stack is a sample's, which the trace cut counts (a wait is none)
                    add(e.getThread(), new Event(Event.WAIT, nanos(e.getStartTime()), nanos(e.getEndTime()), topMethod(e), 0));
                } else if (type.equals(GC_PAUSE)) {
                    pauses.add(new Pause(e.getLong("gcId"), nanos(e.getStartTime()), nanos(e.getEndTime()), e.getString("name")));
                } else if (type.equals(GC)) {
                    collections.add(new Pause(e.getLong("gcId"), nanos(e.getStartTime()), nanos(e.getEndTime()),
                            e.getString("name") + " (" + e.getString("cause") + ")"));
                } else if (type.equals("jdk.JVMInformation") && e.hasField("pid")) {
                    meta.pid(e.getLong("pid"));
                } else if (type.equals("jdk.CPUInformation") && e.hasField("hwThreads")) {
                    meta.cpus(e.getLong("hwThreads"));
                }
            }
        } catch (NoSuchFileException | AccessDeniedException e) {
            throw e;
        } catch (IOException | RuntimeException | InternalError e) {
            // as JfrRecording: the JDK reader's other failures are its internals, not words for a user
            String why = e instanceof IOException && e.getMessage() != null && !e.getMessage().isBlank()
                    ? e.getMessage() : "truncated or damaged";
            throw new ProfileImportException(name, "is not a complete JFR recording (" + why + ")");
        }
    }

    private void setting(String sampleType, RecordedEvent e) {
        if (sampleType == null || !"period".equals(e.getString("name"))) return;
        long period = JfrRecording.periodNanos(e.getString("value"));
        if (period <= 0) return;
        if (sampleType.equals(EXECUTION_SAMPLE)) sampleInterval = Math.min(sampleInterval, period);
        else nativeInterval = Math.min(nativeInterval, period);
    }

    private void add(RecordedThread thread, Event event) {
        int tid = tid(thread);
        if (tid == 0) return; // no thread to put it on (0 is the VM's own, for the GC markers)
        List<Event> events = threads.get(tid);
        if (events == null) {
            events = new ArrayList<>();
            threads.put(tid, events);
            meta.thread(tid, event.start, thread.getJavaThreadId(), JfrRecording.threadName(thread, tid));
        }
        events.add(event);
    }

    /** The OS thread id; the Java id for a thread without one (a virtual thread); 0 for none. */
    private static int tid(RecordedThread thread) {
        if (thread == null) return 0;
        long id = thread.getOSThreadId() > 0 ? thread.getOSThreadId() : thread.getJavaThreadId();
        return id > 0 && id <= Integer.MAX_VALUE ? (int) id : 0;
    }

    private int topMethod(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        return trace == null || trace.getFrames().isEmpty() ? 0 : method(trace.getFrames().get(0));
    }

    /** The stack's id in the meta's tree, outermost frame first (JFR's are leaf first); 0 for none. */
    private int stack(RecordedStackTrace trace) {
        if (trace == null) return 0;
        List<RecordedFrame> frames = trace.getFrames();
        int id = 0;
        for (int i = frames.size() - 1; i >= 0; i--) {
            int m = method(frames.get(i));
            long key = (long) id << 32 | (m & 0xFFFFFFFFL);
            Integer known = stacks.get(key);
            if (known == null) {
                known = stacks.size() + 1;
                stacks.put(key, known);
                meta.stack(known, id, m);
            }
            id = known;
        }
        return id;
    }

    private int method(RecordedFrame frame) {
        RecordedMethod m = frame.getMethod();
        String className, methodName, descriptor;
        if (m == null || m.getType() == null) {
            className = TraceMeta.VM_CLASS;
            methodName = "[unknown]";
            descriptor = "";
        } else {
            // as the JVM signs it, as the agent writes it
            className = JvmNames.signature(JfrRecording.signatureName(m.getType().getName()));
            methodName = m.getName();
            descriptor = m.getDescriptor() != null ? m.getDescriptor() : "";
        }
        String key = className + '\t' + methodName + '\t' + descriptor;
        Integer id = methods.get(key);
        if (id == null) {
            id = methods.size() + 1;
            methods.put(key, id);
            meta.method(id, className, methodName, descriptor);
        }
        return id;
    }

    private long nanos(Instant time) {
        long t = time.getEpochSecond() * 1_000_000_000L + time.getNano();
        first = Math.min(first, t);
        last = Math.max(last, t);
        return t;
    }

    private void writeTrace(Path out) throws IOException {
        long interval = sampleInterval != Long.MAX_VALUE ? sampleInterval : JfrRecording.DEFAULT_INTERVAL_NS;
        long nativeEvery = nativeInterval != Long.MAX_VALUE ? nativeInterval : interval;
        List<TraceRecord> records = new ArrayList<>();
        for (Map.Entry<Integer, List<Event>> thread : threads.entrySet()) {
            int tid = thread.getKey();
            List<Event> events = thread.getValue();
            // waits by their start, a sample by its time: a wait that began before a sample comes first
            events.sort(Comparator.comparingLong((Event e) -> e.start).thenComparing(e -> !e.wait));
            long cursor = NO_TIME;
            for (Event e : events) {
                if (e.wait) {
                    long start = cursor == NO_TIME ? e.start : Math.max(e.start, cursor);
                    if (e.end <= start) continue; // within a wait already written
                    records.add(TraceRecord.period(TraceFormat.FLAG_OFF_CPU, -tid, start, e.end - start, e.method,
                            e.stack, 0, 0, new long[] {0}));
                    cursor = e.end;
                } else if (cursor == NO_TIME || e.end > cursor) { // else inside a wait, or at a sample's time
                    long start = e.end - (e.kind == Event.NATIVE_SAMPLE ? nativeEvery : interval);
                    if (cursor != NO_TIME) start = Math.max(start, cursor);
                    long length = e.end - start;
                    records.add(TraceRecord.period(TraceFormat.FLAG_TICK, tid, start, length, e.method, e.stack, 0, 0,
                            new long[] {length}));
                    cursor = e.end;
                }
            }
        }
        // a pause is named by its collection where the recording has it (a pause's own name is "GC Pause")
        Map<Long, String> collectionNames = new HashMap<>();
        for (Pause c : collections) collectionNames.put(c.gcId, c.text);
        List<Pause> gc = pauses.isEmpty() ? collections : pauses;
        for (Pause p : gc) {
            String text = "GC " + p.gcId + ": " + collectionNames.getOrDefault(p.gcId, p.text);
            if (text.length() > 200) text = text.substring(0, 200); // well within a marker's 1,024 bytes
            records.add(TraceRecord.marker(TraceFormat.MARKER_GC_BEGIN, 0, p.start, 0, text));
            records.add(TraceRecord.marker(TraceFormat.MARKER_GC_END, 0, p.end, 0, text));
        }
        // a merged trace is in time order; ties by thread, as the merge puts them
        records.sort(Comparator.comparingLong(TraceRecord::time).thenComparingInt(TraceRecord::tid));

        long runId = first == Long.MAX_VALUE ? 0 : first;
        meta.runId(runId).clock(CLOCK, 1_000_000_000L).interval(interval).counter(0, "task-clock", "ns");
        if (last != Long.MIN_VALUE) meta.end(last);
        String metaText = meta.build().toText();
        try (TraceFileWriter w = TraceFileWriter.create(out, TraceFormat.MERGED_CPU, 1, runId)) {
            w.writeMeta(metaText);
            for (TraceRecord r : records) w.write(r);
            w.commit();
        }
    }
}
