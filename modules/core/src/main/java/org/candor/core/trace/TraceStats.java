package org.candor.core.trace;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A trace's totals per thread and for the run: periods, real time, CPU time ({@code task-clock}), time blocked and
 * descheduled ({@link TraceJudgement}), each counter's sum, IPC where {@code cycles} and {@code instructions} were
 * counted, markers. Made in one pass over the records ({@link #of}, or a {@link Builder} fed records).
 */
public final class TraceStats {

    /** One thread's totals, or the run's ({@link TraceStats#total}, tid -1). */
    public static final class Totals {
        private final int tid;
        private final String name;
        private long periods;
        private long markers;
        private long realTime;
        private long cpuTime;
        private long blockedTime;
        private long descheduledTime;
        private final long[] counters;
        private final int cycles;
        private final int instructions;
        private long first = Long.MAX_VALUE;
        private long last = Long.MIN_VALUE;

        Totals(int tid, String name, int counterCount, int cycles, int instructions) {
            this.tid = tid;
            this.name = name;
            this.counters = new long[counterCount];
            this.cycles = cycles;
            this.instructions = instructions;
        }

        /** The tid; -1 for the run's totals. */
        public int tid() { return tid; }
        /** The thread's last known name; null when the meta names it nowhere. */
        public String name() { return name; }
        public long periods() { return periods; }
        public long markers() { return markers; }
        /** Sum of the periods' durations. */
        public long realTime() { return realTime; }
        /** Sum of {@code task-clock}; 0 without that counter ({@link TraceStats#knowsCpuTime}). */
        public long cpuTime() { return cpuTime; }
        public long blockedTime() { return blockedTime; }
        public long descheduledTime() { return descheduledTime; }
        public long counter(int index) { return counters[index]; }
        public long[] counters() { return counters.clone(); }
        /** Instructions a cycle; NaN without both counters or without cycles. */
        public double ipc() {
            if (cycles < 0 || instructions < 0 || counters[cycles] == 0) return Double.NaN;
            return (double) counters[instructions] / counters[cycles];
        }
        /** The earliest record's time; Long.MAX_VALUE without records. */
        public long firstTime() { return first; }
        /** The latest period's end or marker's time; Long.MIN_VALUE without records. */
        public long lastTime() { return last; }

        void add(TraceRecord r, TraceJudgement judge) {
            first = Math.min(first, r.time());
            last = Math.max(last, r.end());
            if (r.isMarker()) {
                markers++;
                return;
            }
            periods++;
            realTime += r.duration();
            long cpu = judge.cpuTime(r);
            if (cpu > 0) cpuTime += cpu;
            blockedTime += judge.blocked(r);
            descheduledTime += judge.descheduled(r);
            for (int i = 0; i < counters.length; i++) counters[i] += r.counter(i);
        }
    }

    private final List<String> counterNames;
    private final List<Totals> threads;
    private final Totals total;
    private final Long dropped;
    private final List<String> warnings;
    private final boolean knowsCpuTime;
    private final boolean knowsIpc;

    private TraceStats(Builder b, List<String> warnings) {
        this.counterNames = b.counterNames;
        this.threads = Collections.unmodifiableList(new ArrayList<>(b.threads.values()));
        this.total = b.total;
        this.dropped = b.meta.dropped();
        this.warnings = Collections.unmodifiableList(new ArrayList<>(warnings));
        this.knowsCpuTime = b.judge.knowsCpuTime();
        this.knowsIpc = b.cycles >= 0 && b.instructions >= 0;
    }

    /** Reads every record of the source once. */
    public static TraceStats of(TraceSource source) throws IOException {
        Builder b = new Builder(source.meta(), source.counterCount());
        source.forEach(b);
        return b.build(source.warnings());
    }

    /** The threads that have records, by tid. */
    public List<Totals> threads() { return threads; }
    /** The run's totals (tid -1). */
    public Totals total() { return total; }
    /** The counters' names in their order (K of them). */
    public List<String> counterNames() { return counterNames; }
    /** CPU, blocked and descheduled times are known (the periods have {@code task-clock}). */
    public boolean knowsCpuTime() { return knowsCpuTime; }
    /** IPC is known ({@code cycles} and {@code instructions} were counted). */
    public boolean knowsIpc() { return knowsIpc; }
    /** Records lost to a full buffer, as the meta says; null when it does not say. */
    public Long dropped() { return dropped; }
    public List<String> warnings() { return warnings; }

    /** Takes records one by one. */
    public static final class Builder implements Consumer<TraceRecord> {
        private final TraceMeta meta;
        private final int counterCount;
        private final TraceJudgement judge;
        private final int cycles;
        private final int instructions;
        private final List<String> counterNames;
        private final Map<Integer, Totals> threads = new TreeMap<>();
        private final Totals total;

        public Builder(TraceMeta meta, int counterCount) {
            this.meta = meta;
            this.counterCount = counterCount;
            this.judge = new TraceJudgement(meta, counterCount);
            int c = meta.counterIndex("cycles");
            int i = meta.counterIndex("instructions");
            this.cycles = c < counterCount ? c : -1;
            this.instructions = i < counterCount ? i : -1;
            List<String> names = new ArrayList<>();
            for (int k = 0; k < counterCount; k++) {
                TraceMeta.Counter counter = meta.counters().get(k);
                names.add(counter == null ? "counter" + k : counter.event());
            }
            this.counterNames = Collections.unmodifiableList(names);
            this.total = new Totals(-1, null, counterCount, cycles, instructions);
        }

        @Override public void accept(TraceRecord r) {
            if (!r.isPeriod() && !r.isMarker()) return;
            if (r.isPeriod() && r.counterCount() != counterCount) {
                throw new IllegalArgumentException("a period with " + r.counterCount() + " counters in a trace of " + counterCount);
            }
            int tid = r.tid();
            Totals t = threads.get(tid);
            if (t == null) {
                t = new Totals(tid, meta.lastName(tid), counterCount, cycles, instructions);
                threads.put(tid, t);
            }
            t.add(r, judge);
            total.add(r, judge);
        }

        public TraceStats build(List<String> warnings) {
            return new TraceStats(this, warnings);
        }
    }
}
