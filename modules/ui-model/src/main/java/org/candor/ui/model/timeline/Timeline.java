package org.candor.ui.model.timeline;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.candor.core.trace.TraceJudgement;
import org.candor.core.trace.TraceMeta;
import org.candor.core.trace.TracePhases;
import org.candor.core.trace.TraceRecord;
import org.candor.core.trace.TraceSource;

/**
 * A trace as lanes, one a thread (in the order the threads first appear), plus garbage collections as a lane of the
 * VM's own: what the Threads timeline draws. Read once from a {@link TraceSource}; a trace of more than
 * {@link #MAX_PERIODS} periods keeps the first ones and says so ({@link #truncated}).
 */
public final class Timeline {

    /**
     * Periods read at most: some 150 bytes each while the lanes are built (60 after), so the timeline stays within a
     * few hundred megabytes whatever the trace (a thread's 1 ms periods for over half an hour on each of 10 threads).
     */
    public static final int MAX_PERIODS = 2_000_000;

    private final TraceMeta meta;
    private final List<String> counterNames;
    private final List<ThreadLane> lanes;
    private final long start;
    private final long end;
    private final long truncated;

    private Timeline(TraceMeta meta, List<String> counterNames, List<ThreadLane> lanes, long start, long end, long truncated) {
        this.meta = meta;
        this.counterNames = counterNames;
        this.lanes = lanes;
        this.start = start;
        this.end = end;
        this.truncated = truncated;
    }

    public TraceMeta meta() { return meta; }
    public List<String> counterNames() { return counterNames; }
    public List<ThreadLane> lanes() { return lanes; }
    /** The trace's first and last times (its clock, ns). */
    public long start() { return start; }
    public long end() { return end; }
    /** Periods left out past {@link #MAX_PERIODS}; 0 when the timeline is whole. */
    public long truncated() { return truncated; }

    /** Reads the whole trace (off the event thread). */
    public static Timeline load(TraceSource source) throws IOException {
        TraceMeta meta = source.meta();
        TraceJudgement judgement = new TraceJudgement(meta, source.counterCount());
        int k = source.counterCount();
        Map<Integer, LaneBuilder> byTid = new HashMap<>();
        long[] truncated = {0};
        int[] periods = {0};
        source.forEach(r -> {
            if (r.isPeriod()) {
                if (periods[0] >= MAX_PERIODS) {
                    truncated[0]++;
                    return;
                }
                periods[0]++;
            }
            byTid.computeIfAbsent(r.tid(), LaneBuilder::new).add(r, judgement);
        });
        List<LaneBuilder> builders = new ArrayList<>(byTid.values());
        List<ThreadLane> lanes = new ArrayList<>();
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (LaneBuilder b : builders) {
            ThreadLane lane = b.build(meta, judgement, k);
            lanes.add(lane);
            start = Math.min(start, lane.firstTime());
            end = Math.max(end, lane.lastTime());
        }
        // threads in order of appearance; the VM's own markers (tid 0: garbage collections) last
        lanes.sort(Comparator.comparing((ThreadLane l) -> l.tid() == 0).thenComparingLong(ThreadLane::firstTime)
                .thenComparingInt(ThreadLane::tid));
        List<String> names = new ArrayList<>();
        for (int i = 0; i < k; i++) names.add(source.counterName(i));
        if (start == Long.MAX_VALUE) {
            start = 0;
            end = 0;
        }
        return new Timeline(meta, Collections.unmodifiableList(names), Collections.unmodifiableList(lanes), start,
                Math.max(start, end), truncated[0]);
    }

    /** One lane's records as they come (a directory gives them file by file), sorted when built. */
    private static final class LaneBuilder {
        final int tid;
        final List<TraceRecord> periods = new ArrayList<>();
        final List<TraceRecord> markers = new ArrayList<>();
        final List<Byte> states = new ArrayList<>();

        LaneBuilder(int tid) { this.tid = tid; }

        void add(TraceRecord r, TraceJudgement judgement) {
            if (r.isPeriod()) {
                periods.add(r);
                TraceJudgement.State s = judgement.state(r);
                states.add(s == TraceJudgement.State.BLOCKED ? ThreadLane.BLOCKED
                        : s == TraceJudgement.State.DESCHEDULED ? ThreadLane.DESCHEDULED : ThreadLane.RUNNING);
            } else if (r.isMarker()) {
                markers.add(r);
            }
        }

        ThreadLane build(TraceMeta meta, TraceJudgement judgement, int k) {
            Integer[] order = new Integer[periods.size()];
            for (int i = 0; i < order.length; i++) order[i] = i;
            java.util.Arrays.sort(order, Comparator.comparingLong(i -> periods.get(i).start()));
            int n = order.length;
            long[] starts = new long[n];
            long[] ends = new long[n];
            byte[] st = new byte[n];
            int[] methods = new int[n];
            long[] cpu = new long[n];
            long[] counters = new long[n * k];
            long cpuTotal = 0;
            long blocked = 0;
            long descheduled = 0;
            for (int j = 0; j < n; j++) {
                TraceRecord r = periods.get(order[j]);
                cpuTotal += Math.max(0, judgement.cpuTime(r));
                blocked += judgement.blocked(r);
                descheduled += judgement.descheduled(r);
                starts[j] = r.start();
                ends[j] = r.end();
                st[j] = states.get(order[j]);
                methods[j] = r.methodId();
                cpu[j] = judgement.cpuTime(r);
                for (int c = 0; c < k && c < r.counterCount(); c++) counters[j * k + c] = r.counter(c);
            }
            markers.sort(Comparator.comparingLong(TraceRecord::time));
            int m = markers.size();
            long[] times = new long[m];
            byte[] kinds = new byte[m];
            String[] texts = new String[m];
            for (int j = 0; j < m; j++) {
                TraceRecord r = markers.get(j);
                times[j] = r.time();
                kinds[j] = (byte) r.markerKind();
                texts[j] = r.text();
            }
            // a phase still open at the trace's end is drawn to the lane's last time
            long last = n > 0 ? ends[n - 1] : m > 0 ? times[m - 1] : 0;
            List<TracePhases.Phase> phases = TracePhases.pair(markers);
            long[] begins = new long[phases.size()];
            long[] phaseEnds = new long[phases.size()];
            String[] phaseNames = new String[phases.size()];
            for (int j = 0; j < begins.length; j++) {
                TracePhases.Phase p = phases.get(j);
                begins[j] = p.begin();
                phaseEnds[j] = p.open() ? Math.max(p.begin(), last) : p.end();
                phaseNames[j] = p.name();
            }
            String name = tid == 0 ? TracePhases.GC : meta.lastName(tid);
            if (name == null) name = "tid " + tid;
            return new ThreadLane(tid, name, starts, ends, st, methods, cpu, counters, k, times, kinds, texts,
                    begins, phaseEnds, phaseNames, new long[] {cpuTotal, blocked, descheduled});  // by state: RUNNING, BLOCKED, DESCHEDULED
        }
    }
}
