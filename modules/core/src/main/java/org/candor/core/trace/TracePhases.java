package org.candor.core.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The phases of a trace, paired from its markers: a thread's begin and end markers of one name (Candor.begin/end), and
 * the VM's garbage collections (thread 0, named {@link #GC}). A begin while that thread's phase of the name is open is
 * ignored; an end without an open begin is left out; a phase still open at the end stays open. One rule for the cut by
 * phase and the timeline's bands.
 */
public final class TracePhases {

    /** The name a garbage collection's phase gets. */
    public static final String GC = "GC";

    /** A thread's phase from {@code begin} to {@code end}; {@code end} is {@link Long#MAX_VALUE} while it is open. */
    public static final class Phase {
        private final int tid;
        private final String name;
        private final long begin;
        private final long end;
        private final boolean collection;

        Phase(int tid, String name, long begin, long end, boolean collection) {
            this.tid = tid;
            this.name = name;
            this.begin = begin;
            this.end = end;
            this.collection = collection;
        }

        public int tid() { return tid; }
        public String name() { return name; }
        public long begin() { return begin; }
        public long end() { return end; }
        /** A garbage collection (thread 0, named {@link #GC}), not a phase the program marked. */
        public boolean collection() { return collection; }
        public boolean open() { return end == Long.MAX_VALUE; }
    }

    private TracePhases() {}

    /** Whether a marker begins or ends a phase (or a collection). */
    public static boolean isPhaseMarker(TraceRecord r) {
        if (!r.isMarker()) return false;
        int kind = r.markerKind();
        return kind == TraceFormat.MARKER_PHASE_BEGIN || kind == TraceFormat.MARKER_PHASE_END
                || kind == TraceFormat.MARKER_GC_BEGIN || kind == TraceFormat.MARKER_GC_END;
    }

    /**
     * The phases the markers make, in the order they end (open ones last). The markers may come in any order (a
     * directory gives them file by file): they are put in time order first.
     */
    public static List<Phase> pair(List<TraceRecord> markers) {
        List<TraceRecord> sorted = new ArrayList<>();
        for (TraceRecord r : markers) if (isPhaseMarker(r)) sorted.add(r);
        sorted.sort(Comparator.comparingLong(TraceRecord::time));
        List<Phase> phases = new ArrayList<>();
        Map<String, TraceRecord> open = new LinkedHashMap<>();
        for (TraceRecord r : sorted) {
            int kind = r.markerKind();
            boolean collection = kind == TraceFormat.MARKER_GC_BEGIN || kind == TraceFormat.MARKER_GC_END;
            String name = collection ? GC : r.text();
            String key = r.tid() + "\t" + (collection ? "gc" : "phase") + "\t" + name;
            if (kind == TraceFormat.MARKER_PHASE_BEGIN || kind == TraceFormat.MARKER_GC_BEGIN) {
                open.putIfAbsent(key, r);
            } else {
                TraceRecord begin = open.remove(key);
                if (begin != null) phases.add(new Phase(r.tid(), name, begin.time(), r.time(), collection));
            }
        }
        for (TraceRecord begin : open.values()) {
            boolean collection = begin.markerKind() == TraceFormat.MARKER_GC_BEGIN;
            phases.add(new Phase(begin.tid(), collection ? GC : begin.text(), begin.time(), Long.MAX_VALUE, collection));
        }
        return phases;
    }

    /** Each thread's intervals of the phase named {@code name} (collections are not phases of a name). */
    public static Map<Integer, List<long[]>> intervals(List<Phase> phases, String name) {
        Map<Integer, List<long[]>> out = new HashMap<>();
        for (Phase p : phases) {
            if (!p.collection() && p.name().equals(name)) {
                out.computeIfAbsent(p.tid(), t -> new ArrayList<>()).add(new long[] {p.begin(), p.end()});
            }
        }
        return out;
    }
}
