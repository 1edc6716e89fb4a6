package org.candor.core.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.candor.core.model.JvmNames;

/**
 * A trace's meta (docs/formats/trace.md, section 3): the run, the clock, the counters' names, the threads' names
 * over time and the methods' names. Immutable; made by {@link #parse} from the meta file's text or by a
 * {@link Builder}, written back by {@link #toText}. Numbers absent from the text are null.
 */
public final class TraceMeta {

    /** The meta file in a trace directory. */
    public static final String FILE_NAME = "meta";
    /** The pseudo class of methods that are [vm] code. */
    public static final String VM_CLASS = JvmNames.VM_CLASS;

    /** A counter of the periods: its place in a period's counters, the perf event, its unit. */
    public static final class Counter {
        private final int index;
        private final String event;
        private final String unit;

        public Counter(int index, String event, String unit) {
            this.index = index;
            this.event = event;
            this.unit = unit;
        }

        public int index() { return index; }
        public String event() { return event; }
        public String unit() { return unit; }

        @Override public boolean equals(Object o) {
            return o instanceof Counter && ((Counter) o).index == index && ((Counter) o).event.equals(event)
                    && ((Counter) o).unit.equals(unit);
        }
        @Override public int hashCode() { return index * 31 + event.hashCode(); }
        @Override public String toString() { return index + ":" + event + "(" + unit + ")"; }
    }

    /** A thread's name from {@link #time} on (a rename is another entry). */
    public static final class ThreadName {
        private final long time;
        private final long javaId;
        private final String name;

        public ThreadName(long time, long javaId, String name) {
            this.time = time;
            this.javaId = javaId;
            this.name = name;
        }

        public long time() { return time; }
        public long javaId() { return javaId; }
        public String name() { return name; }

        @Override public boolean equals(Object o) {
            return o instanceof ThreadName && ((ThreadName) o).time == time && ((ThreadName) o).javaId == javaId
                    && ((ThreadName) o).name.equals(name);
        }
        @Override public int hashCode() { return Long.hashCode(time) * 31 + name.hashCode(); }
        @Override public String toString() { return time + ":" + javaId + ":" + name; }
    }

    /** A method as the JVM names it: {@code Lcom/acme/Foo;}, {@code run}, {@code ()V}; [vm] code has class [vm]. */
    public static final class Method {
        private final String className;
        private final String name;
        private final String descriptor;

        public Method(String className, String name, String descriptor) {
            this.className = className;
            this.name = name;
            this.descriptor = descriptor;
        }

        public String className() { return className; }
        public String name() { return name; }
        public String descriptor() { return descriptor; }

        /** {@code com.acme.Foo.run()V}; a [vm] pseudo method {@code [vm].Name}. */
        public String display() {
            if (className.equals(VM_CLASS)) return VM_CLASS + "." + name;
            return JvmNames.className(className) + "." + name + descriptor;
        }

        @Override public boolean equals(Object o) {
            return o instanceof Method && ((Method) o).className.equals(className) && ((Method) o).name.equals(name)
                    && ((Method) o).descriptor.equals(descriptor);
        }
        @Override public int hashCode() { return (className.hashCode() * 31 + name.hashCode()) * 31 + descriptor.hashCode(); }
        @Override public String toString() { return display(); }
    }

    private static final Comparator<Integer> UNSIGNED = Integer::compareUnsigned;

    private final int minor;
    private final Long runId;
    private final Long pid;
    private final String clock;
    private final Long clockTicksPerSecond;
    private final Long interval;
    private final String event;
    private final Boolean countsKernel;
    private final Long cpus;
    private final Map<Integer, Counter> counters;
    private final Map<Integer, List<ThreadName>> threads;
    private final Map<Integer, Method> methods;
    private final TraceStacks stacks;
    private final String switches;
    private final String switchesUnwatchedReason;
    private final long[] unswitched;
    private final Long dropped;
    private final Long end;
    private final List<String> otherLines;

    private TraceMeta(Builder b) {
        minor = b.minor;
        runId = b.runId;
        pid = b.pid;
        clock = b.clock;
        clockTicksPerSecond = b.clockTicksPerSecond;
        interval = b.interval;
        event = b.event;
        countsKernel = b.countsKernel;
        cpus = b.cpus;
        counters = Collections.unmodifiableMap(new TreeMap<>(b.counters));
        TreeMap<Integer, List<ThreadName>> t = new TreeMap<>();
        for (Map.Entry<Integer, List<ThreadName>> e : b.threads.entrySet()) {
            List<ThreadName> names = new ArrayList<>(e.getValue());
            names.sort(Comparator.comparingLong(ThreadName::time)); // stable: same-time renames keep their order
            t.put(e.getKey(), Collections.unmodifiableList(names));
        }
        threads = Collections.unmodifiableMap(t);
        TreeMap<Integer, Method> m = new TreeMap<>(UNSIGNED);
        m.putAll(b.methods);
        methods = Collections.unmodifiableMap(m);
        stacks = b.stacks;
        switches = b.switches;
        switchesUnwatchedReason = b.switchesReason;
        unswitched = b.unswitched;
        dropped = b.dropped;
        end = b.end;
        otherLines = Collections.unmodifiableList(new ArrayList<>(b.otherLines));
    }

    /**
     * Whether the periods end at the kernel's context switches (format 1.1): {@code kernel} when the agent could
     * watch them, {@code none} when the kernel refused (see {@link #switchesText()}); null in a trace that does not
     * say (1.0: periods end at ticks only).
     */
    public String switches() { return switches; }

    /** Threads whose switches could not be watched and stretches whose switches the kernel lost; null when none said. */
    public long[] unswitched() { return unswitched == null ? null : unswitched.clone(); }

    /** One line on how the periods were cut, for the stats and the app alike. */
    public String switchesText() {
        if (switches == null) return "periods end at sampling ticks (the trace does not record context switches)";
        if (!"kernel".equals(switches)) {
            return "periods end at sampling ticks: the kernel would not report context switches"
                    + (switchesUnwatchedReason == null ? "" : " (" + switchesUnwatchedReason + ")");
        }
        String s = "periods end at sampling ticks and at the kernel's context switches";
        if (unswitched != null && (unswitched[0] != 0 || unswitched[1] != 0)) {
            s += "; at ticks only for " + unswitched[0] + " thread(s) the kernel would not let us watch and "
                    + unswitched[1] + " stretch(es) whose switches it lost";
        }
        return s;
    }

    /** The minor version of the meta's first line. */
    public int minor() { return minor; }
    public Long runId() { return runId; }
    public Long pid() { return pid; }
    /** The clock's name ({@code monotonic}). */
    public String clock() { return clock; }
    public Long clockTicksPerSecond() { return clockTicksPerSecond; }
    /** The sampling interval asked for, in ns. */
    public Long interval() { return interval; }
    /** What the ticks that end periods count: {@code cpu} or {@code wall}; null when the meta does not say. */
    public String event() { return event; }
    /** cpu ticks: whether they count the threads' kernel time too; null when the meta does not say. */
    public Boolean countsKernel() { return countsKernel; }
    /** CPUs configured. */
    public Long cpus() { return cpus; }
    /** The counters by index. */
    public Map<Integer, Counter> counters() { return counters; }
    /** The index of the counter of this event, -1 when there is none. */
    public int counterIndex(String event) {
        for (Counter c : counters.values()) if (c.event().equals(event)) return c.index();
        return -1;
    }
    /** Each thread's names by time, by tid. */
    public Map<Integer, List<ThreadName>> threads() { return threads; }
    /** The methods by id (ordered as unsigned numbers). */
    public Map<Integer, Method> methods() { return methods; }
    /** The stacks of the samples that ended periods (the meta's stack lines). */
    public TraceStacks stacks() { return stacks; }
    /** Records the agent lost to a full buffer (the last {@code dropped} line); null when none was written. */
    public Long dropped() { return dropped; }
    /** The run's end; null when the run was killed (or is still running). */
    public Long end() { return end; }
    /** Lines of kinds this version does not know, kept as they were so that a merge passes them on. */
    public List<String> otherLines() { return otherLines; }

    /**
     * The thread's name at {@code time}: that of its last entry at or before the time; before its first entry, the
     * first (the name was learned after the thread's first records); null for a thread without entries.
     */
    public String nameAt(int tid, long time) {
        List<ThreadName> names = threads.get(tid);
        if (names == null) return null;
        int lo = 0, hi = names.size() - 1, found = 0;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (names.get(mid).time() <= time) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return names.get(found).name();
    }

    /** The thread's last known name; null for a thread without entries. */
    public String lastName(int tid) {
        List<ThreadName> names = threads.get(tid);
        return names == null ? null : names.get(names.size() - 1).name();
    }

    /** The method's name as people read it; {@code -} for 0 (no stack), {@code #id} for an id the meta lacks. */
    public String display(int methodId) {
        Method m = methods.get(methodId);
        if (m != null) return m.display();
        return methodId == 0 ? "-" : "#" + Integer.toUnsignedString(methodId);
    }

    // ---- text ----

    /**
     * The meta as text in the format it was read from: the lines this version knows, grouped (threads in time
     * order, the last {@code dropped}), then the lines of unknown kinds as they were. {@code parse(toText())} gives
     * an equal meta.
     */
    public String toText() {
        StringBuilder s = new StringBuilder(256 + 64 * methods.size());
        line(s, "candor-trace", Integer.toString(TraceFormat.MAJOR), Integer.toString(minor));
        if (runId != null) line(s, "run", Long.toUnsignedString(runId));
        if (pid != null) line(s, "pid", Long.toString(pid));
        if (clock != null) line(s, "clock", clock, clockTicksPerSecond == null ? "" : Long.toString(clockTicksPerSecond));
        if (interval != null) line(s, "interval", Long.toString(interval));
        if (event != null) line(s, "event", event);
        if (countsKernel != null) line(s, "kernel", countsKernel ? "1" : "0");
        if (cpus != null) line(s, "cpus", Long.toString(cpus));
        for (Counter c : counters.values()) line(s, "counter", Integer.toString(c.index()), c.event(), c.unit());
        for (Map.Entry<Integer, List<ThreadName>> e : threads.entrySet()) {
            for (ThreadName n : e.getValue()) {
                line(s, "thread", Integer.toString(e.getKey()), Long.toString(n.time()), Long.toString(n.javaId()), n.name());
            }
        }
        for (Map.Entry<Integer, Method> e : methods.entrySet()) {
            Method m = e.getValue();
            line(s, "method", Integer.toUnsignedString(e.getKey()), m.className(), m.name(), m.descriptor());
        }
        stacks.appendText(s);
        if (switches != null) {
            if (switchesUnwatchedReason != null) line(s, "switches", switches, switchesUnwatchedReason);
            else line(s, "switches", switches);
        }
        if (unswitched != null) line(s, "unswitched", Long.toString(unswitched[0]), Long.toString(unswitched[1]));
        for (String other : otherLines) s.append(other).append('\n');
        if (dropped != null) line(s, "dropped", Long.toString(dropped));
        if (end != null) line(s, "end", Long.toString(end));
        return s.toString();
    }

    private static void line(StringBuilder s, String kind, String... fields) {
        s.append(kind);
        for (String f : fields) s.append('\t').append(TraceText.escape(f));
        s.append('\n');
    }

    /** Reads a meta file (at most 256 MiB: it is read whole). */
    public static TraceMeta read(Path file) throws IOException {
        long size = Files.size(file);
        if (size > TraceFormat.MAX_META) {
            throw new TraceFormatException(file.toString(), "a meta file of " + size + " bytes is too large (at most 256 MiB)");
        }
        return parse(file.toString(), new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    /**
     * Parses meta text. Lines of unknown kinds are kept aside; a last line without its newline is ignored (a run
     * killed while writing it); the first line must be {@code candor-trace 1 <minor>}.
     *
     * @param source the file's name, for messages
     */
    public static TraceMeta parse(String source, String text) throws TraceFormatException {
        Builder b = new Builder();
        int lineNo = 0;
        int from = 0;
        while (true) {
            int nl = text.indexOf('\n', from);
            if (nl < 0) break; // the rest, if any, is a line cut short
            lineNo++;
            String line = text.substring(from, nl);
            from = nl + 1;
            String[] f = line.split("\t", -1);
            if (lineNo == 1) {
                if (f.length < 3 || !f[0].equals("candor-trace") || !f[1].equals("1") || !f[2].matches("[0-9]{1,9}")) {
                    String problem = f[0].equals("candor-trace") && f.length >= 2 && !f[1].equals("1")
                            ? "meta of trace format " + TraceText.printable(f[1]) + " (this Candor reads 1)"
                            : "not a Candor trace meta (its first line is not 'candor-trace<TAB>1<TAB>minor')";
                    throw new TraceFormatException(source, problem);
                }
                b.minor = Integer.parseInt(f[2]);
                continue;
            }
            for (int i = 1; i < f.length; i++) f[i] = TraceText.unescape(f[i]);
            new LineParser(source, lineNo, f).into(b, line);
        }
        if (lineNo == 0) {
            throw new TraceFormatException(source, text.isEmpty() ? "an empty meta file (not a trace's meta?)"
                    : "not a Candor trace meta (no complete first line)");
        }
        return b.build();
    }

    /** One line's fields checked and stored; a known kind with too few or malformed fields is refused. */
    private static final class LineParser {
        private final String source;
        private final int lineNo;
        private final String[] f;

        LineParser(String source, int lineNo, String[] f) {
            this.source = source;
            this.lineNo = lineNo;
            this.f = f;
        }

        void into(Builder b, String line) throws TraceFormatException {
            switch (f[0]) {
                case "run": need(1, "a run id"); b.runId = unsigned(1); break;
                case "pid": need(1, "a pid"); b.pid = number(1); break;
                case "clock":
                    need(2, "a clock and ticks a second");
                    b.clock = f[1];
                    b.clockTicksPerSecond = number(2);
                    break;
                case "interval": need(1, "an interval in ns"); b.interval = number(1); break;
                case "cpus": need(1, "a number of CPUs"); b.cpus = number(1); break;
                case "event": need(1, "an event"); b.event = f[1]; break;
                case "kernel": need(1, "0 or 1"); b.countsKernel = number(1) != 0; break;
                case "counter": {
                    need(3, "an index, an event and a unit");
                    long index = number(1);
                    if (index < 0 || index >= TraceFormat.MAX_COUNTERS) throw bad("counter index " + index + " (0..15)");
                    b.counter((int) index, f[2], f[3]);
                    break;
                }
                case "thread":
                    need(4, "a tid, a time, a Java id and a name");
                    b.thread((int) intRange(1), number(2), number(3), f[4]);
                    break;
                case "method": {
                    need(4, "an id, a class, a name and a descriptor");
                    long id = unsigned(1);
                    if (id >>> 32 != 0) throw bad("method id " + Long.toUnsignedString(id) + " is larger than a u32");
                    b.method((int) id, f[2], f[3], f[4]);
                    break;
                }
                case "stack": {
                    need(3, "an id, its caller's stack and a method");
                    long id = number(1);
                    long parent = number(2);
                    long method = unsigned(3);
                    if (method >>> 32 != 0 || id > Integer.MAX_VALUE || parent > Integer.MAX_VALUE
                            || !b.stacks.define((int) id, (int) parent, (int) method)) {
                        throw bad("stack " + id + " (caller " + parent + ") is out of range (1.." + TraceStacks.MAX_STACKS + ")");
                    }
                    break;
                }
                case "switches": need(1, "kernel or none"); b.switches = f[1]; b.switchesReason = f.length > 2 ? f[2] : null; break;
                case "unswitched": need(2, "two counts"); b.unswitched = new long[] {number(1), number(2)}; break;
                case "dropped": need(1, "a number of records"); b.dropped = number(1); break;
                case "end": need(1, "a time"); b.end = number(1); break;
                default: b.otherLines.add(line); // a kind of a later minor version
            }
        }

        private void need(int fields, String what) throws TraceFormatException {
            if (f.length - 1 < fields) throw bad("'" + f[0] + "' needs " + what);
        }

        private long number(int i) throws TraceFormatException {
            try {
                return Long.parseLong(f[i]);
            } catch (NumberFormatException e) {
                throw bad("'" + f[0] + "' has '" + TraceText.printable(f[i]) + "' where a number belongs");
            }
        }

        private long unsigned(int i) throws TraceFormatException {
            try {
                return Long.parseUnsignedLong(f[i]);
            } catch (NumberFormatException e) {
                throw bad("'" + f[0] + "' has '" + TraceText.printable(f[i]) + "' where a number belongs");
            }
        }

        private long intRange(int i) throws TraceFormatException {
            long v = number(i);
            if (v < 0 || v > Integer.MAX_VALUE) throw bad("'" + f[0] + "' has tid " + v + " (0.." + Integer.MAX_VALUE + ")");
            return v;
        }

        private TraceFormatException bad(String what) {
            return new TraceFormatException(source, "line " + lineNo + ": " + what);
        }
    }

    /** Makes a meta piece by piece: for tests and for writers of traces other than the agent. */
    public static final class Builder {
        private int minor = TraceFormat.MINOR;
        private Long runId;
        private Long pid;
        private String clock;
        private Long clockTicksPerSecond;
        private Long interval;
        private String event;
        private Boolean countsKernel;
        private Long cpus;
        private final Map<Integer, Counter> counters = new TreeMap<>();
        private final Map<Integer, List<ThreadName>> threads = new TreeMap<>();
        private final Map<Integer, Method> methods = new TreeMap<>(UNSIGNED);
        private final TraceStacks stacks = new TraceStacks();
        private String switches;
        private String switchesReason;
        private long[] unswitched;
        private Long dropped;
        private Long end;
        private final List<String> otherLines = new ArrayList<>();

        public Builder runId(long id) { runId = id; return this; }
        public Builder pid(long p) { pid = p; return this; }
        public Builder clock(String name, long ticksPerSecond) { clock = name; clockTicksPerSecond = ticksPerSecond; return this; }
        public Builder interval(long ns) { interval = ns; return this; }
        public Builder cpus(long n) { cpus = n; return this; }
        public Builder event(String e, boolean kernel) { event = e; countsKernel = kernel; return this; }
        public Builder counter(int index, String event, String unit) { counters.put(index, new Counter(index, event, unit)); return this; }
        public Builder thread(int tid, long time, long javaId, String name) {
            threads.computeIfAbsent(tid, k -> new ArrayList<>()).add(new ThreadName(time, javaId, name));
            return this;
        }
        public Builder method(int id, String className, String name, String descriptor) {
            methods.put(id, new Method(className, name, descriptor));
            return this;
        }
        /** Stack {@code id}: its caller's stack and its innermost method. */
        public Builder stack(int id, int parent, int method) {
            if (!stacks.define(id, parent, method)) throw new IllegalArgumentException("stack id " + id + " or caller " + parent);
            return this;
        }
        public Builder dropped(long records) { dropped = records; return this; }
        /** {@code kernel}: the periods end at context switches too. */
        public Builder switches(String how) { switches = how; return this; }
        public Builder end(long time) { end = time; return this; }

        /** The four counters of format 1.0, in their order. */
        public Builder standardCounters() {
            return counter(0, "task-clock", "ns").counter(1, "page-faults", "count")
                    .counter(2, "voluntary-switches", "count").counter(3, "involuntary-switches", "count");
        }

        public TraceMeta build() { return new TraceMeta(this); }
    }

    @Override public boolean equals(Object o) {
        return o instanceof TraceMeta && ((TraceMeta) o).toText().equals(toText());
    }

    @Override public int hashCode() { return toText().hashCode(); }

    @Override public String toString() { return toText(); }
}
