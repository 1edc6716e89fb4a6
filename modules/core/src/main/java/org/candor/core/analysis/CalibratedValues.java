package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.candor.core.model.CallNode;
import org.candor.core.model.Metric;
import org.candor.core.model.Snapshot;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.model.ThreadProfile;
import org.candor.core.snapshot.SnapshotFile;

/**
 * Which times a report or window shows of a calibrated instrumentation snapshot: the calibrated ones (the default)
 * or the raw ones as the probes measured them. Either way the result has the plain instrumentation metrics (calls,
 * total, self), so everything downstream reads one kind of snapshot; {@link #VALUES} in its info says which.
 */
public final class CalibratedValues {

    /** Info key: {@code calibrated} or {@code raw}; absent for snapshots without calibration. */
    public static final String VALUES = "values";

    private CalibratedValues() {}

    /** Metric keys of the raw columns start with this, followed by the calibrated column's key. */
    public static final String RAW_PREFIX = "raw_";

    /** True when some column has a raw twin ({@code total_time} and {@code raw_total_time}, ...). */
    public static boolean isCalibrated(Snapshot s) {
        for (Metric m : s.metrics()) if (rawIndex(s, m) >= 0) return true;
        return false;
    }

    private static int rawIndex(Snapshot s, Metric calibrated) {
        return calibrated.key().startsWith(RAW_PREFIX) ? -1 : s.metricIndex(RAW_PREFIX + calibrated.key());
    }

    private static boolean isRawTwin(Snapshot s, Metric m) {
        return m.key().startsWith(RAW_PREFIX) && s.metricIndex(m.key().substring(RAW_PREFIX.length())) >= 0;
    }

    /** The snapshot with total and self time taken from the raw or the calibrated values; {@code s} itself if uncalibrated. */
    public static Snapshot select(Snapshot s, boolean raw) {
        if (!isCalibrated(s)) return s;
        List<Metric> kept = new ArrayList<>();
        int[] map = columns(s.metrics(), raw, kept);
        Snapshot out = new Snapshot(withValues(s.info(), raw), kept, s.methods());
        for (ThreadProfile t : s.threads()) {
            out.addThread(new ThreadProfile(t.threadId(), t.name(), copy(t.root(), null, map),
                    t.flat() == null ? null : t.flat().withColumns(map)));
        }
        for (Map.Entry<String, Long> e : s.stats().entrySet()) out.putStat(e.getKey(), e.getValue());
        return out;
    }

    /** As {@link #select(Snapshot, boolean)}, for a snapshot read in place: a view of the file with fewer columns. */
    public static SnapshotFile select(SnapshotFile f, boolean raw) {
        Snapshot shape = new Snapshot(f.info(), f.metrics(), f.methods());
        if (!isCalibrated(shape)) return f;
        List<Metric> kept = new ArrayList<>();
        int[] map = columns(f.metrics(), raw, kept);
        return f.withColumns(withValues(f.info(), raw), kept, map);
    }

    /** The kept metrics (calibrated ones without their raw twins) and, for each, the column its values come from. */
    private static int[] columns(List<Metric> metrics, boolean raw, List<Metric> kept) {
        Snapshot s = new Snapshot(new SnapshotInfo(), metrics, new org.candor.core.model.MethodTable());
        List<Integer> source = new ArrayList<>();
        for (int k = 0; k < metrics.size(); k++) {
            Metric m = metrics.get(k);
            if (isRawTwin(s, m)) continue;
            kept.add(m);
            int twin = rawIndex(s, m);
            source.add(raw && twin >= 0 ? twin : k);
        }
        return source.stream().mapToInt(Integer::intValue).toArray();
    }

    private static SnapshotInfo withValues(SnapshotInfo from, boolean raw) {
        SnapshotInfo info = new SnapshotInfo();
        for (Map.Entry<String, String> e : from.asMap().entrySet()) info.put(e.getKey(), e.getValue());
        info.put(VALUES, raw ? "raw" : "calibrated");
        return info;
    }

    private static CallNode copy(CallNode from, CallNode parent, int[] map) {
        List<CallNode> sources = new ArrayList<>();
        List<CallNode> targets = new ArrayList<>();
        CallNode root = node(from, parent, map);
        sources.add(from);
        targets.add(root);
        while (!sources.isEmpty()) {
            CallNode s = sources.remove(sources.size() - 1);
            CallNode t = targets.remove(targets.size() - 1);
            for (CallNode child : s.children()) {
                sources.add(child);
                targets.add(node(child, t, map));
            }
        }
        return root;
    }

    private static CallNode node(CallNode from, CallNode parent, int[] map) {
        CallNode n = new CallNode(parent, from.methodId(), map.length);
        for (int k = 0; k < map.length; k++) n.setValue(k, from.value(map[k]));
        return n;
    }
}
