package org.candor.core.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A trace as Chrome trace-event JSON (the JSON Object Format that ui.perfetto.dev and chrome://tracing load):
 * {@code {"traceEvents":[...],"displayTimeUnit":"ns","otherData":{...}}}, UTF-8, one event a line. Streamed: each
 * record is read once and written as it is read; what is kept is a few numbers a thread, and, for a trace directory,
 * its phase and GC markers (below). Times are the trace's clock (nanoseconds) as microseconds written exactly
 * ({@code ts} 1234.567 is 1,234,567 ns), not moved to start at 0.
 *
 * <p>Two tracks a thread. The format wants the duration events of one thread track to nest, and a thread's periods
 * tile its life while its phases begin and end inside periods: on one track they would overlap, which Perfetto
 * refuses. So a thread's periods are on its own track ({@code tid} the OS thread id) and its markers and phases on a
 * pseudo thread beside it, {@code tid} + {@value #MARKER_TRACK} (Linux thread ids are below 2^22, so such a tid meets
 * no real thread), named {@code NAME (markers)}. Thread 0's (the agent's garbage collections) is {@value #GC_TID},
 * named {@code GC} (not thread 0 itself, the kernel's idle task, which the viewers treat as special).
 *
 * <p>What becomes what; {@code pid} is the run's (the meta's {@code pid}; 1 where it names none):
 * <ul>
 * <li>the run: a {@code process_name} metadata event ({@code "ph":"M"}), {@code "java (pid N)"};
 * <li>each track: a {@code thread_name} metadata event with the meta's last name for the thread ({@code thread N}
 * where the meta names it nowhere), and a {@code thread_sort_index}: threads in the order of their first records'
 * times, each thread's markers track right after it. These come after the other events (order means nothing to the
 * viewers);
 * <li>a period: a complete event ({@code "ph":"X"}) on its thread, {@code ts} its start, {@code dur} its duration;
 * {@code name} the top method's display name ({@code (no Java frame)} for method id 0; {@code off CPU} for a
 * period off every CPU, {@code (running)} for one a context switch ended, which no sample names); {@code cat} what its
 * off-CPU time was by {@link TraceJudgement}: {@code running}, {@code blocked} or {@code descheduled}; {@code args}:
 * {@code cpu}, {@code startCpu} where the thread migrated, each counter's change by the counter's name (a name that
 * would repeat a key gets {@code #index}), and {@code offCpu ns} where the trace has {@code task-clock};
 * <li>a point marker: an instant event ({@code "ph":"i","s":"t"}) on the thread's markers track, named by its text,
 * {@code cat} {@code marker}; a marker of a kind this version does not know likewise, {@code cat} its kind
 * ({@code kind-6});
 * <li>a phase begin and end: {@code "ph":"B"} and {@code "ph":"E"} named by the phase, {@code cat} {@code phase}, on
 * the markers track. Each thread keeps a stack of its open phases: an end closes the innermost open phase of its
 * name, and first any phase begun inside that one still open (an E each, {@code args.closed} saying so), so that B
 * and E nest as the format wants; an end whose phase is not open is an instant {@code end of NAME}; a phase still
 * open at the end of the trace is closed at its thread's last record ({@code args.closed}: {@code no end marker});
 * <li>a garbage collection begin and end: B and E named {@code GC}, {@code cat} {@code gc}, on the GC track, under
 * the same rules (one still open at the end is closed at the trace's last time);
 * <li>the meta: {@code otherData}: run id (a string: it is a u64), pid, clock, interval, CPUs, dropped records, the
 * run's end, the counters, whether the trace was merged, the count of unmatched ends and unclosed phases, and the
 * warnings of the pass.
 * </ul>
 * The stacks need each thread's markers in time order. A merged trace is in time order and is written as read; the
 * per-CPU files of a directory are read one after the other (a thread that moved between CPUs has markers in several),
 * so there the phase and GC markers are kept aside and matched, in time order, at the end of the pass: memory for
 * those markers, not for the periods. Perfetto and chrome://tracing sort the events themselves.
 */
public final class ChromeTraceExporter {

    /** Added to a thread's tid for the pseudo thread of its markers and phases: 2^22, above every Linux tid. */
    public static final int MARKER_TRACK = 1 << 22;
    /** The pseudo thread of garbage collections: thread 0's markers track. */
    public static final int GC_TID = MARKER_TRACK;
    public static final String GC_NAME = TracePhases.GC;
    /** A period's name when its stack could not be walked (method id 0). */
    public static final String NO_JAVA_FRAME = "(no Java frame)";
    /** A period off every CPU (between the kernel's switch out and in). */
    public static final String OFF_CPU = "off CPU";
    /** A period on a CPU that a context switch ended: no sample says what ran. */
    public static final String RUNNING = "(running)";
    /** The pid written where the meta has none (pid 0 is special to the viewers). */
    static final long UNKNOWN_PID = 1;

    /** What an export wrote. */
    public static final class Result {
        private final long events;
        private final int threads;
        private final long unmatchedEnds;
        private final long unclosedPhases;

        Result(long events, int threads, long unmatchedEnds, long unclosedPhases) {
            this.events = events;
            this.threads = threads;
            this.unmatchedEnds = unmatchedEnds;
            this.unclosedPhases = unclosedPhases;
        }

        /** Events in {@code traceEvents}, metadata included. */
        public long events() { return events; }
        /** Tracks written: the threads with periods, and the markers tracks (the GC's among them) of those with markers. */
        public int threads() { return threads; }
        /** Phase or GC ends with no open phase of their name: written as instants. */
        public long unmatchedEnds() { return unmatchedEnds; }
        /** Phases or GCs open at the end of the trace: closed at their thread's last record. */
        public long unclosedPhases() { return unclosedPhases; }
    }

    /** A phase or GC begun and not yet ended. */
    private static final class Open {
        final String name;
        final String cat;

        Open(String name, String cat) {
            this.name = name;
            this.cat = cat;
        }

        boolean is(String n, String c) { return name.equals(n) && cat.equals(c); }
    }

    /** One thread of the trace: the time its records span, which tracks it has, its open phases (innermost last). */
    private static final class Track {
        final int tid;
        final int markerTid;
        boolean periods;
        boolean markers;
        boolean any;
        long first;
        long last;
        final ArrayDeque<Open> open = new ArrayDeque<>();

        Track(int tid) {
            this.tid = tid;
            this.markerTid = MARKER_TRACK + tid;
        }

        /** Times are u64: compared unsigned, as the merge orders them. */
        void saw(long from, long to) {
            if (!any || Long.compareUnsigned(from, first) < 0) first = from;
            if (!any || Long.compareUnsigned(to, last) > 0) last = to;
            any = true;
        }

        boolean isOpen(String name, String cat) {
            for (Open o : open) if (o.is(name, cat)) return true;
            return false;
        }
    }

    private static final String[] STATES = new String[TraceJudgement.State.values().length];
    static {
        for (TraceJudgement.State s : TraceJudgement.State.values()) STATES[s.ordinal()] = s.name().toLowerCase(java.util.Locale.ROOT);
    }

    private final TraceSource source;
    private final TraceMeta meta;
    private final TraceJudgement judge;
    private final JsonOutput json;
    private final long pid;
    private final String[] counterKeys;
    private final Map<Integer, Track> tracks = new HashMap<>();
    private final Map<Integer, String> methodNames = new HashMap<>();
    /** A directory's phase and GC markers, matched at the end in time order. */
    private final List<TraceRecord> deferred = new ArrayList<>();
    private long events;
    private long unmatchedEnds;
    private long unclosedPhases;
    /** The latest time of the trace so far (a period's end, a marker's time). */
    private final Track whole = new Track(0);

    private ChromeTraceExporter(TraceSource source, OutputStream out) {
        this.source = source;
        this.meta = source.meta();
        this.judge = new TraceJudgement(meta, source.counterCount());
        this.json = new JsonOutput(out);
        this.pid = meta.pid() == null ? UNKNOWN_PID : meta.pid();
        Set<String> used = new HashSet<>(List.of("cpu", "startCpu", "offCpu ns"));
        counterKeys = new String[source.counterCount()];
        for (int i = 0; i < counterKeys.length; i++) {
            String name = source.counterName(i);
            counterKeys[i] = used.add(name) ? name : name + "#" + i;
            used.add(counterKeys[i]);
        }
    }

    /**
     * Writes the trace as Chrome trace-event JSON to {@code out} (flushed, not closed), reading each record once.
     *
     * @throws IOException reading the trace or writing the JSON; what was written by then is not valid JSON
     */
    public static Result export(TraceSource source, OutputStream out) throws IOException {
        return new ChromeTraceExporter(source, out).run();
    }

    private Result run() throws IOException {
        json.raw("{\"traceEvents\":[");
        metadata("process_name", (int) pid, "name", meta.pid() == null ? "java" : "java (pid " + meta.pid() + ")", 0);
        boolean merged = source.isMerged();
        source.visit(r -> {
            if (r.isPeriod()) {
                period(r);
            } else if (r.isMarker()) {
                int kind = r.markerKind();
                boolean gc = kind == TraceFormat.MARKER_GC_BEGIN || kind == TraceFormat.MARKER_GC_END;
                Track t = track(gc ? 0 : r.tid());
                t.markers = true;
                t.saw(r.time(), r.time());
                seen(r.time(), r.time());
                if (gc || kind == TraceFormat.MARKER_PHASE_BEGIN || kind == TraceFormat.MARKER_PHASE_END) {
                    if (merged) phase(r, t);
                    else deferred.add(r);
                } else {
                    event(markerName(r.text(), "(marker)"), kind == TraceFormat.MARKER_POINT ? "marker"
                            : TraceFormat.markerKind(kind), 'i', t.markerTid);
                    json.raw(",\"s\":\"t\",\"ts\":").micros(r.time()).raw(",\"args\":{\"cpu\":").number(r.cpu()).raw("}}");
                }
            }
            return true;
        });
        deferred.sort((a, b) -> Long.compareUnsigned(a.time(), b.time())); // stable: same-time markers keep their order
        for (TraceRecord r : deferred) phase(r, track(isGc(r) ? 0 : r.tid()));
        deferred.clear();

        List<Track> ordered = new ArrayList<>(tracks.values());
        ordered.sort(Comparator.<Track, Long>comparing(t -> t.first, Long::compareUnsigned).thenComparingInt(t -> t.tid));
        for (Track t : ordered) closeOpen(t);
        int index = 0;
        for (Track t : ordered) {
            String name = meta.lastName(t.tid);
            if (name == null) name = "thread " + t.tid;
            if (t.periods) {
                metadata("thread_name", t.tid, "name", name, 0);
                metadata("thread_sort_index", t.tid, "sort_index", null, ++index);
            }
            if (t.markers) {
                metadata("thread_name", t.markerTid, "name", t.tid == 0 ? GC_NAME : name + " (markers)", 0);
                metadata("thread_sort_index", t.markerTid, "sort_index", null, ++index);
            }
        }
        json.raw("\n],\"displayTimeUnit\":\"ns\",\"otherData\":");
        otherData(merged);
        json.raw("}\n");
        json.flush();
        return new Result(events, index, unmatchedEnds, unclosedPhases);
    }

    private static boolean isGc(TraceRecord r) {
        return r.markerKind() == TraceFormat.MARKER_GC_BEGIN || r.markerKind() == TraceFormat.MARKER_GC_END;
    }

    private void period(TraceRecord r) throws IOException {
        Track t = track(r.tid());
        t.periods = true;
        t.saw(r.start(), r.end());
        seen(r.start(), r.end());
        String name = r.isOffCpu() ? OFF_CPU : r.methodId() == 0 && r.isSwitch() ? RUNNING : methodName(r.methodId());
        event(name, STATES[judge.state(r).ordinal()], 'X', t.tid);
        json.raw(",\"ts\":").micros(r.start()).raw(",\"dur\":").micros(r.duration());
        json.raw(",\"args\":{\"cpu\":").number(r.cpu());
        if (r.startCpu() != r.cpu()) json.raw(",\"startCpu\":").number(r.startCpu());
        for (int i = 0; i < counterKeys.length; i++) json.raw(',').string(counterKeys[i]).raw(':').unsigned(r.counter(i));
        if (judge.knowsCpuTime()) json.raw(",\"offCpu ns\":").number(judge.offCpu(r));
        json.raw("}}");
    }

    /** A phase's or GC's begin or end, in its thread's time order. */
    private void phase(TraceRecord r, Track t) throws IOException {
        boolean gc = isGc(r);
        String name = gc ? GC_NAME : markerName(r.text(), "(phase)");
        String cat = gc ? "gc" : "phase";
        int kind = r.markerKind();
        if (kind == TraceFormat.MARKER_PHASE_BEGIN || kind == TraceFormat.MARKER_GC_BEGIN) {
            event(name, cat, 'B', t.markerTid);
            json.raw(",\"ts\":").micros(r.time()).raw(",\"args\":{\"cpu\":").number(r.cpu());
            if (gc && !r.text().isEmpty()) json.raw(",\"text\":").string(r.text());
            json.raw("}}");
            t.open.addLast(new Open(name, cat));
            return;
        }
        if (!t.isOpen(name, cat)) {
            unmatchedEnds++;
            event("end of " + name, cat, 'i', t.markerTid);
            json.raw(",\"s\":\"t\",\"ts\":").micros(r.time()).raw(",\"args\":{\"cpu\":").number(r.cpu()).raw("}}");
            return;
        }
        while (true) {
            Open inner = t.open.removeLast();
            event(inner.name, inner.cat, 'E', t.markerTid);
            json.raw(",\"ts\":").micros(r.time()).raw(",\"args\":{\"cpu\":").number(r.cpu());
            if (inner.is(name, cat)) {
                json.raw("}}");
                return;
            }
            json.raw(",\"closed\":").string("by the end of " + name).raw("}}");
        }
    }

    /** Closes what is still open on the track, innermost first: at its last record, or for GCs the trace's last time. */
    private void closeOpen(Track t) throws IOException {
        long at = t.tid == 0 ? whole.last : t.last;
        while (!t.open.isEmpty()) {
            Open o = t.open.removeLast();
            unclosedPhases++;
            event(o.name, o.cat, 'E', t.markerTid);
            json.raw(",\"ts\":").micros(at).raw(",\"args\":{\"closed\":\"no end marker\"}}");
        }
    }

    /** Starts an event: {@code {"name":..,"cat":..,"ph":..,"pid":..,"tid":..}; the caller writes the rest and the brace. */
    private void event(String name, String cat, char ph, int tid) throws IOException {
        json.raw(events++ == 0 ? "\n" : ",\n").raw("{\"name\":").string(name).raw(",\"cat\":").string(cat)
                .raw(",\"ph\":\"").raw(ph).raw("\",\"pid\":").number(pid).raw(",\"tid\":").number(tid);
    }

    /** A metadata event ({@code "ph":"M"}, no time) with one argument, a string or a number. */
    private void metadata(String name, int tid, String key, String text, long number) throws IOException {
        json.raw(events++ == 0 ? "\n" : ",\n").raw("{\"name\":").string(name).raw(",\"ph\":\"M\",\"pid\":").number(pid)
                .raw(",\"tid\":").number(tid).raw(",\"args\":{").string(key).raw(':');
        if (text != null) json.string(text);
        else json.number(number);
        json.raw("}}");
    }

    private void otherData(boolean merged) throws IOException {
        json.raw("{\"generator\":\"Candor\"");
        if (meta.runId() != null) json.raw(",\"runId\":").string(Long.toUnsignedString(meta.runId()));
        json.raw(",\"pid\":").number(pid);
        if (meta.clock() != null) json.raw(",\"clock\":").string(meta.clock());
        if (meta.interval() != null) json.raw(",\"intervalNs\":").number(meta.interval());
        if (meta.cpus() != null) json.raw(",\"cpus\":").number(meta.cpus());
        if (meta.dropped() != null) json.raw(",\"dropped\":").number(meta.dropped());
        if (meta.end() != null) json.raw(",\"end\":").number(meta.end());
        json.raw(",\"counters\":[");
        for (int i = 0; i < counterKeys.length; i++) {
            TraceMeta.Counter c = meta.counters().get(i);
            json.raw(i == 0 ? "" : ",").raw("{\"index\":").number(i).raw(",\"event\":").string(source.counterName(i))
                    .raw(",\"unit\":").string(c == null ? "" : c.unit()).raw('}');
        }
        json.raw("],\"merged\":").raw(merged ? "true" : "false");
        json.raw(",\"unmatchedEnds\":").number(unmatchedEnds).raw(",\"unclosedPhases\":").number(unclosedPhases);
        json.raw(",\"warnings\":[");
        List<String> warnings = source.warnings();
        for (int i = 0; i < warnings.size(); i++) json.raw(i == 0 ? "" : ",").string(warnings.get(i));
        json.raw("]}");
    }

    private Track track(int tid) {
        Track t = tracks.get(tid);
        if (t == null) {
            t = new Track(tid);
            tracks.put(tid, t);
        }
        return t;
    }

    private void seen(long from, long to) {
        whole.saw(from, to);
    }

    private String methodName(int id) {
        if (id == 0) return NO_JAVA_FRAME;
        String name = methodNames.get(id);
        if (name == null) {
            name = meta.display(id);
            methodNames.put(id, name);
        }
        return name;
    }

    private static String markerName(String text, String ifEmpty) {
        return text.isEmpty() ? ifEmpty : text;
    }
}
