package org.candor.core.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.candor.core.model.Metric;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;
import org.candor.core.model.SnapshotInfo;
import org.candor.core.snapshot.SnapshotFile;

/**
 * What the probes did to the program: an instrumented profile against a sampled profile of the same program run
 * without probes (the truth, within its sampling error), method by method.
 *
 * <p><b>Basis.</b> Each method's share is its self time as a part of all self time both profiles can see, all threads
 * summed. The instrumented side: its calibrated self time over the sum of every method's. The sampled side is first
 * put the way an instrumenting profiler counts: each sample goes to the deepest frame of its stack whose method the
 * instrumented run has (JDK code and excluded classes run there without probes, their time in their caller's self
 * time); samples without such a frame (threads that never entered instrumented code) are left out of the shares and
 * reported apart. Methods match by class, name and descriptor ({@link SnapshotComparison#key}); a sampled method
 * without a descriptor (collapsed stacks) by class and name.
 *
 * <p><b>Probable cause</b>, per method, from what the instrumented snapshot knows (d: instrumented share minus sampled
 * share; the probe effect estimate E of a method, and ΣE of all, is {@link ProbeEffect}'s, from the trivial methods):
 * <ol>
 * <li>|d| below three standard errors of the sampled share (a binomial share of the samples), or below
 *     {@link #MIN_POINTS} percentage points: {@link Cause#WITHIN_ERROR}.
 * <li>Grown (d &gt; 0), with an estimate: take it out of every method ((self − E) over (all − ΣE)); when that brings
 *     the method's share at least halfway to the sampled share, the probe effect explains the difference: a method
 *     whose self time a call is at most {@link #SHORT_CALLS} times the effect a call is {@link
 *     Cause#PROBE_EFFECT_SHORT}, another {@link Cause#PROBE_EFFECT}.
 * <li>Grown, unexplained: a method that called instrumented methods at least {@link #CALLEE_CALLS} times as often
 *     as it was called ({@link #MIN_CALLEE_CALLS} at least) is {@link Cause#LOST_INLINING} (the probes in its
 *     callees keep the JIT from inlining them into it and optimising across them); another {@link
 *     Cause#CHANGED_COMPILATION}.
 * <li>Shrunk (d &lt; 0): a share falls when other methods grow, so its share among the methods that did not grow is
 *     compared in each profile; when that is at least halfway back to the sampled one, the method kept its time and
 *     only the others grew: {@link Cause#SHRUNK_BY_OTHERS}; else {@link Cause#MOVED}.
 * </ol>
 * Methods the instrumented run does not instrument are not rows: their sampled time is counted at their instrumented
 * caller, and listed apart ({@link #uninstrumented()}), so that nothing outside the probes is called perturbation.
 */
public final class Perturbation {

    /** Differences below this many percentage points are never laid to the probes. */
    public static final double MIN_POINTS = 0.5;
    /** A method is short when its self time a call is at most this many times the probe effect a call. */
    public static final double SHORT_CALLS = 4;
    /** Calls of its instrumented callees per call of its own from which a grown method is said to have lost inlining. */
    public static final double CALLEE_CALLS = 10;
    public static final long MIN_CALLEE_CALLS = 10_000;

    /** Why a method's share differs, probably. */
    public enum Cause {
        WITHIN_ERROR("within the sampling error"),
        PROBE_EFFECT_SHORT("probe effect on a short method"),
        PROBE_EFFECT("probe effect of its many calls"),
        LOST_INLINING("lost inlining / changed compilation around its callees"),
        CHANGED_COMPILATION("changed compilation (slower with probes than its calls' probe effect explains)"),
        SHRUNK_BY_OTHERS("undisturbed: smaller only as other methods grew"),
        MOVED("time moved to its callers or callees by the probes");

        private final String label;

        Cause(String label) { this.label = label; }

        public String label() { return label; }
    }

    /** One method of the instrumented run, beside its sampled figures. */
    public static final class Row {
        private final MethodInfo method;
        private final long calls;
        private final long instrumentedSelf;
        private final long sampledSelf;
        private final double instrumentedShare;
        private final double sampledShare;
        private final long probeEffect;
        private final long calleeCalls;
        private Cause cause;

        Row(MethodInfo method, long calls, long instrumentedSelf, long sampledSelf, double instrumentedShare,
            double sampledShare, long probeEffect, long calleeCalls) {
            this.method = method;
            this.calls = calls;
            this.instrumentedSelf = instrumentedSelf;
            this.sampledSelf = sampledSelf;
            this.instrumentedShare = instrumentedShare;
            this.sampledShare = sampledShare;
            this.probeEffect = probeEffect;
            this.calleeCalls = calleeCalls;
        }

        public MethodInfo method() { return method; }
        /** Its calls in the instrumented run. */
        public long calls() { return calls; }
        /** Its calibrated self time in the instrumented run, ns. */
        public long instrumentedSelf() { return instrumentedSelf; }
        /** Its self time in the sampled run (samples × interval, counted as instrumentation counts), ns. */
        public long sampledSelf() { return sampledSelf; }
        /** Its share of the instrumented self time, 0..1. */
        public double instrumentedShare() { return instrumentedShare; }
        /** Its share of the sampled self time in instrumented code, 0..1. */
        public double sampledShare() { return sampledShare; }
        /** Instrumented minus sampled share (+0.25: 25 percentage points more with probes). */
        public double difference() { return instrumentedShare - sampledShare; }
        /** The probe effect estimated in its self time, ns; -1 without an estimate. */
        public long probeEffect() { return probeEffect; }
        /** The calls of instrumented methods it made. */
        public long calleeCalls() { return calleeCalls; }
        public Cause cause() { return cause; }
    }

    /** A method the instrumented run does not see: its sampled self time (as the leaf of a stack), ns. */
    public static final class Unseen {
        private final MethodInfo method;
        private final long sampledSelf;

        Unseen(MethodInfo method, long sampledSelf) {
            this.method = method;
            this.sampledSelf = sampledSelf;
        }

        public MethodInfo method() { return method; }
        public long sampledSelf() { return sampledSelf; }
    }

    private final SnapshotInfo instrumentedInfo;
    private final SnapshotInfo sampledInfo;
    private final List<Row> rows;
    private final List<Unseen> uninstrumented;
    private final long instrumentedTotal;
    private final long instrumentedRawTotal;
    private final long sampledTotal;
    private final long sampledCommon;
    private final long sampledUnseenLeaves;
    private final long commonSamples;
    private final ProbeEffect effect;

    private Perturbation(SnapshotInfo instrumentedInfo, SnapshotInfo sampledInfo, List<Row> rows,
                         List<Unseen> uninstrumented, long instrumentedTotal, long instrumentedRawTotal,
                         long sampledTotal, long sampledCommon, long sampledUnseenLeaves, long commonSamples,
                         ProbeEffect effect) {
        this.instrumentedInfo = instrumentedInfo;
        this.sampledInfo = sampledInfo;
        this.rows = rows;
        this.uninstrumented = uninstrumented;
        this.instrumentedTotal = instrumentedTotal;
        this.instrumentedRawTotal = instrumentedRawTotal;
        this.sampledTotal = sampledTotal;
        this.sampledCommon = sampledCommon;
        this.sampledUnseenLeaves = sampledUnseenLeaves;
        this.commonSamples = commonSamples;
        this.effect = effect;
    }

    /** Whether a snapshot is an instrumented one (else sampled, or imported from a sampler). */
    public static boolean isInstrumented(SnapshotFile file) {
        return "instrumentation".equals(file.info().get(SnapshotInfo.MODE));
    }

    /**
     * The two profiles compared, given in either order: one instrumented, one sampled. The files stay the caller's
     * to close; the instrumented one is read with its calibrated times.
     *
     * @throws IllegalArgumentException when they are not one of each, or do not measure time
     */
    public static Perturbation of(SnapshotFile first, SnapshotFile second) throws IOException {
        boolean firstInstrumented = isInstrumented(first);
        if (firstInstrumented == isInstrumented(second)) {
            throw new IllegalArgumentException("both profiles are " + (firstInstrumented ? "instrumented" : "sampled")
                    + ": give one instrumented snapshot and one sampled profile of the same program");
        }
        SnapshotFile instrumented = firstInstrumented ? first : second;
        SnapshotFile sampled = firstInstrumented ? second : first;
        return compute(instrumented, sampled);
    }

    private static Perturbation compute(SnapshotFile instrumentedFile, SnapshotFile sampled) throws IOException {
        SnapshotFile instrumented = CalibratedValues.select(instrumentedFile, false);
        int calls = instrumented.metricIndex(Metric.CALLS.key());
        int self = timeMetric(instrumented, Metric.SELF_TIME.key(), "the instrumented snapshot");
        int rawSelf = instrumentedFile.metricIndex(Metric.RAW_SELF_TIME.key());
        if (calls < 0) throw new IllegalArgumentException("the instrumented snapshot has no calls");
        int sampledSelf = timeMetric(sampled, Metric.SELF_TIME.key(), "the sampled profile");
        int selfSamples = sampled.metricIndex(Metric.SELF_SAMPLES.key());

        // the instrumented run, per method: calls, self time, and the calls its instrumented callees got from it
        MethodTable methods = instrumented.methods();
        long[] iCalls = new long[methods.size()];
        long[] iSelf = new long[methods.size()];
        long total = 0;
        for (HotSpot h : HotSpots.compute(instrumented, instrumented.threads())) {
            iCalls[h.method().id()] = h.value(calls);
            iSelf[h.method().id()] = h.value(self);
            total += h.value(self);
        }
        long rawTotal = -1;
        if (rawSelf >= 0) {
            rawTotal = 0;
            for (HotSpot h : HotSpots.compute(instrumentedFile, instrumentedFile.threads())) rawTotal += h.value(rawSelf);
        }
        long[] calleeCalls = calleeCalls(instrumented, calls);

        // the sampled run, each sample at the deepest frame of a method the instrumented run has
        int[] toInstrumented = matchMethods(sampled.methods(), methods);
        long[] sSelf = new long[methods.size()];
        long[] unseenLeaf = new long[sampled.methods().size()];
        long[] sums = new long[4]; // all Java frames' self time, in instrumented code, at an unseen leaf, samples there
        attributeSamples(sampled, sampledSelf, selfSamples, toInstrumented, sSelf, unseenLeaf, sums);
        long common = sums[1];

        ProbeEffect effect = ProbeEffect.of(instrumented.stats(), instrumented.info());
        if (effect != null) effect = effect.on(instrumented.metrics());
        long effectTotal = 0;
        if (effect != null) for (int m = 0; m < iSelf.length; m++) effectTotal += effect.of(iCalls[m], iSelf[m]);

        long samples = selfSamples >= 0 ? sums[3] : 0;
        List<Row> rows = new ArrayList<>();
        long[] notGrown = new long[2]; // the self time of the methods whose share did not grow: instrumented, sampled
        for (int m = 0; m < methods.size(); m++) {
            if (iSelf[m] == 0 && sSelf[m] == 0) continue;
            Row r = new Row(methods.get(m), iCalls[m], iSelf[m], sSelf[m], share(iSelf[m], total), share(sSelf[m], common),
                    effect == null ? -1 : effect.of(iCalls[m], iSelf[m]), calleeCalls[m]);
            rows.add(r);
            if (r.difference() <= 0) {
                notGrown[0] += iSelf[m];
                notGrown[1] += sSelf[m];
            }
        }
        for (Row r : rows) r.cause = cause(r, effect, total, effectTotal, samples, notGrown);
        int[] rank = MethodRanks.bySignature(methods);
        rows.sort(Comparator.comparingDouble((Row r) -> Math.abs(r.difference())).reversed()
                .thenComparingInt(r -> rank[r.method.id()]));

        List<Unseen> unseen = new ArrayList<>();
        for (int m = 0; m < unseenLeaf.length; m++) {
            if (unseenLeaf[m] > 0) unseen.add(new Unseen(sampled.methods().get(m), unseenLeaf[m]));
        }
        unseen.sort(Comparator.comparingLong((Unseen u) -> u.sampledSelf).reversed()
                .thenComparing(u -> SnapshotComparison.key(u.method)));
        return new Perturbation(instrumented.info(), sampled.info(), rows, unseen, total, rawTotal, sums[0], common,
                sums[2], samples, effect);
    }

    /** The probable cause of a row's difference: the rules of the class comment, in their order. */
    private static Cause cause(Row r, ProbeEffect effect, long total, long effectTotal, long samples, long[] notGrown) {
        double d = r.difference();
        double p = Math.max(r.sampledShare, samples > 0 ? 1.0 / samples : 0);
        double error = samples > 0 ? 3 * Math.sqrt(p * (1 - p) / samples) : 0;
        if (Math.abs(d) < Math.max(error, MIN_POINTS / 100)) return Cause.WITHIN_ERROR;
        if (d < 0) {
            double among = share(r.instrumentedSelf, notGrown[0]) - share(r.sampledSelf, notGrown[1]);
            return Math.abs(among) <= Math.abs(d) / 2 ? Cause.SHRUNK_BY_OTHERS : Cause.MOVED;
        }
        if (effect != null && total > effectTotal) {
            double without = (double) (r.instrumentedSelf - r.probeEffect) / (total - effectTotal);
            if (Math.abs(without - r.sampledShare) <= d / 2) {
                boolean isShort = r.calls > 0 && (double) r.instrumentedSelf / r.calls <= SHORT_CALLS * effect.perCall();
                return isShort ? Cause.PROBE_EFFECT_SHORT : Cause.PROBE_EFFECT;
            }
        }
        boolean manyCallees = r.calleeCalls >= MIN_CALLEE_CALLS && r.calleeCalls >= CALLEE_CALLS * Math.max(1, r.calls);
        return manyCallees ? Cause.LOST_INLINING : Cause.CHANGED_COMPILATION;
    }

    private static double share(long part, long whole) {
        return whole > 0 ? (double) part / whole : 0;
    }

    private static int timeMetric(SnapshotFile file, String key, String which) {
        int k = file.metricIndex(key);
        if (k < 0 || file.metrics().get(k).unit() != Metric.Unit.NANOS) {
            String measured = file.info().get(SnapshotInfo.METRIC);
            throw new IllegalArgumentException(which + " has no self time" + (measured != null ? " (it measured "
                    + measured + ")" : "") + ": the perturbation report compares times");
        }
        return k;
    }

    /** For each sampled method id, the instrumented run's id of the same method, or -1. */
    private static int[] matchMethods(MethodTable sampled, MethodTable instrumented) {
        Map<String, Integer> byKey = new HashMap<>();
        Map<String, Integer> byName = new HashMap<>();
        for (int m = 0; m < instrumented.size(); m++) {
            MethodInfo info = instrumented.get(m);
            byKey.putIfAbsent(SnapshotComparison.key(info), m);
            byName.putIfAbsent(info.qualifiedName(), m);
        }
        int[] ids = new int[sampled.size()];
        for (int m = 0; m < ids.length; m++) {
            MethodInfo info = sampled.get(m);
            Integer id = info.descriptor().isEmpty() ? byName.get(info.qualifiedName()) : byKey.get(SnapshotComparison.key(info));
            ids[m] = id == null ? -1 : id;
        }
        return ids;
    }

    /**
     * Walks the sampled trees (all threads merged), giving each node's self time to the deepest instrumented method
     * on its path. {@code sums}: all self time of Java frames, the part with an instrumented frame, the part of that
     * whose own frame is not instrumented, and the self samples with an instrumented frame.
     */
    private static void attributeSamples(SnapshotFile sampled, int self, int selfSamples, int[] toInstrumented,
                                         long[] into, long[] unseenLeaf, long[] sums) throws IOException {
        int[] kept = selfSamples >= 0 ? new int[] {self, selfSamples} : new int[] {self};
        TreeWalk walk = new TreeWalk(sampled, sampled.threads(), TreeWalk.byMethod(sampled.methods().size()),
                MethodRanks.bySignature(sampled.methods()), kept, -1);
        int[][] owner = {new int[64]};
        walk.walk(new TreeWalk.Visitor() {
            @Override public boolean enter(TreeWalk.Node node, int depth) throws IOException {
                if (depth == 0) return true;
                if (depth >= owner[0].length) owner[0] = Arrays.copyOf(owner[0], depth * 2);
                int mine = toInstrumented[node.method()];
                int at = mine >= 0 ? mine : depth > 1 ? owner[0][depth - 1] : -1;
                owner[0][depth] = at;
                long time = node.value(self);
                sums[0] += time;
                if (at >= 0 && time != 0) {
                    into[at] += time;
                    sums[1] += time;
                    if (mine < 0) {
                        sums[2] += time;
                        unseenLeaf[node.method()] += time;
                    }
                    if (selfSamples >= 0) sums[3] += node.value(selfSamples);
                }
                return true;
            }
        });
    }

    /** Per instrumented method, the calls of the instrumented methods it called (all threads). */
    private static long[] calleeCalls(SnapshotFile instrumented, int calls) throws IOException {
        long[] out = new long[instrumented.methods().size()];
        TreeWalk walk = new TreeWalk(instrumented, instrumented.threads(), TreeWalk.byMethod(out.length),
                MethodRanks.bySignature(instrumented.methods()), new int[] {calls}, -1);
        int[][] path = {new int[64]};
        walk.walk(new TreeWalk.Visitor() {
            @Override public boolean enter(TreeWalk.Node node, int depth) throws IOException {
                if (depth == 0) return true;
                if (depth >= path[0].length) path[0] = Arrays.copyOf(path[0], depth * 2);
                path[0][depth] = node.method();
                if (depth > 1) out[path[0][depth - 1]] += node.value(calls);
                return true;
            }
        });
        return out;
    }

    /** Every method of the instrumented run with self time in either profile, the largest difference first. */
    public List<Row> rows() { return rows; }

    /** The sampled methods the instrumented run does not see, largest first: counted at their instrumented caller. */
    public List<Unseen> uninstrumented() { return uninstrumented; }

    public SnapshotInfo instrumentedInfo() { return instrumentedInfo; }
    public SnapshotInfo sampledInfo() { return sampledInfo; }

    /** The instrumented run's self time, all methods and threads: calibrated, ns. */
    public long instrumentedTotal() { return instrumentedTotal; }

    /** The same before calibration; -1 when the snapshot is not calibrated. */
    public long instrumentedRawTotal() { return instrumentedRawTotal; }

    /** The sampled run's time in Java frames, all threads, ns. */
    public long sampledTotal() { return sampledTotal; }

    /** The part of {@link #sampledTotal} with an instrumented method on the stack: the shares' basis. */
    public long sampledCommon() { return sampledCommon; }

    /** The part of {@link #sampledCommon} in methods the instrumented run does not instrument (counted at their caller). */
    public long sampledUninstrumented() { return sampledUnseenLeaves; }

    /** The self samples of {@link #sampledCommon}: what the sampling error is of; 0 when unknown. */
    public long samples() { return commonSamples; }

    /** The instrumented snapshot's probe effect estimate; null without one. */
    public ProbeEffect probeEffect() { return effect; }

    /** Instrumented against uninstrumented time of the same code (calibrated self time over sampled); NaN without. */
    public double slowdown() {
        return sampledCommon > 0 ? (double) instrumentedTotal / sampledCommon : Double.NaN;
    }

    @Override public String toString() {
        return String.format(Locale.ROOT, "Perturbation[%d rows, %.2fx]", rows.size(), slowdown());
    }
}
